package collect

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/pipeline/contract"
)

func TestTruncateSentence(t *testing.T) {
	tests := []struct {
		give    string
		max     int
		want    string
		wantCut bool
	}{
		{give: "Short. Text.", max: 50, want: "Short. Text."},
		{give: "One two. Three four. Five six.", max: 22, want: "One two. Three four.", wantCut: true},
		{give: "One two. Three four. Five six.", max: 20, want: "One two. Three four.", wantCut: true},
		{give: "One two. Three four. Five six.", max: 19, want: "One two.", wantCut: true},
		{give: "Is it? Yes! No.", max: 12, want: "Is it? Yes!", wantCut: true},
		{give: "no sentence end here at all", max: 12, want: "no sentence", wantCut: true},
		{give: "ééééé", max: 5, want: "éé", wantCut: true},
	}
	for _, tt := range tests {
		got, cut := truncateSentence(tt.give, tt.max)
		if got != tt.want || cut != tt.wantCut {
			t.Errorf("truncateSentence(%q, %d) = %q, %v; want %q, %v", tt.give, tt.max, got, cut, tt.want, tt.wantCut)
		}
	}
}

func doc(doi, title, abstract string, year int) Doc {
	return Doc{Record: oracles.Record{DOI: doi, Title: title, Abstract: abstract, Year: year}}
}

func dois(docs []Doc) []string {
	var out []string
	for _, d := range docs {
		out = append(out, d.Record.DOI)
	}
	return out
}

func TestRankBM25(t *testing.T) {
	give := []Doc{
		doc("10.1/d", "Nothing relevant", "About gardening.", 2024),
		doc("10.1/c", "Screening", "Screening once.", 2020),
		doc("10.1/b", "Cancer screening trial", "Cancer screening reduced mortality in the screening arm.", 2019),
		doc("10.1/a", "Nothing relevant", "About cooking.", 2024),
		doc("10.1/e", "Nothing relevant", "About sailing.", 2025),
	}
	want := []string{"10.1/b", "10.1/c", "10.1/e", "10.1/a", "10.1/d"}
	for _, order := range [][]int{{0, 1, 2, 3, 4}, {4, 3, 2, 1, 0}, {2, 0, 4, 1, 3}} {
		docs := make([]Doc, 0, len(give))
		for _, i := range order {
			docs = append(docs, give[i])
		}
		scores := rankBM25(docs, TopicTerms("cancer screening"))
		if diff := cmp.Diff(want, dois(docs)); diff != "" {
			t.Errorf("order %v (-want +got):\n%s", order, diff)
		}
		if !(scores[0] > scores[1] && scores[1] > 0 && scores[2] == 0) {
			t.Errorf("scores %v, want strictly positive for matches and zero otherwise", scores)
		}
	}
	// No topic: year desc, then DOI.
	docs := append([]Doc(nil), give...)
	rankBM25(docs, nil)
	if diff := cmp.Diff([]string{"10.1/e", "10.1/a", "10.1/d", "10.1/c", "10.1/b"}, dois(docs)); diff != "" {
		t.Errorf("no topic (-want +got):\n%s", diff)
	}
}

func TestBuildBudget(t *testing.T) {
	long := strings.Repeat("Cancer screening saves lives. ", 20) // 599 chars once trimmed
	docs := []Doc{
		doc("10.1/a", "Cancer screening A", long, 2024),
		doc("10.1/b", "Cancer screening B", "Short cancer screening abstract.", 2023),
		doc("10.1/c", "Cancer C", "Cancer only.", 2022),
		doc("10.1/d", "Unrelated", "Gardening.", 2021),
	}
	tests := []struct {
		name        string
		opts        Options
		lead        contract.Lead
		wantDOIs    []string
		wantBudget  int
		wantNoteCut bool
	}{
		{name: "abstract cut", opts: Options{MaxAbstractChars: 100}, wantDOIs: []string{"10.1/a", "10.1/b", "10.1/c", "10.1/d"}, wantNoteCut: true},
		{name: "max sources", opts: Options{MaxSources: 2}, wantDOIs: []string{"10.1/a", "10.1/b"}, wantBudget: 2},
		{name: "lead max sources wins", opts: Options{MaxSources: 2}, lead: contract.Lead{MaxSources: 3}, wantDOIs: []string{"10.1/a", "10.1/b", "10.1/c"}, wantBudget: 1},
		{name: "total chars stop at first overflow", opts: Options{MaxTotalChars: 500}, wantDOIs: nil, wantBudget: 4},
		{name: "total chars after cut", opts: Options{MaxAbstractChars: 100, MaxTotalChars: 170}, wantDOIs: []string{"10.1/a", "10.1/b"}, wantBudget: 2, wantNoteCut: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			opts.Now, opts.Logger = testOptions(t).Now, testOptions(t).Logger
			lead := tt.lead
			lead.Topic = "cancer screening"
			l := build(lead, docs, "test", opts.withDefaults())
			var got []string
			for i, e := range l.Entries {
				got = append(got, e.DOI)
				if e.ID != "S"+string(rune('1'+i)) {
					t.Errorf("entry %d id = %s", i, e.ID)
				}
				sum := sha256.Sum256([]byte(e.Text()))
				if e.ContentHash != hex.EncodeToString(sum[:]) {
					t.Errorf("%s: hash is not over the text the writer sees", e.ID)
				}
				if len(e.Abstract) > opts.withDefaults().MaxAbstractChars {
					t.Errorf("%s: abstract of %d chars", e.ID, len(e.Abstract))
				}
			}
			if diff := cmp.Diff(tt.wantDOIs, got); diff != "" {
				t.Errorf("entries (-want +got):\n%s", diff)
			}
			if l.Excluded[ExcludedBudget] != tt.wantBudget {
				t.Errorf("budget excluded = %d, want %d", l.Excluded[ExcludedBudget], tt.wantBudget)
			}
			notes := strings.Join(l.Notes, "\n")
			if cut := strings.Contains(notes, "S1 (10.1/a): abstract cut from 599 to 89 characters"); cut != tt.wantNoteCut {
				t.Errorf("cut note = %v, want %v:\n%s", cut, tt.wantNoteCut, notes)
			}
			if tt.wantBudget > 0 && !strings.Contains(notes, "did not fit the prompt budget") {
				t.Errorf("notes do not explain the budget cut:\n%s", notes)
			}
		})
	}
}

func TestMergeDuplicateDOI(t *testing.T) {
	b := newLedgerBuilder(contract.Lead{})
	got := b.merge([]Doc{
		doc("10.1/a", "A short", "", 2020),
		doc("10.1/b", "B", "b", 2020),
		doc("10.1/a", "A long", "with an abstract", 2020),
	})
	if diff := cmp.Diff([]string{"10.1/a", "10.1/b"}, dois(got)); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
	if got[0].Record.Title != "A long" || b.ledger.Excluded[ExcludedDuplicate] != 1 {
		t.Errorf("kept %q, excluded %v; want the fuller record and one duplicate", got[0].Record.Title, b.ledger.Excluded)
	}
}
