package collect

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/leads"
	"github.com/citeloop/citeloop/oracles"
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
		// max counts characters (runes), not bytes; a cut never splits one.
		{give: "ééééé", max: 5, want: "ééééé"},
		{give: "ééééé", max: 3, want: "ééé", wantCut: true},
		{give: "日本語の文。次の文です。", max: 8, want: "日本語の文。次の", wantCut: true},
		{give: "Été chaud. Hiver froid. Printemps doux.", max: 23, want: "Été chaud. Hiver froid.", wantCut: true},
		{give: "Été chaud. Hiver froid. Printemps doux.", max: 22, want: "Été chaud.", wantCut: true},
		{give: "Ünïcödé wörds hérè", max: 16, want: "Ünïcödé wörds", wantCut: true},
		{give: "😀😀😀 x", max: 2, want: "😀😀", wantCut: true},
	}
	for _, tt := range tests {
		got, cut := truncateSentence(tt.give, tt.max)
		if got != tt.want || cut != tt.wantCut {
			t.Errorf("truncateSentence(%q, %d) = %q, %v; want %q, %v", tt.give, tt.max, got, cut, tt.want, tt.wantCut)
		}
		if !utf8.ValidString(got) || utf8.RuneCountInString(got) > tt.max {
			t.Errorf("truncateSentence(%q, %d) = %q: invalid UTF-8 or over %d runes", tt.give, tt.max, got, tt.max)
		}
	}
}

func doc(doi, title, abstract string, year int) oracles.Hit {
	return oracles.Hit{Record: oracles.Record{DOI: doi, Title: title, Abstract: abstract, Year: year}}
}

func dois(docs []oracles.Hit) []string {
	var out []string
	for _, d := range docs {
		out = append(out, d.Record.DOI)
	}
	return out
}

func TestRankBM25(t *testing.T) {
	give := []oracles.Hit{
		doc("10.1/d", "Nothing relevant", "About gardening.", 2024),
		doc("10.1/c", "Screening", "Screening once.", 2020),
		doc("10.1/b", "Cancer screening trial", "Cancer screening reduced mortality in the screening arm.", 2019),
		doc("10.1/a", "Nothing relevant", "About cooking.", 2024),
		doc("10.1/e", "Nothing relevant", "About sailing.", 2025),
	}
	want := []string{"10.1/b", "10.1/c", "10.1/e", "10.1/a", "10.1/d"}
	for _, order := range [][]int{{0, 1, 2, 3, 4}, {4, 3, 2, 1, 0}, {2, 0, 4, 1, 3}} {
		docs := make([]oracles.Hit, 0, len(give))
		for _, i := range order {
			docs = append(docs, give[i])
		}
		scores := rankBM25(docs, leads.TopicTerms("cancer screening"))
		if diff := cmp.Diff(want, dois(docs)); diff != "" {
			t.Errorf("order %v (-want +got):\n%s", order, diff)
		}
		if !(scores[0] > scores[1] && scores[1] > 0 && scores[2] == 0) {
			t.Errorf("scores %v, want strictly positive for matches and zero otherwise", scores)
		}
	}
	// No topic: year desc, then DOI.
	docs := append([]oracles.Hit(nil), give...)
	rankBM25(docs, nil)
	if diff := cmp.Diff([]string{"10.1/e", "10.1/a", "10.1/d", "10.1/c", "10.1/b"}, dois(docs)); diff != "" {
		t.Errorf("no topic (-want +got):\n%s", diff)
	}
}

func TestBuildBudget(t *testing.T) {
	long := strings.Repeat("Cancer screening saves lives. ", 20) // 599 chars once trimmed
	docs := []oracles.Hit{
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
			l := mustBuild(t, lead, docs, opts.withDefaults())
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
				if n := utf8.RuneCountInString(e.Abstract); n > opts.withDefaults().MaxAbstractChars {
					t.Errorf("%s: abstract of %d chars", e.ID, n)
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
	got := b.merge([]oracles.Hit{
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

// TestMergeNotesDeterministic checks that the notes about merged duplicates
// and preprints do not depend on map order: the same input gives the same
// notes, listing groups in the order their first member was seen.
func TestMergeNotesDeterministic(t *testing.T) {
	var give []oracles.Hit
	var wantDup, wantPre []string
	for i := 0; i < 8; i++ {
		d := fmt.Sprintf("10.1/%c", 'a'+i)
		give = append(give, doc(d, "Title "+d, "Abstract "+d+".", 2020))
		wantDup = append(wantDup, d)
	}
	give = append(give, give...) // each DOI twice
	for i := 0; i < 6; i++ {
		title := fmt.Sprintf("a study of screening number %d", i)
		pre := doc(fmt.Sprintf("10.2/pre%d", i), title, "", 2019)
		pre.Record.Preprint = true
		pub := doc(fmt.Sprintf("10.3/pub%d", i), title, "Published.", 2020)
		give = append(give, pre, pub)
		wantPre = append(wantPre, pre.Record.DOI+" → "+pub.Record.DOI)
	}
	tests := []struct {
		name   string
		reason string
		want   []string
	}{
		{name: "duplicates", reason: ExcludedDuplicate, want: wantDup},
		{name: "preprints", reason: ExcludedPreprint, want: wantPre},
	}
	var first []string
	for run := 0; run < 20; run++ {
		opts := testOptions(t)
		opts.MaxSources, opts.MaxTotalChars = 100, 1<<20
		l := mustBuild(t, contract.Lead{Topic: "screening"}, append([]oracles.Hit(nil), give...), opts.withDefaults())
		if run == 0 {
			first = l.Notes
			b := newLedgerBuilder(contract.Lead{})
			b.merge(append([]oracles.Hit(nil), give...))
			for _, tt := range tests {
				if diff := cmp.Diff(tt.want, b.cut[tt.reason]); diff != "" {
					t.Errorf("%s out of first-seen order (-want +got):\n%s", tt.name, diff)
				}
			}
			continue
		}
		if diff := cmp.Diff(first, l.Notes); diff != "" {
			t.Fatalf("run %d: notes differ from run 0 (-first +now):\n%s", run, diff)
		}
	}
}

// TestBuildBudgetCountsCharacters checks that MaxAbstractChars and
// MaxTotalChars count characters (runes), not bytes, and that the cut note
// reports characters.
func TestBuildBudgetCountsCharacters(t *testing.T) {
	abstract := strings.TrimSpace(strings.Repeat("Réduction du dépistage. ", 10)) // 239 runes, 259 bytes
	title := "Étude"                                                              // text: 5 + 2 + 239 = 246 runes
	tests := []struct {
		name       string
		opts       Options
		wantKept   bool
		wantRunes  int // runes of the kept abstract
		wantNote   string
		wantBudget int
	}{
		{name: "abstract exactly at the cap", opts: Options{MaxAbstractChars: 239, MaxTotalChars: 246}, wantKept: true, wantRunes: 239},
		{name: "abstract cut at a sentence end", opts: Options{MaxAbstractChars: 100}, wantKept: true, wantRunes: 95, wantNote: "S1 (10.1/a): abstract cut from 239 to 95 characters"},
		{name: "total one character short", opts: Options{MaxAbstractChars: 239, MaxTotalChars: 245}, wantBudget: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			opts.Now, opts.Logger = testOptions(t).Now, testOptions(t).Logger
			l := mustBuild(t, contract.Lead{Topic: "dépistage"}, []oracles.Hit{doc("10.1/a", title, abstract, 2024)}, opts.withDefaults())
			if got := len(l.Entries) == 1; got != tt.wantKept {
				t.Fatalf("kept = %v, want %v (excluded %v)", got, tt.wantKept, l.Excluded)
			}
			if l.Excluded[ExcludedBudget] != tt.wantBudget {
				t.Errorf("budget excluded = %d, want %d", l.Excluded[ExcludedBudget], tt.wantBudget)
			}
			notes := strings.Join(l.Notes, "\n")
			if tt.wantNote != "" && !strings.Contains(notes, tt.wantNote) {
				t.Errorf("notes lack %q:\n%s", tt.wantNote, notes)
			}
			if tt.wantNote == "" && strings.Contains(notes, "abstract cut") {
				t.Errorf("unexpected cut note:\n%s", notes)
			}
			if !tt.wantKept {
				return
			}
			got := l.Entries[0].Abstract
			if !utf8.ValidString(got) || utf8.RuneCountInString(got) != tt.wantRunes {
				t.Errorf("abstract %q: valid %v, %d runes; want valid, %d runes", got, utf8.ValidString(got), utf8.RuneCountInString(got), tt.wantRunes)
			}
		})
	}
}

func mustBuild(t *testing.T, lead contract.Lead, docs []oracles.Hit, opts Options) contract.Ledger {
	t.Helper()
	l, err := build(context.Background(), lead, docs, "test", opts)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
