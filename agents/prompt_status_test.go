package agents

import (
	"strings"
	"testing"

	"github.com/citeloop/citeloop/contract"
)

func TestSourceBlocksMarkRetractedAndPreprints(t *testing.T) {
	var b strings.Builder
	writeSources(&b, []contract.Entry{
		{ID: "S1", DOI: "10.1234/ok", Title: "Fine"},
		{ID: "S2", DOI: "10.1234/gone", Title: "Gone", Retracted: true},
		{ID: "S3", DOI: "10.1234/ppr", Title: "Early", Preprint: true},
	})
	got := b.String()
	for _, want := range []string{
		`<source id="S1" doi="10.1234/ok">`,
		`<source id="S2" doi="10.1234/gone" status="retracted: do not cite">`,
		`<source id="S3" doi="10.1234/ppr" status="preprint, not peer reviewed">`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("source blocks lack %s:\n%s", want, got)
		}
	}
}
