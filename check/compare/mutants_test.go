package compare

import (
	"strings"
	"testing"
)

// The cases below pin the boundaries mutation testing found unpinned
// (gremlins unleash --workers 1 --timeout-coefficient 5 ./check/compare):
// 160 of 204 killed at first, 195 of 205 (95.1%) with them. Of the 10 that
// lived, four are equivalent: abs(0) either way; the initials run never
// reaching the last token (a name ending in initials is read family name
// first before); one initial written whole or by its first byte; equal
// initials swapped or not. The six in wordDiff's loops needed a title
// differing in its middle and one adding words at its end, the last two
// cases of TestPageAndTitleEdges (added after that run).

func TestOptionsDefaults(t *testing.T) {
	if o := (Options{}).withDefaults(); o.YearGap != DefaultYearGap || o.LongAuthorList != DefaultLongAuthorList || o.MinListed != DefaultMinListed {
		t.Errorf("defaults %+v", o)
	}
	if o := (Options{YearGap: 2, LongAuthorList: 5, MinListed: 4}).withDefaults(); o.YearGap != 2 || o.LongAuthorList != 5 || o.MinListed != 4 {
		t.Errorf("set options overridden: %+v", o)
	}
	if abs(-2) != 2 || abs(2) != 2 || abs(0) != 0 {
		t.Error("abs")
	}
}

func TestCanonEdges(t *testing.T) {
	for give, want := range map[string]string{"grey": "gray", "rise": "rise", "wise": "wise", "colour": "color", "one": "1", "iii": "3", "ageing": "aging", "versus": "vs"} {
		if got := canon(give); got != want {
			t.Errorf("canon(%q) = %q, want %q", give, got, want)
		}
	}
}

func TestNameEdges(t *testing.T) {
	tests := []struct {
		give          string
		family, inits string
		placeholder   bool
		group         bool
		alt           string
	}{
		{give: "Doe", family: "doe", placeholder: true},
		{give: "Doe, Alice", family: "doe", inits: "a"},
		{give: "Doe, J.", family: "doe", inits: "j", placeholder: true},
		{give: "van der Berg", family: "berg"},
		{give: "Magnon Consortium", family: "magnonconsortium", group: true},
		{give: "Consortium", family: "consortium"},
		{give: "Smith JA", family: "smith", inits: "ja"},
		{give: "Wei Wang", family: "wang", inits: "w", alt: "wei"},
	}
	for _, tt := range tests {
		n := parseName(tt.give)
		if n.family != tt.family || n.initials != tt.inits || n.isPlaceholder() != tt.placeholder || n.group != tt.group || n.alt != tt.alt {
			t.Errorf("parseName(%q) = %+v (placeholder %v), want family %q initials %q placeholder %v group %v alt %q",
				tt.give, n, n.isPlaceholder(), tt.family, tt.inits, tt.placeholder, tt.group, tt.alt)
		}
	}
	for give, want := range map[string]bool{"ABCD": true, "ABCDE": false, ".": false, "J.": true, "Ab": false} {
		if isInitials(give) != want {
			t.Errorf("isInitials(%q) = %v", give, !want)
		}
	}
	if !sameInitials("j", "ja") || !sameInitials("ja", "j") || sameInitials("ja", "jb") {
		t.Error("sameInitials")
	}
	// One side written family name first with a comma, the other not.
	if !parseName("Wei Wang").same(parseName("Wei, Wang")) || !parseName("Wei, Wang").same(parseName("Wei Wang")) {
		t.Error("a name of words alone against the same name with a comma")
	}
	if rxivServers("rxiv") != nil || len(rxivServers("psyarxiv preprints")) != 1 {
		t.Error("rxivServers")
	}
}

func TestAuthorMessagesAndNotes(t *testing.T) {
	r := Record{Authors: []string{"Rauch S", "Lechner R", "Strapazzon G"}}
	tests := []struct {
		give []string
		why  string
	}{
		{[]string{"Rauch S", "Rauch S", "Strapazzon G"}, "Rauch S is author 2, the record's author 1"},
		{[]string{"Rauch, K.", "et al."}, "author 1 Rauch, K., the record Rauch S: other initials"},
		{[]string{"Rauch S", "Lechner, K.", "et al."}, "author 2 Lechner, K., the record Lechner R: other initials"},
	}
	for _, tt := range tests {
		res := Compare(Entry{Authors: tt.give}, r, Options{})
		if res.OK() || res.Mismatches[0].Why != tt.why {
			t.Errorf("%q: %s, want %q", tt.give, res.Why(), tt.why)
		}
	}
	if res := Compare(Entry{Authors: r.Authors}, r, Options{}); !res.OK() || len(res.Notes) != 0 {
		t.Errorf("the whole list: %s, notes %q; want OK and no note", res.Why(), res.Notes)
	}
}

func TestPageAndTitleEdges(t *testing.T) {
	tests := []struct {
		e, r Entry
		rec  Record
		ok   bool
		why  string
	}{
		{e: Entry{Pages: "95"}, rec: Record{Pages: "95-97"}, ok: true},
		{e: Entry{Pages: "e123-456"}, rec: Record{Pages: "e123-e456"}, ok: true},
		{e: Entry{Title: "A study of survival"}, rec: Record{Title: "A study of survival in lung cancer"}, why: "leaves out “lung cancer”"},
		{e: Entry{Title: "survival in lung cancer"}, rec: Record{Title: "A study of survival in lung cancer"}, why: "leaves out “study”"},
		{e: Entry{Title: "Lung cancer survival in trials"}, rec: Record{Title: "Survival in lung cancer trials"}, why: "the words in another order"},
		{e: Entry{Title: "A study of survival in lung cancer"}, rec: Record{Title: "A study of survival"}, why: "adds “lung cancer”"},
		{e: Entry{Title: "Cancer survival analysis in young women"}, rec: Record{Title: "Cancer survival study in young women"}, why: "“analysis” for “study”"},
		{e: Entry{Title: "Suspension syndrome: a scoping review"}, rec: Record{Title: "Suspension syndrome"}, ok: false, why: "adds the subtitle “a scoping review”"},
	}
	for _, tt := range tests {
		res := Compare(tt.e, tt.rec, Options{})
		if res.OK() != tt.ok || !tt.ok && !strings.Contains(res.Why(), tt.why) || tt.ok && tt.why != "" && !strings.Contains(strings.Join(res.Notes, "|"), tt.why) {
			t.Errorf("%+v against %+v: %s (notes %q), want ok %v with %q", tt.e, tt.rec, res.Why(), res.Notes, tt.ok, tt.why)
		}
	}
}

func TestVenueEdges(t *testing.T) {
	pre := Record{Title: "A preprint", Venue: "bioRxiv", Preprint: true}
	tests := []struct {
		name string
		e    Entry
		r    Record
		ok   bool
	}{
		{"an article kind with nothing of a journal", Entry{Kind: KindArticle}, pre, true},
		{"a volume alone", Entry{Kind: KindArticle, Volume: "3"}, pre, false},
		{"pages alone", Entry{Kind: KindArticle, Pages: "1-9"}, pre, false},
		{"a record with abbreviations only", Entry{Venue: "Nature"}, Record{VenueAbbrevs: []string{"J Clin Oncol"}}, false},
		{"a record with abbreviations only, one of them", Entry{Venue: "J. Clin. Oncol."}, Record{VenueAbbrevs: []string{"J Clin Oncol"}}, true},
	}
	for _, tt := range tests {
		if res := Compare(tt.e, tt.r, Options{}); res.OK() != tt.ok {
			t.Errorf("%s: %s, want ok %v", tt.name, res.Why(), tt.ok)
		}
	}
}
