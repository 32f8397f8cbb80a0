package check_test

import (
	"context"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/check"
)

// A document its reader cannot read whole is an invalid row naming why,
// so the file fails even when the text scan still finds a DOI in it.
func TestUnreadableDocumentIsARow(t *testing.T) {
	cff := "cff-version: 1.2.0\nreferences:\n- title: One\n  doi: 10.5555/one.1\n---\nreferences:\n- title: Two\n"
	rep := checker(nil).Check(context.Background(), []check.Document{{Name: "CITATION.cff", Text: cff}})
	if rep.Summary[check.VerdictInvalid] != 1 || rep.Status() == check.AllFound {
		t.Fatalf("summary %v, status %v; want one invalid row", rep.Summary, rep.Status())
	}
	found := false
	for _, r := range rep.DOIs {
		if r.Verdict == check.VerdictInvalid && strings.Contains(r.Error, "second YAML document") {
			found = true
		}
	}
	if !found {
		t.Errorf("no row says why: %+v", rep.DOIs)
	}
}
