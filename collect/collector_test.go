package collect

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/leads"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/snapshot"
	"github.com/citeloop/citeloop/pipeline"
)

var (
	_ pipeline.Collector = (*SearchCollector)(nil)
	_ pipeline.Collector = (*FileCollector)(nil)
)

func TestCollectEuropePMCPagingAndExclusions(t *testing.T) {
	rp := &replay{pages: [][]byte{
		readTestdata(t, "europepmc", "pyEuropePMC__search_cancer_core.json"),  // has nextCursorMark
		readTestdata(t, "europepmc", "bx-scholar-mcp__europepmc_by_doi.json"), // last page: none
	}}
	opts := testOptions(t)
	opts.MaxSources = 30
	opts.MaxTotalChars = 1 << 20
	c := NewSearchCollector(newEuropePMC(t, rp), opts)
	// The recorded answer is for the OR query: --any.
	lead := contract.Lead{Topic: "cancer screening", Since: "2019-01-01", AnyTopicWord: true}

	l, err := c.Collect(context.Background(), lead)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(rp.cursors), 2; got != want {
		t.Fatalf("requests = %d, want %d (cursors %q)", got, want, rp.cursors)
	}
	if got, want := rp.cursors[1], "AoIIP4ZawSg1MzEyODI1MA=="; got != want {
		t.Errorf("second cursorMark = %q, want %q", got, want)
	}
	wantQuery := `("cancer" OR "screening") AND FIRST_PDATE:[2019-01-01 TO 9999-12-31]`
	for i, q := range rp.queries {
		if q != wantQuery || rp.resTypes[i] != "core" {
			t.Errorf("request %d: query %q resultType %q, want %q core", i, q, rp.resTypes[i], wantQuery)
		}
	}
	// 26 records: one without DOI, two errata (a "Department of Error." and
	// a "Correction:"), 23 citable.
	if got, want := l.Excluded, map[string]int{ExcludedNoDOI: 1, ExcludedErratum: 2}; !equalCounts(got, want) {
		t.Errorf("excluded = %v, want %v", got, want)
	}
	if got, want := len(l.Entries), 23; got != want {
		t.Errorf("entries = %d, want %d", got, want)
	}
	if _, ok := l.ByDOI("10.1016/j.molcel.2019.07.008"); !ok {
		t.Error("record of the second page is missing")
	}
	if _, ok := l.ByDOI("10.1016/s0140-6736(24)02716-8"); ok {
		t.Error("erratum was kept")
	}
	// The two screening papers rank first.
	for i, want := range []string{"10.1002/hpja.70059", "10.1002/hpja.70052"} {
		if l.Entries[i].DOI != want {
			t.Errorf("S%d = %s, want %s", i+1, l.Entries[i].DOI, want)
		}
	}
	assertNotes(t, l, "europepmc: 26 record(s)", "had no DOI", "PMID", "errata")
	for i, e := range l.Entries {
		if e.ID != "S"+strconv.Itoa(i+1) || e.Origin != "europepmc" || !e.RetrievedAt.Equal(fixedNow) {
			t.Errorf("entry %d: id %s origin %s at %v", i, e.ID, e.Origin, e.RetrievedAt)
		}
		sealed := e
		sealed.Seal()
		if e.ContentHash == "" || sealed.ContentHash != e.ContentHash {
			t.Errorf("%s: content hash %q does not match its text", e.ID, e.ContentHash)
		}
		if strings.Contains(e.Abstract, "<h4>") {
			t.Errorf("%s: abstract keeps markup", e.ID)
		}
	}
}

func TestCollectEuropePMCRetracted(t *testing.T) {
	body := readTestdata(t, "europepmc", "europepmc-evidence-mcp__search_retracted_core.json")
	tests := []struct {
		name          string
		include       bool
		wantEntries   int
		wantExcluded  map[string]int
		wantRetracted bool
	}{
		{name: "excluded by default", wantExcluded: map[string]int{ExcludedRetracted: 2}},
		{name: "included when asked", include: true, wantEntries: 2, wantRetracted: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Serve the first page only: strip the cursor so paging ends.
			rp := &replay{pages: [][]byte{response(t, "", records(t, body)...)}}
			opts := testOptions(t)
			opts.IncludeRetracted = tt.include
			c := NewSearchCollector(newEuropePMC(t, rp), opts)
			l, err := c.Collect(context.Background(), contract.Lead{Topic: "suicide prevention"})
			if err != nil {
				t.Fatal(err)
			}
			if len(l.Entries) != tt.wantEntries || !equalCounts(l.Excluded, tt.wantExcluded) {
				t.Fatalf("entries %d excluded %v, want %d and %v", len(l.Entries), l.Excluded, tt.wantEntries, tt.wantExcluded)
			}
			for _, e := range l.Entries {
				if e.Retracted != tt.wantRetracted {
					t.Errorf("%s: retracted = %v", e.DOI, e.Retracted)
				}
			}
			if !tt.include {
				assertNotes(t, l, "are retracted", "10.3928/02793695-20260701-01")
			}
		})
	}
}

// published builds the journal version of the recorded Open Research Europe
// preprint (PPR1303372, "Preprint of" MED 42732137). Europe PMC holds such a
// pair as two records; this one is constructed from the preprint: source
// MED, id 42732137, a journal DOI, pubType "Journal Article", a "Preprint in"
// link back, and a shorter abstract so that the choice is not by length.
func published(t testing.TB, preprint json.RawMessage, link bool, title string) json.RawMessage {
	return edit(t, preprint, func(m map[string]any) {
		m["id"], m["source"], m["pmid"] = "42732137", "MED", "42732137"
		m["doi"] = "10.12688/openreseurope.23222.3"
		m["pubTypeList"] = map[string]any{"pubType": []string{"Journal Article"}}
		m["abstractText"] = "A shorter journal abstract about artificial intelligence in urban mobility."
		if title != "" {
			m["title"] = title
		}
		delete(m, "commentCorrectionList")
		if link {
			m["commentCorrectionList"] = map[string]any{"commentCorrection": []map[string]any{
				{"source": "PPR", "id": "PPR1303372", "type": "Preprint in"},
			}}
		}
	})
}

func TestCollectMergesPreprintWithPublished(t *testing.T) {
	pre := records(t, readTestdata(t, "europepmc", "bx-scholar-mcp__europepmc_preprint.json"))[0]
	unlinked := edit(t, pre, func(m map[string]any) { delete(m, "commentCorrectionList") })
	tests := []struct {
		name  string
		give  []json.RawMessage
		merge bool
	}{
		{name: "by Europe PMC link, titles differ", give: []json.RawMessage{pre, published(t, pre, false, "AI in urban mobility: a mapping review")}, merge: true},
		{name: "by published link back", give: []json.RawMessage{unlinked, published(t, unlinked, true, "AI in urban mobility: a mapping review")}, merge: true},
		{name: "by normalised title", give: []json.RawMessage{unlinked, published(t, unlinked, false, "Mapping the Adoption of Artificial Intelligence in Urban Mobility.")}, merge: true},
		{name: "unrelated records stay", give: []json.RawMessage{unlinked, published(t, unlinked, false, "Something else entirely about cities")}, merge: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rp := &replay{pages: [][]byte{response(t, "", tt.give...)}}
			c := NewSearchCollector(newEuropePMC(t, rp), testOptions(t))
			l, err := c.Collect(context.Background(), contract.Lead{Topic: "urban mobility"})
			if err != nil {
				t.Fatal(err)
			}
			if !tt.merge {
				if len(l.Entries) != 2 {
					t.Fatalf("entries = %d, want 2 (%v)", len(l.Entries), l.Excluded)
				}
				return
			}
			if len(l.Entries) != 1 || l.Entries[0].DOI != "10.12688/openreseurope.23222.3" || l.Entries[0].Preprint {
				t.Fatalf("entries %+v, want only the published version", l.Entries)
			}
			if !equalCounts(l.Excluded, map[string]int{ExcludedPreprint: 1}) {
				t.Errorf("excluded = %v", l.Excluded)
			}
			assertNotes(t, l, "10.12688/openreseurope.23222.2 → 10.12688/openreseurope.23222.3")
		})
	}
}

func TestCollectZeroHits(t *testing.T) {
	rp := &replay{pages: [][]byte{readTestdata(t, "europepmc", "pyEuropePMC__search_no_results.json")}}
	c := NewSearchCollector(newEuropePMC(t, rp), testOptions(t))
	l, err := c.Collect(context.Background(), contract.Lead{ORCID: "0000-0002-1825-0097", Since: "2024-01-01"})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Entries) != 0 || l.Entries == nil {
		t.Fatalf("entries = %#v, want an empty list", l.Entries)
	}
	if l.Lead.ORCID != "0000-0002-1825-0097" {
		t.Errorf("ledger lead = %+v", l.Lead)
	}
	assertNotes(t, l, `europepmc: 0 record(s) for AUTHORID:"0000-0002-1825-0097"`)
}

func TestCollectUnavailable(t *testing.T) {
	cancer := readTestdata(t, "europepmc", "pyEuropePMC__search_cancer_core.json")
	last := readTestdata(t, "europepmc", "bx-scholar-mcp__europepmc_by_doi.json")
	tests := []struct {
		name   string
		give   *replay
		reqs   int
		reason string
	}{
		{name: "503 on the first page", give: &replay{pages: [][]byte{cancer}, status: map[int]int{0: 503}}, reqs: 2},
		{name: "503 on the second page", give: &replay{pages: [][]byte{cancer, last}, status: map[int]int{1: 503}}, reqs: 3},
		{name: "200 without hitCount", give: &replay{pages: [][]byte{[]byte(`{"version":"6.9","resultList":{"result":[]}}`)}}, reqs: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewSearchCollector(newEuropePMC(t, tt.give), testOptions(t))
			l, err := c.Collect(context.Background(), contract.Lead{Topic: "cancer"})
			if !errors.Is(err, oracles.ErrUnavailable) {
				t.Fatalf("got %v, want an error wrapping ErrUnavailable", err)
			}
			if len(l.Entries) != 0 {
				t.Errorf("a failed collection returned %d entries", len(l.Entries))
			}
			if len(tt.give.queries) != tt.reqs {
				t.Errorf("requests = %d, want %d", len(tt.give.queries), tt.reqs)
			}
		})
	}
}

func TestCollectRejectsBadLead(t *testing.T) {
	c := NewSearchCollector(snapshot.NewOracle(snapshot.FromRecords(nil)), testOptions(t))
	_, err := c.Collect(context.Background(), contract.Lead{ORCID: "0000-0002-1825-0098"})
	var le *leads.LeadError
	if !errors.Is(err, leads.ErrInvalidLead) || !errors.As(err, &le) || le.Field != "orcid" {
		t.Fatalf("got %v, want a LeadError on orcid", err)
	}
}

func equalCounts(got, want map[string]int) bool {
	if len(got) != len(want) {
		return false
	}
	for k, v := range want {
		if got[k] != v {
			return false
		}
	}
	return true
}

func assertNotes(t *testing.T, l contract.Ledger, want ...string) {
	t.Helper()
	all := strings.Join(l.Notes, "\n")
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("notes do not mention %q:\n%s", w, all)
		}
	}
}
