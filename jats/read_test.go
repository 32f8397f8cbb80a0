package jats

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden section texts")

// fixtures are the recorded Europe PMC fullTextXML responses
// (testdata/europepmc-fulltext/PROVENANCE.txt).
var fixtures = []struct {
	file string
	want Article // front matter only; sections are in the golden file
}{
	{"catid-specialist__PMC10710713_fullTextXML.xml", Article{Form: BodyOnly, ArticleType: "review-article",
		Title:   "Suspension syndrome: a scoping review and recommendations from the International Commission for Mountain Emergency Medicine (ICAR MEDCOM)",
		Authors: []string{"Rauch S", "Lechner R", "Strapazzon G", "Mortimer RB", "Ellerton J", "Skaiaa SC", "Huber T", "Brugger H", "Pasquier M", "Paal P"},
		Journal: "Scandinavian Journal of Trauma, Resuscitation and Emergency Medicine", Year: 2023,
		DOI: "10.1186/s13049-023-01164-z", PMID: "38071341", PMCID: "PMC10710713", License: "https://creativecommons.org/licenses/by/4.0/"}},
	{"catid-specialist__PMC7382548_fullTextXML.xml", Article{Form: BodyOnly, ArticleType: "research-article",
		Title:   "Entrapment neuropathies: a contemporary approach to pathophysiology, clinical assessment, and management",
		Authors: []string{"Schmid AB", "Fundaun J", "Tampin B"},
		Journal: "Pain Reports", Year: 2020,
		DOI: "10.1097/pr9.0000000000000829", PMID: "32766466", PMCID: "PMC7382548", License: "http://creativecommons.org/licenses/by/4.0/"}},
	{"pyEuropePMC__PMC13133655_fullTextXML.xml", Article{Form: WithBack, ArticleType: "research-article",
		Title:   "Fast and Sensitive Measurement of Off‐Flavors in Recirculating Aquaculture Systems",
		Authors: []string{"Noguera PM", "Holt S", "Podduturi R", "Bredie WLP", "Beauchamp JD", "Petersen MA"},
		Journal: "Rapid Communications in Mass Spectrometry", Year: 2026,
		DOI: "10.1002/rcm.70085", PMID: "42063337", PMCID: "PMC13133655", License: "https://creativecommons.org/licenses/by/4.0/"}},
	{"just-dna-compiler__PMC5753237_fullTextXML.xml", Article{Form: WithBack, ArticleType: "research-article",
		Title: "ClinVar: improving access to variant interpretations and supporting evidence",
		Authors: []string{"Landrum MJ", "Lee JM", "Benson M", "Brown GR", "Chao C", "Chitipiralla S", "Gu B", "Hart J", "Hoffman D", "Jang W",
			"Karapetyan K", "Katz K", "Liu C", "Maddipatla Z", "Malheiro A", "McDaniel K", "Ovetsky M", "Riley G", "Zhou G", "Holmes J",
			"Kattman BL", "Maglott DR"},
		Journal: "Nucleic Acids Research", Year: 2018,
		DOI: "10.1093/nar/gkx1153", PMID: "29165669", PMCID: "PMC5753237", License: "us-gov"}},
}

func readFixture(t testing.TB, file string) Article {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "europepmc-fulltext", file))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return a
}

// golden renders an article's sections as the golden files hold them.
func golden(a Article) string {
	var b strings.Builder
	for _, s := range a.Sections {
		fmt.Fprintf(&b, "=== %s [%s, %s] %s\n%s\n", s.Path, s.Part, s.Kind, s.Hash(), s.Text)
		if s.Raw != s.Text {
			fmt.Fprintf(&b, "--- raw\n%s\n", s.Raw)
		}
	}
	return b.String()
}

func TestReadFixtures(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.file, func(t *testing.T) {
			a := readFixture(t, f.file)
			front := a
			front.Sections = nil
			if d := cmp.Diff(f.want, front); d != "" {
				t.Errorf("front matter (-want +got):\n%s", d)
			}
			path := filepath.Join("testdata", strings.TrimSuffix(f.file, ".xml")+".golden")
			got := golden(a)
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("sections differ from %s (go test ./jats -update rewrites it)", path)
			}
		})
	}
}
