package compare

import (
	"fmt"
	"regexp"
	"strings"
)

// venueStop are the words a journal's name drops in its abbreviation.
var venueStop = map[string]bool{"the": true, "of": true, "and": true, "in": true, "for": true, "on": true, "a": true, "an": true, "de": true, "la": true, "und": true, "fur": true}

// venueWords are a venue's words as compared.
func venueWords(s string) []string {
	var out []string
	for _, w := range strings.Fields(plain(strings.ReplaceAll(s, "&", " and "))) {
		if !venueStop[w] {
			out = append(out, canon(w))
		}
	}
	return out
}

// abbreviates reports whether short abbreviates long word for word, as
// ISO 4 abbreviations do: each word of short is the start of the word of
// long in its place ("J Clin Oncol" abbreviates "Journal of Clinical
// Oncology"; "Nat Commun" "Nature Communications").
func abbreviates(short, long []string) bool {
	if len(short) != len(long) || len(short) == 0 {
		return false
	}
	for i := range short {
		if !strings.HasPrefix(long[i], short[i]) {
			return false
		}
	}
	return true
}

// sameVenue reports whether an entry's venue names the record's: equal, or
// equal to one of its abbreviations, or one abbreviating the other.
func sameVenue(entry string, names []string) bool {
	ew := venueWords(entry)
	if len(ew) == 0 {
		return true
	}
	ek := strings.Join(ew, "")
	for _, n := range alsoShort(names) {
		nw := venueWords(n)
		if len(nw) == 0 {
			continue
		}
		if strings.Join(nw, "") == ek || abbreviates(ew, nw) || abbreviates(nw, ew) || acronymOf(ew, nw) {
			return true
		}
	}
	return false
}

// venueNote is what a record's venue name adds to the name people cite:
// a parenthesis ("Lancet (London, England)", "Br Med J (Clin Res Ed)",
// "California Digital Library (CDL)") or a subtitle after " : " ("Gastric
// cancer : official journal of …").
var venueNote = regexp.MustCompile(`\s*\([^()]*\)|\s+:\s.*$`)

// alsoShort is names with, after them, each name without its note.
func alsoShort(names []string) []string {
	out := append([]string{}, names...)
	for _, n := range names {
		if s := strings.TrimSpace(venueNote.ReplaceAllString(n, "")); s != "" && s != n {
			out = append(out, s)
		}
	}
	return out
}

// normISSN is an ISSN as digits and X, "" when s is not one.
func normISSN(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch {
		case r >= '0' && r <= '9', r == 'X':
			b.WriteRune(r)
		case r == '-' || r == ' ':
		default:
			return ""
		}
	}
	if b.Len() != 8 {
		return ""
	}
	return b.String()
}

// preprintServers name the venues of preprints.
var preprintServers = []string{"arxiv", "biorxiv", "medrxiv", "chemrxiv", "psyarxiv", "socarxiv", "osf preprints", "research square",
	"ssrn", "preprints", "authorea", "zenodo", "peerj preprints", "europe pmc", "biorxiv cold spring harbor", "f1000research", "scielo preprints", "techrxiv", "eartharxiv", "qeios"}

// isPreprintVenue reports whether a venue names a preprint server: one of
// preprintServers, any word ending in "rxiv" (EcoEvoRxiv, SocArXiv), or the
// word preprint.
func isPreprintVenue(v string) bool {
	p := plain(v)
	for _, s := range preprintServers {
		if p == s || strings.HasPrefix(p, s+" ") || strings.Contains(p, s) && strings.Contains(p, "preprint") {
			return true
		}
	}
	return strings.Contains(p, "preprint") || len(rxivServers(p)) > 0
}

// rxivServers are the words of a plain venue that name an -rxiv server.
func rxivServers(p string) []string {
	var out []string
	for _, w := range strings.Fields(p) {
		if strings.HasSuffix(w, "rxiv") && len(w) > 4 {
			out = append(out, w)
		}
	}
	return out
}

// otherServer reports whether the entry names one preprint server and the
// record another: "bioRxiv" for a medRxiv preprint. A record that names no
// server (only its publisher) never conflicts.
func otherServer(entry string, r Record) bool {
	es := rxivServers(plain(entry))
	if len(es) == 0 {
		return false
	}
	var rs []string
	for _, n := range append([]string{r.Venue}, r.VenueAbbrevs...) {
		rs = append(rs, rxivServers(plain(n))...)
	}
	if len(rs) == 0 {
		return false
	}
	for _, e := range es {
		for _, s := range rs {
			if e == s {
				return false
			}
		}
	}
	return true
}

func compareVenue(e Entry, r Record) outcome {
	names := append([]string{r.Venue}, r.VenueAbbrevs...)
	if r.Preprint && e.Venue != "" && !sameVenue(e.Venue, names) {
		switch {
		case e.Kind == KindArticle && !isPreprintVenue(e.Venue) || e.Kind == "" && !isPreprintVenue(e.Venue):
			m := mismatch(Venue, e.Venue, r.Venue, "the record is a preprint; the entry cites it as a journal article")
			m.mismatch.Kind = PreprintAsPublished
			return m
		case isPreprintVenue(e.Venue) && !otherServer(e.Venue, r):
			// A preprint server named for a preprint whose record names
			// its publisher or no server.
			return issnOutcome(e, r)
		}
	}
	if r.Preprint && e.Kind == KindArticle && e.Venue == "" && (e.Volume != "" || e.Pages != "") {
		m := mismatch(Venue, e.Venue, r.Venue, "the record is a preprint; the entry cites it as a journal article")
		m.mismatch.Kind = PreprintAsPublished
		return m
	}
	if e.Venue == "" || r.Venue == "" && len(r.VenueAbbrevs) == 0 {
		return issnOutcome(e, r)
	}
	if !sameVenue(e.Venue, append([]string{r.Venue}, r.VenueAbbrevs...)) {
		if o := issnOutcome(e, r); o.mismatch == nil && sharesISSN(e.ISSN, r.ISSN) {
			return note(fmt.Sprintf("venue %q is the record's ISSN", e.Venue))
		}
		return mismatch(Venue, e.Venue, r.Venue, fmt.Sprintf("%q, the record %q", e.Venue, r.Venue))
	}
	return issnOutcome(e, r)
}

// issnOutcome compares ISSNs when both sides give one.
func issnOutcome(e Entry, r Record) outcome {
	if len(e.ISSN) == 0 || len(r.ISSN) == 0 || sharesISSN(e.ISSN, r.ISSN) {
		return outcome{}
	}
	return mismatch(Venue, strings.Join(e.ISSN, ", "), strings.Join(r.ISSN, ", "), "the ISSN is not the record's")
}

func sharesISSN(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if nx := normISSN(x); nx != "" && nx == normISSN(y) {
				return true
			}
		}
	}
	return false
}

// acronymOf reports whether short is one word made of the initials of
// long's words (BMJ for "Br Med J", PNAS for "Proceedings of the National
// Academy of Sciences", JAMA for "Journal of the American Medical
// Association"): a journal named by its acronym, of three words or more
// (two letters name too many journals).
func acronymOf(short, long []string) bool {
	if len(short) != 1 || len(long) < 3 || len(short[0]) != len(long) {
		return false
	}
	for i, w := range long {
		if w == "" || short[0][i] != w[0] {
			return false
		}
	}
	return true
}
