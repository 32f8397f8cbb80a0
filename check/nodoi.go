package check

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/citeloop/citeloop/bib"
	"github.com/citeloop/citeloop/oracles"
)

// searchRows is how many records each title search asks for: the paper, if
// it is there, is among the first few.
const searchRows = 5

// searchTitle asks s for the records it ranks best for a title and a first
// author's family name: a bibliographic oracles.Query, which each searcher
// writes in its own syntax.
func searchTitle(ctx context.Context, s oracles.Searcher, title, author string) ([]oracles.Record, error) {
	res, err := s.Search(ctx, oracles.Query{Title: title, Author: author}, searchRows)
	if err != nil {
		return nil, err
	}
	recs := make([]oracles.Record, 0, len(res.Hits))
	for _, h := range res.Hits {
		recs = append(recs, h.Record)
	}
	return recs, nil
}

// familyName guesses the family name of an author as files write it:
// before a comma ("Müller, Hans"), the first word before initials
// ("Müller H", "Smith AB"), else the last word ("Hans Müller").
func familyName(author string) string {
	if family, _, ok := strings.Cut(author, ","); ok {
		return strings.TrimSpace(family)
	}
	words := strings.Fields(author)
	switch {
	case len(words) == 0:
		return ""
	case len(words) > 1 && isInitials(words[len(words)-1]):
		return words[0]
	default:
		return words[len(words)-1]
	}
}

// isInitials reports whether w looks like initials: at most three
// upper-case letters, dots allowed ("AB", "J.", "H.-P.").
func isInitials(w string) bool {
	letters := 0
	for _, r := range w {
		switch {
		case r == '.' || r == '-':
		case r >= 'A' && r <= 'Z':
			letters++
		default:
			return false
		}
	}
	return letters > 0 && letters <= 3
}

// candidates are the distinct DOIs among recs whose title is at least
// threshold similar to e's and whose year agrees within one (when both
// have one).
func candidates(e bib.Entry, recs []oracles.Record, threshold float64) []oracles.Record {
	var out []oracles.Record
	seen := map[string]bool{}
	for _, r := range recs {
		if r.DOI == "" || seen[r.DOI] || titleSimilarity(e.Title, r.Title) < threshold {
			continue
		}
		if e.Year != 0 && r.Year != 0 && (e.Year-r.Year > 1 || r.Year-e.Year > 1) {
			continue
		}
		seen[r.DOI] = true
		out = append(out, r)
	}
	return out
}

// noDOIEntry is an entry without a DOI and where it was read.
type noDOIEntry struct {
	entry bib.Entry
	loc   Location
}

// entriesWithoutDOI lists the entries of the documents that name a paper
// by its title and give no DOI at all (an invalid DOI is extraction's to
// report); software, which mostly has no DOI to find, is left out. parsed
// are docs as bib read them.
func entriesWithoutDOI(docs []Document, parsed []bib.Document) []noDOIEntry {
	var out []noDOIEntry
	for i, d := range docs {
		for _, e := range parsed[i].Entries {
			if e.DOI != "" || e.RawDOI != "" || strings.TrimSpace(e.Title) == "" || e.Software {
				continue
			}
			out = append(out, noDOIEntry{entry: e, loc: Location{File: d.Name, Line: entryLine(d.Text, e), Raw: e.Label}})
		}
	}
	return out
}

// entryLine is the line where e is written: the line a RIS label names
// ("record 2 (line 7)"), the line of a BibTeX key, else of the title, else
// 0 when neither is found as written.
func entryLine(text string, e bib.Entry) int {
	if _, rest, ok := strings.Cut(e.Label, "(line "); ok {
		if n, err := strconv.Atoi(strings.TrimSuffix(rest, ")")); err == nil && n > 0 {
			return n
		}
	}
	for _, needle := range []string{"{" + e.Label + ",", e.Title} {
		if i := strings.Index(text, needle); needle != "" && i >= 0 {
			return strings.Count(text[:i], "\n") + 1
		}
	}
	return 0
}

// noDOIRows looks each entry without a DOI up by title and first author in
// every search and returns its row: verdict no_doi, with the suggested DOI
// when exactly one distinct candidate qualifies (see candidates). A search
// that fails is named in the row; the verdict stays no_doi, since the entry
// lacks a DOI whatever the services say.
func noDOIRows(ctx context.Context, searches []oracles.Searcher, entries []noDOIEntry, threshold float64) []Row {
	rows := make([]Row, len(entries))
	var wg sync.WaitGroup
	slots := make(chan struct{}, checkParallel)
	for i, ne := range entries {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			rows[i] = noDOIRow(ctx, searches, ne, threshold)
		})
	}
	wg.Wait()
	return rows
}

func noDOIRow(ctx context.Context, searches []oracles.Searcher, ne noDOIEntry, threshold float64) Row {
	e := ne.entry
	row := Row{Verdict: VerdictNoDOI, Entry: entryOf(e), Locations: []Location{ne.loc}}
	if len(searches) == 0 {
		row.Error = "no DOI; no oracle to search by title"
		return row
	}
	s := searchEntry(ctx, searches, e, threshold, "")
	row.Oracle = strings.Join(s.asked, ",")
	row.Candidates = len(s.found)
	switch {
	case len(s.found) == 1:
		row.SuggestedDOI = s.found[0].DOI
		row.Title = cleanTitle(s.found[0].Title)
		row.Year = s.found[0].Year
		row.Error = "no DOI; found " + s.found[0].DOI
	case len(s.found) > 1:
		row.Error = fmt.Sprintf("no DOI; ambiguous: %d candidates", len(s.found))
	case len(s.failed) > 0:
		row.Error = "no DOI; search failed: " + strings.Join(s.failed, "; ")
	default:
		row.Error = "no DOI; no candidate found"
	}
	return row
}

// entryOf is what the report shows of an entry.
func entryOf(e bib.Entry) *Entry {
	out := &Entry{Label: e.Label, Title: cleanTitle(e.Title), Year: e.Year}
	if len(e.Authors) > 0 {
		out.Author = e.Authors[0]
	}
	return out
}

// searched is what the title searches of one entry gave.
type searched struct {
	found  []oracles.Record // the qualifying candidates
	asked  []string         // the services that answered
	failed []string         // "service: error" for those that did not
}

// searchEntry asks every search for e's title and first author's family
// name and keeps the qualifying candidates other than the DOI except.
func searchEntry(ctx context.Context, searches []oracles.Searcher, e bib.Entry, threshold float64, except string) searched {
	author := ""
	if len(e.Authors) > 0 {
		author = familyName(e.Authors[0])
	}
	var (
		out searched
		all []oracles.Record
	)
	for _, s := range searches {
		recs, err := searchTitle(ctx, s, e.Title, author)
		if err != nil {
			out.failed = append(out.failed, fmt.Sprintf("%s: %v", s.Name(), err))
			continue
		}
		out.asked = append(out.asked, s.Name())
		all = append(all, recs...)
	}
	for _, r := range candidates(e, all, threshold) {
		if r.DOI != except {
			out.found = append(out.found, r)
		}
	}
	return out
}

// suggestCorrections searches by title and first author for the entry of
// every mismatch row and sets SuggestedDOI where exactly one other paper
// qualifies: the DOI the entry should have carried.
func suggestCorrections(ctx context.Context, searches []oracles.Searcher, rows []Row, entries map[string]bib.Entry, threshold float64) {
	if len(searches) == 0 {
		return
	}
	var wg sync.WaitGroup
	slots := make(chan struct{}, checkParallel)
	for i := range rows {
		e, ok := entries[rows[i].DOI]
		if rows[i].Verdict != VerdictMismatch || !ok || strings.TrimSpace(e.Title) == "" {
			continue
		}
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			s := searchEntry(ctx, searches, e, threshold, rows[i].DOI)
			rows[i].Candidates = len(s.found)
			switch {
			case len(s.found) == 1:
				rows[i].SuggestedDOI = s.found[0].DOI
				rows[i].Error += "; the entry's paper is " + s.found[0].DOI
			case len(s.found) > 1:
				rows[i].Error += fmt.Sprintf("; ambiguous: %d candidates for the entry", len(s.found))
			}
		})
	}
	wg.Wait()
}
