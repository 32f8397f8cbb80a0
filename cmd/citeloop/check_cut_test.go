package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/check"
)

// TestCheckReportsATokenWholeNotACutDOI: "10.1111/bjhp.12807‑2" (U+2011)
// is one invalid token, never the corpus DOI 10.1111/bjhp.12807 found, in
// plain text and Markdown.
func TestCheckReportsATokenWholeNotACutDOI(t *testing.T) {
	for _, text := range []string{
		"Cited as 10.1111/bjhp.12807\u20112 in the draft.\n",
		"- [paper](https://doi.org/10.1111/bjhp.12807\u20112)\n",
		"**doi:10.1111/bjhp.12807\u20132**\n",
	} {
		code, stdout, _, err := runCheckCLI(t, nil, text, "check", "--offline", "--json", "-")
		if code != exitNotVerified {
			t.Fatalf("%q: exit %d (%v)\n%s", text, code, err, stdout)
		}
		var rep checkReport
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
			t.Fatal(err)
		}
		if len(rep.DOIs) != 1 || rep.DOIs[0].Verdict != check.VerdictInvalid || !strings.HasPrefix(rep.DOIs[0].DOI, "10.1111/bjhp.12807\u2011") && !strings.HasPrefix(rep.DOIs[0].DOI, "10.1111/bjhp.12807\u2013") || rep.Summary[check.VerdictFound] != 0 {
			t.Errorf("%q: report %+v, want the whole token as invalid", text, rep.DOIs)
		}
	}
}
