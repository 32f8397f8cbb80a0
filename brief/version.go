package brief

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
)

// sources are this package's Go files, embedded so that the renderer's
// version is derived from its code, never maintained by hand.
//
//go:embed *.go
var sources embed.FS

// RendererVersion names the renderer that writes a brief's files: a digest
// of this package's code (its Go files, tests left out) and of what it
// renders for a fixed brief, which also moves when a package it renders
// through changes (contract's JSON, html/template, encoding/json). Any
// change to how a brief is rendered changes it. A brief records it in its
// stamp; verify renders a brief again only with the same version, and
// otherwise relies on the signed digests.
func RendererVersion() string { return rendererVersion() }

var rendererVersion = sync.OnceValue(func() string {
	h := sha256.New()
	names, _ := fs.Glob(sources, "*.go")
	slices.Sort(names)
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		data, _ := sources.ReadFile(n)
		h.Write([]byte(n + "\x00"))
		h.Write(data)
	}
	files, err := Render([]Format{Markdown, JSON, HTML, BibTeX, RIS, CSL}, versionFixture())
	if err != nil {
		h.Write([]byte("fixture: " + err.Error()))
	}
	for _, f := range files {
		h.Write([]byte(f.Name + "\x00"))
		h.Write(f.Data)
	}
	return "render/" + hex.EncodeToString(h.Sum(nil))[:16]
})

// versionFixture is a brief that exercises what the renderers do: every
// character the escapers treat, a preprint, a quote that differs from its
// claim, a cached oracle answer, provenance and a signed stamp.
func versionFixture() Content {
	at := time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC)
	nasty := "A *b* _c_ [d](e) <f g=\"h\"> & 'i' #j |k| \\l `m` \r\n\tn ü ß 𝔘 \u00a0 \u200b </script> {{.x}}"
	e1 := contract.Entry{ID: "S1", DOI: "10.1234/abc(1)", PMID: "123", PMCID: "PMC9", Title: "Title " + nasty, Authors: []string{"Smith AB", "Ünal C", "O'Neil D", "Roe E"},
		Journal: "J " + nasty, Year: 2024, Abstract: "Screening uptake rose by 12% in 2023 among adults. " + nasty, PubTypes: []string{"Journal Article"},
		Origin: "europepmc", RetrievedAt: at}
	e2 := contract.Entry{ID: "S2", DOI: "10.5555/x_y", Title: "A preprint", Abstract: "Second source text with five words or more.", Preprint: true, Origin: "file:refs.bib", RetrievedAt: at}
	e1.Seal()
	e2.Seal()
	ledger := contract.Ledger{Lead: contract.Lead{Topic: "screening " + nasty}, Entries: []contract.Entry{e1, e2},
		Excluded: map[string]int{"no_doi": 2, "unknown": 1}, Query: `TITLE:"x" AND (y)`, Hits: 9, Notes: []string{"note " + nasty}, Unknown: "1 source unknown offline"}
	draft := contract.Draft{Title: "Brief " + nasty, Sections: []contract.Section{{Heading: "H " + nasty, Claims: []contract.Claim{
		{ID: "C1", Text: "Uptake rose " + nasty, Citations: []contract.Citation{{DOI: e1.DOI, Quote: "Screening uptake rose by 12% in 2023 among adults."}, {DOI: e2.DOI, Quote: "Second source text with five words or more."}}},
		{ID: "C2", Text: "Second source text with five words or more.", Citations: []contract.Citation{{DOI: e2.DOI, Quote: "Second source text with five words or more."}}},
	}}}}
	verdict := gates.Verdict{Verified: true, Failures: []contract.Diagnostic{}, Citations: 3, Claims: 2, CheckedAt: at, DraftDigest: draft.Digest(), LedgerDigest: ledger.Digest(),
		Quotes: []gates.QuoteCheck{
			{ClaimID: "C1", Citation: 0, DOI: e1.DOI, Source: "Screening uptake rose by 12% in 2023 among adults.", CheckedAgainst: gates.CheckedOracle, Oracle: "europepmc", TextDiffers: true, CachedAt: at.Add(-50 * time.Hour)},
			{ClaimID: "C1", Citation: 1, DOI: e2.DOI, Source: "Second source text with five words or more.", CheckedAgainst: gates.CheckedFile},
		}}
	stamp := contract.NewStamp(draft.Digest(), ledger.Digest(), ledger.Lead.Digest(), at).WithFiles("fixture", "ed25519:fixture", []contract.FileDigest{{Name: "x", SHA256: "y"}})
	stamp.Signature = "c2lnbmF0dXJl"
	return Content{Draft: draft, Ledger: ledger, Verdict: verdict, Stamp: stamp,
		Metrics: contract.Metrics{Sources: 2, StartedAt: at, Duration: 1500 * time.Millisecond},
		Provenance: Provenance{Query: ledger.Query, Hits: 9, Excluded: ledger.Excluded, Oracles: []string{"europepmc", "crossref"}, Policy: "any_of",
			Models: []Model{{Role: "writer", Provider: "gemini", Name: "m " + nasty}}, Version: "v1.2.3 " + nasty}}
}
