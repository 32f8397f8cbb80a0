package verify_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
)

// Every brief format carries the provenance a reader needs: the query, the
// hits, the exclusions, oracles, models, version, digests and time, and per
// reference its PMID, PMCID, links, type and year.
func TestProvenanceInEveryFormat(t *testing.T) {
	dir := writeBrief(t, nil)
	var b struct {
		Stamp      contract.Stamp   `json:"stamp"`
		Provenance brief.Provenance `json:"provenance"`
		References []struct {
			DOI       string   `json:"doi"`
			PMID      string   `json:"pmid"`
			PMCID     string   `json:"pmcid"`
			EuropePMC string   `json:"europepmc_url"`
			PubTypes  []string `json:"pub_types"`
			Year      int      `json:"year"`
		} `json:"references"`
	}
	readJSON(t, filepath.Join(dir, "brief.json"), &b)
	l := ledgerOf(t, dir)
	p := b.Provenance
	if p.Query == "" || p.Query != l.Query || p.Hits != l.Hits || p.Hits == 0 || len(p.Excluded) == 0 || p.Version == "" {
		t.Errorf("brief.json provenance %+v, want the ledger's query, hits and exclusions and a version", p)
	}
	if len(p.Models) != 2 || p.Models[0].Provider != "offline" || len(p.Oracles) == 0 {
		t.Errorf("brief.json provenance models %+v oracles %v", p.Models, p.Oracles)
	}
	if len(b.References) == 0 {
		t.Fatal("no references")
	}
	for _, r := range b.References {
		e, _ := l.ByDOI(r.DOI)
		if r.PMID != e.PMID || r.PMCID != e.PMCID || r.Year != e.Year || len(r.PubTypes) != len(e.PubTypes) || !strings.HasPrefix(r.EuropePMC, "https://europepmc.org/") {
			t.Errorf("reference %+v does not carry its ledger entry's ids %+v", r, e)
		}
	}
	want := []string{"Europe PMC query", "Hits", strconv.Itoa(p.Hits), "Excluded", "Oracles", "snapshot", "Models", "offline/extractive",
		"citeloop version", "Checked at", "2026-11-29T12:00:00Z", "Oracle answers", b.Stamp.LedgerDigest, b.Stamp.DraftDigest, b.Stamp.LeadDigest, "unsigned",
		"PMID " + b.References[0].PMID, "https://europepmc.org/article/MED/" + b.References[0].PMID, "https://doi.org/" + b.References[0].DOI}
	for _, name := range []string{"brief.md", "brief.html"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(string(data), w) {
				t.Errorf("%s lacks %q", name, w)
			}
		}
	}
	html, _ := os.ReadFile(filepath.Join(dir, "brief.html"))
	if !strings.Contains(string(html), `<a class="ref" href="#ref-1">[1]</a>`) {
		t.Error("brief.html: [1] does not link to #ref-1")
	}
}
