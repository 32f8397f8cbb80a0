// Package compare decides, field by field, whether a bibliography entry
// describes the record an oracle holds for its DOI, as a careful reviewer
// would: the whole author list (count, order, family names, initials), the
// venue (with its abbreviations and ISSNs), the year exactly, volume, issue
// and pages when the entry gives them, and the title word for word.
//
// Typography never counts: case, accents, punctuation, markup, spaces and
// hyphens, British against American spelling, a Greek letter spelled or
// written, a numeral or its word, a subtitle left out. Content always
// counts: any other changed word of a title is a mismatch whatever a
// similarity score would say, and an author list that is shorter without
// "et al.", reordered, or holds another paper's names is a mismatch. A
// mismatch names the field, the entry's value and the record's.
package compare

import (
	"fmt"
	"strings"
)

// Entry is what a bibliography entry says about a paper.
type Entry struct {
	Title string
	// Authors as written: "Smith, John", "J. A. Smith", "Smith JA",
	// "World Health Organization"; a last "others" or "et al." says the
	// list is cut short on purpose.
	Authors []string
	// Venue is the journal, or for other kinds the book title, proceedings
	// or publisher.
	Venue  string
	ISSN   []string
	Year   int
	Volume string
	Issue  string
	Pages  string
	// Kind is what the entry says it cites: KindArticle for a journal
	// article, KindPreprint, or "" when it does not say.
	Kind Kind
	// Text is the reference as written, when it could not be read into
	// fields (a hand-written \bibitem): without a Title, the record's
	// title must then be in it, and its first author's family name.
	Text string
}

// Kind is the kind of work an entry cites.
type Kind string

const (
	KindArticle  Kind = "article"
	KindPreprint Kind = "preprint"
	KindOther    Kind = "other"
)

// Record is what an oracle knows about the paper.
type Record struct {
	Title   string
	Authors []string
	Venue   string
	// VenueAbbrevs are the venue's other names: ISO and MEDLINE
	// abbreviations, Crossref's short-container-title.
	VenueAbbrevs []string
	ISSN         []string
	Year         int
	// OtherYears are other years the record shows for the same work, with
	// what they are ("online first", "preprint", "published version"): an
	// entry one year off is accepted for one of them, and says so.
	OtherYears []Year
	Volume     string
	Issue      string
	Pages      string
	// Preprint: the record is a preprint, not a journal article.
	Preprint bool
}

// Year is a year a record shows and what it is.
type Year struct {
	Year int
	What string
}

// Field names what a mismatch is about.
type Field string

const (
	Title   Field = "title"
	Authors Field = "authors"
	Venue   Field = "venue"
	YearOf  Field = "year"
	Volume  Field = "volume"
	Issue   Field = "issue"
	Pages   Field = "pages"
)

// PreprintAsPublished is the Kind of the venue mismatch of a preprint
// cited as a journal article.
const PreprintAsPublished = "preprint_as_published"

// Mismatch is one field on which the entry and the record disagree.
type Mismatch struct {
	Field Field
	// Kind refines the field when it says more (PreprintAsPublished).
	Kind string
	// Entry and Record are the two values as written.
	Entry, Record string
	// Why says in a few words what differs ("“Visual” for “Image”",
	// "3 authors, the record 5").
	Why string
}

func (m Mismatch) String() string {
	return fmt.Sprintf("%s: %s (entry %q, record %q)", m.Field, m.Why, m.Entry, m.Record)
}

// Result is the comparison of an entry with a record.
type Result struct {
	Mismatches []Mismatch
	// Notes say what was accepted that a reader should know: "year 2020:
	// online first", "subtitle left out".
	Notes []string
}

// OK reports whether the entry describes the record.
func (r Result) OK() bool { return len(r.Mismatches) == 0 }

// Why is the mismatches in one line, "" when there are none.
func (r Result) Why() string {
	parts := make([]string, len(r.Mismatches))
	for i, m := range r.Mismatches {
		parts[i] = m.String()
	}
	return strings.Join(parts, "; ")
}

// Options are the comparison's settings.
type Options struct {
	// YearGap is how many years apart an entry may be from a year the
	// record shows as another date of the same work (online first,
	// preprint, published version); default DefaultYearGap. The record's
	// own year must match exactly.
	YearGap int
	// LongAuthorList is the size of a record's author list above which an
	// entry may list only its first MinListed authors without "et al."
	// (consortium papers); default DefaultLongAuthorList.
	LongAuthorList int
	// MinListed is the fewest authors such an entry must list; default
	// DefaultMinListed.
	MinListed int
}

// The defaults of Options.
const (
	DefaultYearGap        = 1
	DefaultLongAuthorList = 30
	DefaultMinListed      = 3
)

func (o Options) withDefaults() Options {
	if o.YearGap <= 0 {
		o.YearGap = DefaultYearGap
	}
	if o.LongAuthorList <= 0 {
		o.LongAuthorList = DefaultLongAuthorList
	}
	if o.MinListed <= 0 {
		o.MinListed = DefaultMinListed
	}
	return o
}

// Compare compares every field both sides give. A field one side lacks is
// not compared.
func Compare(e Entry, r Record, o Options) Result {
	o = o.withDefaults()
	var res Result
	res.add(compareTitle(e.Title, r.Title))
	if e.Title == "" && len(e.Authors) == 0 && strings.TrimSpace(e.Text) != "" {
		// Say how it was compared: a reader of the row must not take it
		// for a field-by-field comparison.
		res.add(note("compared by its text: the reference could not be read into fields"))
		res.add(compareText(e.Text, r))
	}
	res.add(compareAuthors(e.Authors, r.Authors, o))
	res.add(compareVenue(e, r))
	res.add(compareYear(e.Year, r, o))
	res.add(compareNumber(Volume, e.Volume, r.Volume))
	res.add(compareNumber(Issue, e.Issue, r.Issue))
	res.add(comparePages(e.Pages, r.Pages))
	return res
}

// outcome is one field's comparison: a mismatch, a note, or neither.
type outcome struct {
	mismatch *Mismatch
	note     string
}

func (r *Result) add(o outcome) {
	if o.mismatch != nil {
		r.Mismatches = append(r.Mismatches, *o.mismatch)
	}
	if o.note != "" {
		r.Notes = append(r.Notes, o.note)
	}
}

func mismatch(f Field, entry, record, why string) outcome {
	return outcome{mismatch: &Mismatch{Field: f, Entry: entry, Record: record, Why: why}}
}

func note(s string) outcome { return outcome{note: s} }

// compareYear accepts the record's year, or a year the record shows as
// another date of the same work (online first, the preprint, the published
// version) within YearGap of its own; any other year is a mismatch.
func compareYear(year int, r Record, o Options) outcome {
	if year == 0 || r.Year == 0 || year == r.Year {
		return outcome{}
	}
	if abs(year-r.Year) <= o.YearGap {
		for _, y := range r.OtherYears {
			if y.Year == year {
				return note(fmt.Sprintf("year %d is the record's %s (the record says %d)", year, y.What, r.Year))
			}
		}
	}
	return mismatch(YearOf, fmt.Sprint(year), fmt.Sprint(r.Year), fmt.Sprintf("%d, the record %d", year, r.Year))
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
