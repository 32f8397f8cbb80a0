package bib

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// jsonSource accepts contract.Entry-like and CSL-JSON records. Field names
// match case-insensitively, so "DOI" and "doi" both land in DOI.
type jsonSource struct {
	DOI            string          `json:"doi"`
	Title          string          `json:"title"`
	Abstract       string          `json:"abstract"`
	Authors        []string        `json:"authors"`
	Author         json.RawMessage `json:"author"`
	Journal        string          `json:"journal"`
	ContainerTitle string          `json:"container-title"`
	Year           json.RawMessage `json:"year"`
	Issued         *struct {
		DateParts [][]json.Number `json:"date-parts"`
	} `json:"issued"`
	PMID      string          `json:"pmid"`
	PMCID     string          `json:"pmcid"`
	URL       string          `json:"url"`
	Type      string          `json:"type"`
	Volume    json.RawMessage `json:"volume"`
	Issue     json.RawMessage `json:"issue"`
	Page      json.RawMessage `json:"page"`
	ISSN      json.RawMessage `json:"ISSN"`
	Publisher string          `json:"publisher"`
	// line is the line the record starts on, set by the array reader.
	line int
}

// scalar reads a CSL value that files write as a string or a number.
func scalar(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String()
	}
	return ""
}

// strings reads a CSL value written as a string or a list of strings.
func stringsOf(raw json.RawMessage) []string {
	if len(raw) == 0 {
		return nil
	}
	var many []string
	if json.Unmarshal(raw, &many) == nil {
		return many
	}
	return splitList(scalar(raw))
}

// parseCSLArray reads a CSL JSON array, each record with the line it
// starts on.
func parseCSLArray(data []byte) ([]Entry, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var recs []jsonSource
	line, counted := 1, 0
	for dec.More() {
		off := int(dec.InputOffset())
		for off < len(data) && (data[off] == ',' || data[off] == ' ' || data[off] == '\n' || data[off] == '\r' || data[off] == '\t') {
			off++
		}
		line += bytes.Count(data[counted:min(off, len(data))], []byte("\n"))
		counted = min(off, len(data))
		var r jsonSource
		if err := dec.Decode(&r); err != nil {
			return nil, err
		}
		r.line = line
		recs = append(recs, r)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return jsonEntries(recs), nil
}

// cslType is what a CSL type says the entry cites.
func cslType(t string) Type {
	switch t {
	case "article-journal", "article-magazine", "article-newspaper", "review":
		return TypeArticle
	case "article", "posted-content", "preprint":
		// CSL 1.0.2's "article" is a preprint or working paper.
		return TypePreprint
	case "":
		return ""
	}
	return TypeOther
}

func parseJSONLines(data []byte) ([]Entry, error) {
	var recs []jsonSource
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var r jsonSource
		if err := json.Unmarshal(text, &r); err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		recs = append(recs, r)
	}
	return jsonEntries(recs), sc.Err()
}

func jsonEntries(recs []jsonSource) []Entry {
	out := make([]Entry, 0, len(recs))
	for i, r := range recs {
		e := Entry{
			Label: "record " + strconv.Itoa(i+1), Line: r.line, Title: strings.TrimSpace(r.Title),
			Abstract: strings.TrimSpace(r.Abstract), Authors: r.Authors, Journal: r.Journal,
			PMID: r.PMID, PMCID: r.PMCID, Type: cslType(r.Type), Publisher: strings.TrimSpace(r.Publisher),
			Volume: scalar(r.Volume), Issue: scalar(r.Issue), Pages: scalar(r.Page), ISSN: stringsOf(r.ISSN),
		}
		e.setDOI(strings.TrimPrefix(strings.TrimSpace(r.DOI), "DOI "))
		if e.RawDOI == "" {
			e.setDOI(doiFromURL(r.URL))
		}
		if e.Journal == "" {
			e.Journal = r.ContainerTitle
		}
		if len(e.Authors) == 0 && len(r.Author) > 0 {
			var csl []struct {
				Family  string `json:"family"`
				Given   string `json:"given"`
				Literal string `json:"literal"`
			}
			if json.Unmarshal(r.Author, &csl) == nil {
				for _, a := range csl {
					// "Family, Given": CSL says which is which, and a family
					// name of two words must not read as a given name.
					name := strings.TrimSpace(a.Family)
					if g := strings.TrimSpace(a.Given); g != "" && name != "" {
						name += ", " + g
					} else if name == "" {
						name = g
					}
					if name == "" {
						name = strings.TrimSpace(a.Literal)
					}
					if name != "" {
						e.Authors = append(e.Authors, name)
					}
				}
			}
		}
		if y := strings.Trim(string(r.Year), `" `); y != "" {
			e.Year = leadingYear(y)
		}
		if e.Year == 0 && r.Issued != nil && len(r.Issued.DateParts) > 0 && len(r.Issued.DateParts[0]) > 0 {
			if y, err := r.Issued.DateParts[0][0].Int64(); err == nil {
				e.Year = int(y)
			}
		}
		out = append(out, e)
	}
	return out
}
