package europepmc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
)

// Response is a Europe PMC search answer in resultType=core, format=json.
// HitCount and ResultList are pointers so that a 200 without them is told
// apart from a genuine zero-hit answer.
type Response struct {
	Version        string      `json:"version"`
	HitCount       *int        `json:"hitCount"`
	NextCursorMark string      `json:"nextCursorMark"`
	ResultList     *ResultList `json:"resultList"`
}

// ResultList holds the records of one page.
type ResultList struct {
	Result []Result `json:"result"`
}

// Result is one core record. Only the fields citeloop uses are decoded.
type Result struct {
	ID              string `json:"id"`
	Source          string `json:"source"`
	PMID            string `json:"pmid"`
	PMCID           string `json:"pmcid"`
	IsOpenAccess    string `json:"isOpenAccess"`
	InEPMC          string `json:"inEPMC"`
	FullTextURLList *struct {
		FullTextURL []struct {
			Site             string `json:"site"`
			AvailabilityCode string `json:"availabilityCode"`
		} `json:"fullTextUrl"`
	} `json:"fullTextUrlList"`
	DOI                  string `json:"doi"`
	Title                string `json:"title"`
	AuthorString         string `json:"authorString"`
	AbstractText         string `json:"abstractText"`
	PubYear              string `json:"pubYear"`
	FirstPublicationDate string `json:"firstPublicationDate"`
	// ElectronicPublicationDate is the online-first date (core).
	ElectronicPublicationDate string `json:"electronicPublicationDate"`
	PageInfo                  string `json:"pageInfo"`
	// JournalTitle, JournalVolume, Issue and JournalISSN are the lite
	// form of journalInfo.
	JournalTitle        string `json:"journalTitle"`
	JournalVolume       string `json:"journalVolume"`
	Issue               string `json:"issue"`
	JournalISSN         string `json:"journalIssn"`
	BookOrReportDetails *struct {
		Publisher string `json:"publisher"`
	} `json:"bookOrReportDetails"`
	AuthorList *struct {
		Author []struct {
			FullName       string `json:"fullName"`
			CollectiveName string `json:"collectiveName"`
		} `json:"author"`
	} `json:"authorList"`
	JournalInfo *struct {
		Volume               string `json:"volume"`
		Issue                string `json:"issue"`
		PrintPublicationDate string `json:"printPublicationDate"`
		Journal              struct {
			Title               string `json:"title"`
			MedlineAbbreviation string `json:"medlineAbbreviation"`
			ISOAbbreviation     string `json:"isoabbreviation"`
			ISSN                string `json:"issn"`
			ESSN                string `json:"essn"`
		} `json:"journal"`
	} `json:"journalInfo"`
	PubTypeList *struct {
		PubType stringList `json:"pubType"`
	} `json:"pubTypeList"`
	// PubType is the lite form: one "; "-joined string.
	PubType               string `json:"pubType"`
	CommentCorrectionList *struct {
		CommentCorrection []struct {
			ID     string `json:"id"`
			Source string `json:"source"`
			Type   string `json:"type"`
		} `json:"commentCorrection"`
	} `json:"commentCorrectionList"`
}

// stringList decodes either a JSON string or an array of strings: Europe PMC
// returns a bare string when a list has one element in some responses.
type stringList []string

func (s *stringList) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var one string
		if err := json.Unmarshal(b, &one); err != nil {
			return err
		}
		*s = []string{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return err
	}
	*s = many
	return nil
}

// ParseResponse decodes a search answer and checks that it is one: a body
// without hitCount or resultList is an error, never an empty result.
func ParseResponse(body []byte) (*Response, error) {
	var r Response
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, fmt.Errorf("decode search response: %w", err)
	}
	if r.HitCount == nil {
		return nil, fmt.Errorf("search response has no hitCount")
	}
	if r.ResultList == nil {
		return nil, fmt.Errorf("search response has no resultList")
	}
	return &r, nil
}

// Record converts a core result to an oracle record. The DOI is normalised;
// a record whose DOI is missing or invalid gets an empty DOI.
func (r Result) Record() oracles.Record {
	rec := oracles.Record{
		PMID:     r.PMID,
		PMCID:    r.PMCID,
		Title:    CleanText(r.Title),
		Abstract: CleanText(r.AbstractText),
		Source:   r.Source,
		PubTypes: r.pubTypes(),
	}
	rec.OpenAccess = r.openAccess()
	if d, err := doi.Normalize(r.DOI); err == nil {
		rec.DOI = d
	}
	if y, err := strconv.Atoi(r.PubYear); err == nil {
		rec.Year = y
	}
	if r.AuthorList != nil {
		for _, a := range r.AuthorList.Author {
			name := a.FullName
			if name == "" {
				name = a.CollectiveName
			}
			if name != "" {
				rec.Authors = append(rec.Authors, name)
			}
		}
	}
	if len(rec.Authors) == 0 && r.AuthorString != "" {
		for _, a := range strings.Split(strings.TrimSuffix(r.AuthorString, "."), ",") {
			if a = strings.TrimSpace(a); a != "" {
				rec.Authors = append(rec.Authors, a)
			}
		}
	}
	r.journal(&rec)
	if rec.Journal == "" && r.BookOrReportDetails != nil {
		rec.Journal = r.BookOrReportDetails.Publisher
	}
	for _, t := range rec.PubTypes {
		switch strings.ToLower(t) {
		case "retracted publication":
			rec.Retracted = true
		case "retraction of publication":
			rec.RetractionNotice = true
		case "published erratum", "erratum":
			rec.Erratum = true
		case "preprint":
			rec.Preprint = true
		}
	}
	if r.CommentCorrectionList != nil {
		for _, c := range r.CommentCorrectionList.CommentCorrection {
			switch c.Type {
			case "Retraction in":
				rec.Retracted = true
			case "Retraction of":
				rec.RetractionNotice = true
			case "Erratum for":
				rec.Erratum = true
			case "Erratum in", "Corrected and republished in":
				rec.Corrected = true
			case "Preprint of":
				// The published version, by Europe PMC's own id; Lookup
				// resolves its DOI (see resolvePublished).
				if l, ok := preprintLink(c.Source, c.ID); ok && rec.PublishedAs == "" {
					rec.Preprint, rec.PublishedAs, rec.PublishedBy = true, l, Name
				}
			case "Preprint in":
				// The paper's preprint, by Europe PMC's own id; Lookup
				// resolves its DOI too.
				if l, ok := preprintLink(c.Source, c.ID); ok && rec.PreprintAs == "" {
					rec.PreprintAs = l
				}
			}
		}
	}
	if r.Source == "PPR" {
		rec.Preprint = true
	}
	if strings.HasPrefix(strings.ToLower(rec.Title), "department of error") {
		rec.Erratum = true
	}
	return rec
}

// journal sets the record's journal, its abbreviations, ISSNs, volume,
// issue, pages and print and online years, from core's journalInfo or the
// lite fields.
func (r Result) journal(rec *oracles.Record) {
	rec.Pages = strings.TrimSpace(r.PageInfo)
	rec.OnlineYear = leadingYear(r.ElectronicPublicationDate)
	if ji := r.JournalInfo; ji != nil {
		j := ji.Journal
		rec.Journal = CleanText(j.Title)
		for _, a := range []string{j.ISOAbbreviation, j.MedlineAbbreviation} {
			if a = strings.TrimSpace(a); a != "" && !slices.Contains(rec.JournalAbbrevs, a) {
				rec.JournalAbbrevs = append(rec.JournalAbbrevs, a)
			}
		}
		if rec.Journal == "" && len(rec.JournalAbbrevs) > 0 {
			rec.Journal = rec.JournalAbbrevs[0]
		}
		for _, n := range []string{j.ISSN, j.ESSN} {
			if n = strings.TrimSpace(n); n != "" && !slices.Contains(rec.ISSN, n) {
				rec.ISSN = append(rec.ISSN, n)
			}
		}
		rec.Volume, rec.Issue = strings.TrimSpace(ji.Volume), strings.TrimSpace(ji.Issue)
		rec.PrintYear = leadingYear(ji.PrintPublicationDate)
		return
	}
	// The lite form: journalTitle is the MEDLINE abbreviation.
	rec.Journal = CleanText(r.JournalTitle)
	rec.Volume, rec.Issue = strings.TrimSpace(r.JournalVolume), strings.TrimSpace(r.Issue)
	if n := strings.TrimSpace(r.JournalISSN); n != "" {
		for _, part := range strings.Split(n, ";") {
			if part = strings.TrimSpace(part); part != "" {
				rec.ISSN = append(rec.ISSN, part)
			}
		}
	}
}

// leadingYear is the year a date "2019-08-01" starts with, 0 if none.
func leadingYear(date string) int {
	if len(date) < 4 {
		return 0
	}
	y, err := strconv.Atoi(date[:4])
	if err != nil || y < 1000 {
		return 0
	}
	return y
}

func (r Result) pubTypes() []string {
	if r.PubTypeList != nil && len(r.PubTypeList.PubType) > 0 {
		return append([]string(nil), r.PubTypeList.PubType...)
	}
	var out []string
	for _, t := range strings.Split(r.PubType, ";") {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// CleanText turns Europe PMC's lightly marked-up titles and abstracts into
// plain text: contract.CleanText, the reader's view every path shares.
func CleanText(s string) string { return contract.CleanText(s) }

// clean is CleanText; kept so the shortcut tests read as before.
func clean(s string) string { return contract.CleanText(s) }

// isClean is the shortcut contract.CleanText takes: no "<", no "&", no
// whitespace but single spaces between words, NFC. It implies that
// CleanText returns s unchanged.
func isClean(s string) bool {
	if s != strings.TrimSpace(s) || !norm.NFC.IsNormalString(s) {
		return false
	}
	prevSpace := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '<', '&', '\t', '\n', '\f', '\r':
			return false
		case ' ':
			if prevSpace {
				return false
			}
			prevSpace = true
		default:
			prevSpace = false
		}
	}
	return true
}

// openAccess reports whether Europe PMC serves the record's full text:
// it has a PMCID and says isOpenAccess and inEPMC "Y", or lists a
// Europe_PMC full-text link with availabilityCode "OA".
func (r Result) openAccess() bool {
	if r.PMCID == "" {
		return false
	}
	if r.IsOpenAccess == "Y" && r.InEPMC == "Y" {
		return true
	}
	if r.FullTextURLList != nil {
		for _, u := range r.FullTextURLList.FullTextURL {
			if u.Site == "Europe_PMC" && u.AvailabilityCode == "OA" {
				return true
			}
		}
	}
	return false
}
