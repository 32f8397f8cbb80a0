package crossref

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

// WorkResponse is the envelope of GET /works/{doi}.
type WorkResponse struct {
	Status      string `json:"status"`
	MessageType string `json:"message-type"`
	Message     *Work  `json:"message"`
}

// Work is the part of a Crossref work citeloop uses.
type Work struct {
	DOI   string   `json:"DOI"`
	Title []string `json:"title"`
	// Subtitle is the title's subtitle, which Crossref keeps apart
	// ("Suspension syndrome" and "a scoping review").
	Subtitle       []string `json:"subtitle"`
	Author         []Author `json:"author"`
	ContainerTitle []string `json:"container-title"`
	// ShortContainerTitle is the journal's abbreviation ("Genome Res.").
	ShortContainerTitle []string `json:"short-container-title"`
	ISSN                []string `json:"ISSN"`
	Volume              string   `json:"volume"`
	Issue               string   `json:"issue"`
	Page                string   `json:"page"`
	ArticleNumber       string   `json:"article-number"`
	// Institution and GroupTitle name a posted-content work's server
	// ("bioRxiv"; "MetaArXiv"), Publisher its publisher.
	Institution []struct {
		Name string `json:"name"`
	} `json:"institution"`
	GroupTitle     string     `json:"group-title"`
	Publisher      string     `json:"publisher"`
	Type           string     `json:"type"`
	Subtype        string     `json:"subtype"`
	Source         string     `json:"source"`
	Issued         *DateParts `json:"issued"`
	PublishedPrint *DateParts `json:"published-print"`
	PublishedOnl   *DateParts `json:"published-online"`
	// UpdateTo is set on a notice (retraction, correction) and names the
	// works it updates.
	UpdateTo []Update `json:"update-to"`
	// UpdatedBy is set on an updated work and names its notices (Crossref
	// fills it, with Retraction Watch data, since 2024).
	UpdatedBy []Update `json:"updated-by"`
	// Relation links the work to others by relation type; citeloop reads
	// is-preprint-of, the published version of a preprint, and
	// has-preprint, the preprint of a published paper.
	Relation map[string][]Relation `json:"relation"`
}

// Relation is one target of a relation type: {"id-type": "doi", "id":
// "10.x/y", "asserted-by": "subject"}.
type Relation struct {
	IDType     string `json:"id-type"`
	ID         string `json:"id"`
	AssertedBy string `json:"asserted-by"`
}

// Author is one contributor: a person (given, family) or an organisation
// (name).
type Author struct {
	Given  string `json:"given"`
	Family string `json:"family"`
	Name   string `json:"name"`
}

// DateParts is Crossref's {"date-parts": [[year, month, day]]}.
type DateParts struct {
	DateParts [][]*int `json:"date-parts"`
}

// Update is one entry of update-to or updated-by.
type Update struct {
	DOI   string `json:"DOI"`
	Type  string `json:"type"`
	Label string `json:"label"`
}

// year returns the first year of the first date that has one.
func year(ds ...*DateParts) int {
	for _, d := range ds {
		if d != nil && len(d.DateParts) > 0 && len(d.DateParts[0]) > 0 && d.DateParts[0][0] != nil {
			return *d.DateParts[0][0]
		}
	}
	return 0
}

func isRetraction(typ string) bool {
	switch strings.ToLower(typ) {
	case "retraction", "withdrawal", "removal":
		return true
	}
	return false
}

func isCorrection(typ string) bool {
	switch strings.ToLower(typ) {
	case "correction", "erratum", "corrigendum":
		return true
	}
	return false
}

// Record converts the work. Retraction: an updated-by entry of type
// retraction, withdrawal or removal, or an update-to retraction that names
// the work itself (an in-place retraction). A work whose update-to
// retracts another work is a retraction notice; one that corrects another
// is an erratum. Posted-content preprints are flagged.
func (w *Work) Record() *oracles.Record {
	rec := &oracles.Record{
		DOI:    strings.ToLower(w.DOI),
		Year:   year(w.Issued, w.PublishedPrint, w.PublishedOnl),
		Source: w.Source,
	}
	if n, err := doi.Normalize(w.DOI); err == nil {
		rec.DOI = n
	}
	if len(w.Title) > 0 {
		rec.Title = cleanTitle(w.Title[0])
		// The title as the paper prints it: with its subtitle, unless
		// the title already holds it.
		if len(w.Subtitle) > 0 {
			if sub := cleanTitle(w.Subtitle[0]); sub != "" && !strings.Contains(strings.ToLower(rec.Title), strings.ToLower(sub)) {
				rec.Title += ": " + sub
			}
		}
	}
	w.venue(rec)
	for _, a := range w.Author {
		// "Family, Given": Crossref says which is which, and a family name
		// of two words ("López Jiménez") must not read as a given name.
		name := strings.TrimSpace(a.Family)
		if g := strings.TrimSpace(a.Given); g != "" && name != "" {
			name += ", " + g
		} else if name == "" {
			name = g
		}
		if name == "" {
			name = strings.TrimSpace(a.Name)
		}
		if name != "" {
			rec.Authors = append(rec.Authors, name)
		}
	}
	if w.Type != "" {
		rec.PubTypes = []string{w.Type}
		if w.Subtype != "" {
			rec.PubTypes = append(rec.PubTypes, w.Subtype)
		}
	}
	rec.Preprint = w.Type == "posted-content" && w.Subtype == "preprint"
	for _, r := range w.Relation["is-preprint-of"] {
		if n, err := doi.Normalize(r.ID); err == nil && strings.EqualFold(r.IDType, "doi") {
			rec.Preprint, rec.PublishedDOI, rec.PublishedBy = true, n, Name
			break
		}
	}
	for _, r := range w.Relation["has-preprint"] {
		if n, err := doi.Normalize(r.ID); err == nil && strings.EqualFold(r.IDType, "doi") {
			rec.PreprintDOI = n
			break
		}
	}
	for _, u := range w.UpdatedBy {
		if isRetraction(u.Type) {
			rec.Retracted = true
		}
	}
	for _, u := range w.UpdateTo {
		self := u.DOI == "" || doi.Same(u.DOI, w.DOI)
		switch {
		case isRetraction(u.Type) && self:
			rec.Retracted = true
		case isRetraction(u.Type):
			rec.RetractionNotice = true
		case isCorrection(u.Type) && !self:
			rec.Erratum = true
		}
	}
	return rec
}

// venue sets the record's journal (or, for a preprint, its server), the
// journal's other names and ISSNs, volume, issue, pages, and the online and
// print years.
func (w *Work) venue(rec *oracles.Record) {
	add := func(names ...string) {
		for _, n := range names {
			if n = contract.CleanText(n); n != "" && n != rec.Journal && !slices.Contains(rec.JournalAbbrevs, n) {
				rec.JournalAbbrevs = append(rec.JournalAbbrevs, n)
			}
		}
	}
	if len(w.ContainerTitle) > 0 {
		rec.Journal = contract.CleanText(w.ContainerTitle[0])
		add(w.ContainerTitle[1:]...)
	}
	add(w.ShortContainerTitle...)
	if w.Type == "posted-content" {
		// A preprint's venue is its server: the institution, else the group
		// title of an OSF-style server ("MetaArXiv"; other group titles are
		// subjects), else the publisher.
		var names []string
		for _, i := range w.Institution {
			names = append(names, i.Name)
		}
		if serverName(w.GroupTitle) {
			names = append(names, w.GroupTitle, w.Publisher)
		} else {
			names = append(names, w.Publisher, w.GroupTitle)
		}
		for _, n := range names {
			if n = contract.CleanText(n); n != "" && rec.Journal == "" {
				rec.Journal = n
			}
		}
		add(names...)
	}
	for _, n := range w.ISSN {
		if n = strings.TrimSpace(n); n != "" && !slices.Contains(rec.ISSN, n) {
			rec.ISSN = append(rec.ISSN, n)
		}
	}
	rec.Volume, rec.Issue = strings.TrimSpace(w.Volume), strings.TrimSpace(w.Issue)
	rec.Pages = strings.TrimSpace(w.Page)
	if rec.Pages == "" {
		rec.Pages = strings.TrimSpace(w.ArticleNumber)
	}
	rec.OnlineYear, rec.PrintYear = year(w.PublishedOnl), year(w.PublishedPrint)
}

// serverName reports whether a group title names a preprint server rather
// than a subject.
func serverName(s string) bool {
	l := strings.ToLower(s)
	return strings.Contains(l, "rxiv") || strings.Contains(l, "preprint") || strings.Contains(l, "ssrn")
}

// cleanTitle is a title as a reader sees it. Crossref serves some titles
// with their HTML entity-encoded ("&lt;i&gt;"); what one cleaning leaves
// as tags is cleaned again.
func cleanTitle(s string) string {
	t := contract.CleanText(s)
	if strings.Contains(t, "<") {
		t = contract.CleanText(htmlTag.ReplaceAllString(t, ""))
	}
	return t
}

// htmlTag is an HTML tag as an entity-encoded title leaves it.
var htmlTag = regexp.MustCompile(`</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>`)

// ParseWork decodes a 200 body of GET /works/{doi}. A body without a work
// message, or whose work has no DOI, is an error.
func ParseWork(body []byte) (*Work, error) {
	var wr WorkResponse
	if err := json.Unmarshal(body, &wr); err != nil {
		return nil, err
	}
	switch {
	case wr.Message == nil:
		return nil, fmt.Errorf("no message")
	case wr.MessageType != "" && wr.MessageType != "work":
		return nil, fmt.Errorf("message-type %q, want work", wr.MessageType)
	case wr.Message.DOI == "":
		return nil, fmt.Errorf("work without a DOI")
	}
	return wr.Message, nil
}

func (c *Client) parseWork(resp *httpx.Response) (*oracles.Record, error) {
	if err := c.perDOI.HTTP.CheckJSON(resp); err != nil {
		return nil, err
	}
	w, err := ParseWork(resp.Body)
	if err != nil {
		return nil, c.perDOI.HTTP.Bad(resp, err.Error())
	}
	return w.Record(), nil
}
