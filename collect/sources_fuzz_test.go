package collect

import (
	"testing"

	"github.com/citeloop/citeloop/doi"
)

// FuzzParseSources feeds arbitrary files to every format: parsing never
// panics and every DOI it returns is valid and normalised.
func FuzzParseSources(f *testing.F) {
	f.Add("refs.bib", "@article{a, title={T {\\\"o}}, doi = \"10.1002/x\", year=2020}")
	f.Add("refs.bib", "@misc(b, url={https://doi.org/10.1/x}, author={A and B}")
	f.Add("refs.ris", "TY  - JOUR\nDO  - 10.1088/1748-9326/ab28b0\nER  - \n")
	f.Add("refs.txt", "10.1016/j.molcel.2019.07.008\n%zz\n")
	f.Add("refs.json", `[{"DOI":"DOI 10.1/abcd","issued":{"date-parts":[[2020]]}}]`)
	f.Add("refs.jsonl", `{"doi":"10.12345/x%2"}`)
	f.Fuzz(func(t *testing.T, name, data string) {
		docs, _, err := parseSources(name, []byte(data))
		if err != nil {
			return
		}
		for _, d := range docs {
			if d.Record.DOI == "" {
				continue
			}
			if n, err := doi.Normalize(d.Record.DOI); err != nil || n != d.Record.DOI {
				t.Fatalf("DOI %q is not normalised (%q, %v)", d.Record.DOI, n, err)
			}
		}
	})
}
