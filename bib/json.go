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
	PMID  string `json:"pmid"`
	PMCID string `json:"pmcid"`
	URL   string `json:"url"`
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
			Label: "record " + strconv.Itoa(i+1), Title: strings.TrimSpace(r.Title),
			Abstract: strings.TrimSpace(r.Abstract), Authors: r.Authors, Journal: r.Journal,
			PMID: r.PMID, PMCID: r.PMCID,
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
					name := strings.TrimSpace(strings.TrimSpace(a.Family+" "+a.Given) + a.Literal)
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
