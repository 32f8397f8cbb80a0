package collect

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/cache"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// fullTextServer replays the recorded fullTextXML answers
// (testdata/europepmc-fulltext) and the synthesised ones no recording
// exists for (403; 404 with a JSON body, also for a record flagged open
// access), counting requests and the most in flight at once.
type fullTextServer struct {
	*httptest.Server
	mu                    sync.Mutex
	requests, inFlight, n int
}

func newFullTextServer(t *testing.T) *fullTextServer {
	files := map[string]string{
		"PMC10710713": "catid-specialist__PMC10710713_fullTextXML.xml",
		"PMC7382548":  "catid-specialist__PMC7382548_fullTextXML.xml",
		"PMC13133655": "pyEuropePMC__PMC13133655_fullTextXML.xml",
		"PMC5753237":  "just-dna-compiler__PMC5753237_fullTextXML.xml",
	}
	am500 := readTestdata(t, "europepmc-fulltext", "literature-pipeline__PMC11903078_fullTextXML_500.json")
	s := &fullTextServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests++
		s.n++
		s.inFlight = max(s.inFlight, s.n)
		s.mu.Unlock()
		defer func() { s.mu.Lock(); s.n--; s.mu.Unlock() }()
		time.Sleep(20 * time.Millisecond) // so that concurrent fetches overlap
		id := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/"), "/fullTextXML")
		switch {
		case files[id] != "":
			w.Header().Set("Content-Type", "application/xml")
			w.Write(readTestdata(t, "europepmc-fulltext", files[id]))
		case id == "PMC11903078": // recorded: an author manuscript's 500
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			w.Write(am500)
		case id == "PMC403": // synthesised
			w.WriteHeader(http.StatusForbidden)
		default: // synthesised 404 with a JSON body
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"status":404,"error":"Not Found"}`))
		}
	}))
	t.Cleanup(s.Close)
	return s
}

func fullTextHit(doi, pmcid, title string, open bool) oracles.Hit {
	return oracles.Hit{Record: oracles.Record{DOI: doi, PMCID: pmcid, Title: title, Abstract: "Nerve entrapment was studied in patients. " + title, OpenAccess: open}}
}

// TestCollectFullTexts: the top K open-access entries get their full
// texts, fetched concurrently within the bound; every "no full text" form
// (500 JSON, 403, 404 JSON, 404 for a record flagged open access) is "not
// checked" with its reason, never an error; a record not flagged open
// access is not asked; the ledger keeps sections (path, kind, hash) and
// passages, and the full texts are kept by content hash in the cache.
func TestCollectFullTexts(t *testing.T) {
	srv := newFullTextServer(t)
	client := europepmc.New(europepmc.Options{BaseURL: srv.URL, HTTPOptions: oracletest.FastOptions(europepmc.Name)})
	store, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	ft, ok := cache.WrapFullText(client, cache.Options{Store: store})
	if !ok {
		t.Fatal("europepmc serves no full text")
	}
	hits := []oracles.Hit{
		fullTextHit("10.1097/pr9.0000000000000829", "PMC7382548", "Entrapment neuropathies", true),
		fullTextHit("10.1/b", "PMC11903078", "An author manuscript about nerve entrapment", true),
		fullTextHit("10.1/c", "PMC403", "A forbidden nerve entrapment paper", true),
		fullTextHit("10.1/d", "PMC999", "Flagged open access, no nerve entrapment full text", true),
		fullTextHit("10.1/e", "PMC5753237", "Not flagged open access, nerve entrapment", false),
		fullTextHit("10.1186/s13049-023-01164-z", "PMC10710713", "Suspension syndrome and nerve entrapment", true),
	}
	opts := testOptions(t)
	opts.FullText, opts.FullTextTop, opts.FullTextConcurrency = ft, 5, 2
	opts.MaxTotalChars = 1 << 20
	l, err := build(context.Background(), contract.Lead{Topic: "nerve entrapment"}, hits, "europepmc", opts.withDefaults())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]*contract.FullText{}
	for _, e := range l.Entries {
		got[e.PMCID] = e.FullText
	}
	for _, id := range []string{"PMC7382548", "PMC10710713"} {
		f := got[id]
		if !f.Checked() || f.Form != "body-only" || len(f.Sections) < 10 || !strings.HasPrefix(f.Hash, "sha256:") || f.License == "" {
			t.Errorf("%s: %+v", id, f)
			continue
		}
		if body, ok, err := store.FullTextByHash(context.Background(), f.Hash); err != nil || !ok || oracles.ContentHash(body) != f.Hash {
			t.Errorf("%s: full text not in the cache by its hash (%v, %v)", id, ok, err)
		}
	}
	for id, want := range map[string]string{"PMC11903078": "unavailable:", "PMC403": "no full text:", "PMC999": "no full text:"} {
		if f := got[id]; f == nil || f.Status != contract.FullTextNotChecked || !strings.HasPrefix(f.Reason, want) {
			t.Errorf("%s: %+v, want not checked, %s", id, f, want)
		}
	}
	if got["PMC5753237"] != nil {
		t.Errorf("a record not flagged open access was asked: %+v", got["PMC5753237"])
	}
	// Five full texts asked (the top five open access), the 500 retried
	// by the client's own policy; two at a time.
	if srv.requests < 5 || srv.inFlight != 2 {
		t.Errorf("%d requests, %d in flight at most; want at least 5 (top 5 open access), 2 at once", srv.requests, srv.inFlight)
	}
	var passages int
	for _, e := range l.Entries {
		for _, p := range e.Passages {
			passages++
			if p.Section == "" || p.Kind == "" || p.Text == "" || strings.Contains(e.Abstract, p.Text) {
				t.Errorf("%s: passage %+v", e.ID, p)
			}
		}
		if len(e.Passages) > DefaultMaxPassages {
			t.Errorf("%s: %d passages", e.ID, len(e.Passages))
		}
	}
	if passages == 0 {
		t.Error("no passage shown to the writer")
	}
	// A second collection is served from the cache: no request.
	before := srv.requests
	if _, err := build(context.Background(), contract.Lead{Topic: "nerve entrapment"}, hits[:1], "europepmc", opts.withDefaults()); err != nil {
		t.Fatal(err)
	}
	if srv.requests != before {
		t.Errorf("%d requests for a cached full text", srv.requests-before)
	}
}

// TestPassagesWithinBudget: passages never push the ledger past
// MaxTotalChars; those left out are whole and noted.
func TestPassagesWithinBudget(t *testing.T) {
	srv := newFullTextServer(t)
	client := europepmc.New(europepmc.Options{BaseURL: srv.URL, HTTPOptions: oracletest.FastOptions(europepmc.Name)})
	opts := testOptions(t)
	opts.FullText = client
	hit := fullTextHit("10.1097/pr9.0000000000000829", "PMC7382548", "Entrapment neuropathies", true)
	opts.MaxTotalChars = len([]rune(contract.SourceText(hit.Record.Title, hit.Record.Abstract))) + 800
	l, err := build(context.Background(), contract.Lead{Topic: "nerve entrapment"}, []oracles.Hit{hit}, "europepmc", opts.withDefaults())
	if err != nil {
		t.Fatal(err)
	}
	size := 0
	for _, e := range l.Entries {
		size += len([]rune(e.Text()))
		for _, p := range e.Passages {
			size += len([]rune(p.Text))
		}
	}
	if size > opts.MaxTotalChars {
		t.Errorf("ledger holds %d characters, budget %d", size, opts.MaxTotalChars)
	}
	if !strings.Contains(strings.Join(l.Notes, "\n"), "did not fit the prompt budget") {
		t.Errorf("no note of the passages left out: %q", l.Notes)
	}
}

// TestSelectPassagesResultsFirst: with a topic, matching results and
// tables come before matching background, at most n, whole sentences.
func TestSelectPassagesResultsFirst(t *testing.T) {
	secs := []contract.TextSection{
		{Path: "abstract", Kind: contract.SectionAbstract, Text: "Screening works well in the abstract, as everyone knows."},
		{Path: "body › 1 Introduction", Kind: contract.SectionBackground, Text: "Screening is widely studied and has a long history in medicine."},
		{Path: "body › 3 Results", Kind: contract.SectionResults, Text: "Screening reduced mortality by 20% in the screened arm of the trial."},
		{Path: "table 1", Kind: contract.SectionTable, Text: "Outcomes of screening by arm and year of follow-up."},
		{Path: "body › 2 Methods", Kind: contract.SectionMethods, Text: "Participants were randomised to two arms by a computer."},
	}
	got := selectPassages(secs, "Title\n\nScreening works well in the abstract, as everyone knows.", []string{"screening"}, 2, 700)
	if len(got) != 2 || got[0].Section+got[1].Section != "body › 3 Resultstable 1" && got[0].Section+got[1].Section != "table 1body › 3 Results" {
		t.Errorf("got %+v, want the results and the table", got)
	}
	// The part of an abstract the ledger cut is a candidate; what the
	// writer sees already is not shown twice.
	cut := selectPassages(secs[:1], "Title", []string{"screening"}, 2, 700)
	if len(cut) != 1 || cut[0].Section != "abstract" {
		t.Errorf("an abstract past the cut: %+v", cut)
	}
	long := strings.Repeat("Nothing here at all to see. ", 30) + "Screening reduced mortality. " + strings.Repeat("More filler words here. ", 30)
	p := fitSentences(long, []string{"screening"}, 100)
	if !strings.Contains(p, "Screening reduced mortality.") || len([]rune(p)) > 100 || !strings.HasSuffix(p, ".") {
		t.Errorf("fitSentences = %q", p)
	}
}

// TestPassagesForAClaim: passages for a claim being repaired come from the
// sections in memory; none for a full text not read, or read back from
// JSON without its texts.
func TestPassagesForAClaim(t *testing.T) {
	body := readTestdata(t, "europepmc-fulltext", "pyEuropePMC__PMC13133655_fullTextXML.xml")
	ft := ReadFullText(oracles.FullText{ID: "PMC13133655", Body: body})
	e := contract.Entry{FullText: ft}
	got := PassagesFor(e, "detection limits of geosmin by PTR-MS against GC–MS", 2, 700)
	if len(got) == 0 || len(got) > 2 {
		t.Fatalf("passages %+v", got)
	}
	for _, p := range got {
		if p.Kind != contract.SectionResults && p.Kind != contract.SectionTable {
			t.Errorf("passage from %s (%s), want results or a table first", p.Section, p.Kind)
		}
	}
	stripped := *ft
	stripped.Sections = append([]contract.TextSection(nil), ft.Sections...)
	for i := range stripped.Sections {
		stripped.Sections[i].Text = ""
	}
	if got := PassagesFor(contract.Entry{FullText: &stripped}, "geosmin", 2, 700); got != nil {
		t.Errorf("passages from sections not in memory: %+v", got)
	}
	if got := PassagesFor(contract.Entry{}, "geosmin", 2, 700); got != nil {
		t.Errorf("passages without a full text: %+v", got)
	}
}

// A full text is read as the cited article's only when its front matter
// names that article, by its DOI or its PMCID, and names no other: a body
// served for another article (a PMCID swapped in a sources file, a mirror
// that answers with the wrong paper) or one that names none is not
// checked, so none of its words can back a quote.
func TestFullTextMustNameItsArticle(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("..", "testdata", "europepmc-fulltext", "catid-specialist__PMC7382548_fullTextXML.xml"))
	if err != nil {
		t.Fatal(err)
	}
	const ownDOI = "10.1097/pr9.0000000000000829"
	noIDs := regexp.MustCompile(`(?s)<article-id[^>]*>.*?</article-id>`).ReplaceAll(body, nil)
	tests := []struct {
		name, doi, id string
		body          []byte
		checked       bool
	}{
		{"its own DOI and PMCID", ownDOI, "PMC7382548", body, true},
		{"its own DOI in another case", strings.ToUpper(ownDOI), "PMC7382548", body, true},
		{"its own PMCID, the record without a DOI", "", "PMC7382548", body, true},
		{"another article's DOI", "10.1002/hpja.70059", "PMC7382548", body, false},
		{"asked for another PMCID", ownDOI, "PMC12120539", body, false},
		{"front matter without identifiers", ownDOI, "PMC7382548", noIDs, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ft := ReadFullTextOf(oracles.FullText{ID: tt.id, Body: tt.body, Oracle: "europepmc"}, tt.doi)
			if ft.Checked() != tt.checked {
				t.Fatalf("checked = %v (%s), want %v", ft.Checked(), ft.Reason, tt.checked)
			}
			if !tt.checked && (len(ft.Sections) > 0 || ft.Reason == "") {
				t.Errorf("not checked, yet %d sections and reason %q", len(ft.Sections), ft.Reason)
			}
		})
	}
}
