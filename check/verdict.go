package check

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/citeloop/citeloop/bib"
	"github.com/citeloop/citeloop/check/compare"
	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/evidence"
)

// fill sets the verdict from the oracle's answer, read at now (for the age
// of a cached answer). A missing answer is
// unknown, never found. What a found record is comes from
// evidence.OfRecord, the gate's classification: a retracted paper or a
// retraction or withdrawal notice is retracted; any other notice (erratum,
// correction, comment, reply, expression of concern) is found with its
// mark, since bibliographies cite them on purpose.
func (r *Row) fill(res oracles.Result, now time.Time) {
	r.Oracle = res.Oracle
	r.Cause = oracles.CauseOf(res)
	if !res.CachedAt.IsZero() {
		r.CachedAt, r.CacheAge = res.CachedAt.UTC(), oracles.Age(now.Sub(res.CachedAt))
	}
	switch res.Status {
	case oracles.Found:
		r.Verdict = VerdictFound
		if res.Record == nil {
			return
		}
		rec := res.Record
		r.Title = cleanTitle(rec.Title)
		r.Year = rec.Year
		r.versions(rec)
		class := evidence.OfRecord(*rec)
		switch {
		case class.IsNotice() && (class.Notice == evidence.Retraction || class.Notice == evidence.Withdrawal):
			// A retraction notice is not the paper: citing it in place of
			// the paper is as wrong as citing the retracted paper.
			r.Verdict, r.Notice, r.RetractionNotice = VerdictRetracted, string(class.Notice), true
		case rec.Retracted:
			r.Verdict = VerdictRetracted
		case class.IsNotice():
			r.Notice = string(class.Notice)
		case class.Kind == evidence.Preprint:
			r.Preprint = true
		}
	case oracles.NotFound:
		r.Verdict = VerdictNotFound
	default:
		r.Verdict = VerdictUnknown
		if errors.Is(res.Err, doi.ErrInvalid) {
			r.Verdict = VerdictInvalid
		}
		if res.Err != nil {
			r.Error = res.Err.Error()
		} else {
			r.Error = "no answer"
		}
	}
}

// versions copies the record's links to its other version.
func (r *Row) versions(rec *oracles.Record) {
	r.Preprint = rec.Preprint
	r.PublishedDOI, r.PublishedAs, r.PublishedBy = rec.PublishedDOI, rec.PublishedAs, rec.PublishedBy
	r.PreprintDOI, r.PreprintAs = rec.PreprintDOI, rec.PreprintAs
}

// compareEntry is what compare reads of an entry. A software reference's
// year is the version's, never compared.
func compareEntry(e bib.Entry) compare.Entry {
	ce := compare.Entry{Title: e.Title, Authors: e.Authors, Venue: e.Journal, ISSN: e.ISSN, Year: e.Year,
		Volume: e.Volume, Issue: e.Issue, Pages: e.Pages}
	switch e.Type {
	case bib.TypeArticle:
		ce.Kind = compare.KindArticle
	case bib.TypePreprint:
		ce.Kind = compare.KindPreprint
	case bib.TypeOther:
		ce.Kind = compare.KindOther
	}
	if ce.Venue == "" && e.Type == bib.TypePreprint {
		ce.Venue = e.Publisher
	}
	if e.Software {
		ce.Year = 0
	}
	if e.Unread != "" {
		ce.Text = e.Text
	}
	return ce
}

// compareRecord is what compare reads of a record: its other dates (online
// first, print) and, when it links its other version, the years a
// preprint/published pair is a year apart.
func compareRecord(rec *oracles.Record) compare.Record {
	cr := compare.Record{Title: rec.Title, Authors: rec.Authors, Venue: rec.Journal, VenueAbbrevs: rec.JournalAbbrevs,
		ISSN: rec.ISSN, Year: rec.Year, Volume: rec.Volume, Issue: rec.Issue, Pages: rec.Pages,
		Preprint: evidence.OfRecord(*rec).Kind == evidence.Preprint}
	add := func(y int, what string) {
		if y != 0 && y != rec.Year {
			cr.OtherYears = append(cr.OtherYears, compare.Year{Year: y, What: what})
		}
	}
	add(rec.OnlineYear, "online-first date")
	add(rec.PrintYear, "print date")
	if rec.Year != 0 && (rec.PreprintDOI != "" || rec.PreprintAs != "") {
		add(rec.Year-1, "preprint's year (the record links its preprint)")
	}
	if rec.Year != 0 && (rec.PublishedDOI != "" || rec.PublishedAs != "") {
		add(rec.Year+1, "published version's year (the record links it)")
	}
	return cr
}

// comparison is an entry against a record.
func comparison(e bib.Entry, rec *oracles.Record, o compare.Options) compare.Result {
	return compare.Compare(compareEntry(e), compareRecord(rec), o)
}

// mismatchRow turns a failed comparison into the row's verdict, fields and
// one line of why.
func (r *Row) mismatch(res compare.Result, e bib.Entry, of int) {
	r.Verdict = VerdictMismatch
	var why []string
	for _, m := range res.Mismatches {
		r.Mismatches = append(r.Mismatches, Mismatch{Field: string(m.Field), Kind: m.Kind, Entry: cleanTitle(m.Entry), Record: cleanTitle(m.Record), Why: m.Why})
		if m.Kind == compare.PreprintAsPublished {
			r.Kind = KindPreprintAsPublished
		}
		why = append(why, fmt.Sprintf("%s: %s", m.Field, m.Why))
	}
	r.Error = strings.Join(why, "; ")
	if of > 1 {
		r.Error = fmt.Sprintf("%s (%s, one of %d entries citing this DOI)", r.Error, e.Label, of)
	}
}

// entryOf is what the report shows of an entry.
func entryOf(e bib.Entry) *Entry {
	out := &Entry{Label: e.Label, Title: cleanTitle(e.Title), Year: e.Year, Venue: cleanTitle(e.Journal), Text: e.Text}
	if out.Venue == "" {
		out.Venue = cleanTitle(e.Publisher)
	}
	if len(e.Authors) > 0 {
		out.Author = e.Authors[0]
	}
	return out
}
