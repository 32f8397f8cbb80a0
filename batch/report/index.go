package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/citeloop/citeloop/batch/internal/jsonobj"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/atomicfile"
)

// IndexFile lists the nights of a scheduled batch folder.
const IndexFile = "index.html"

// Night is one night's line in the index: a night's folder, or one of
// its sub-folders (a night of a folder of leads files runs each file in
// one).
type Night struct {
	Dir      string
	Run      string
	Leads    int
	Verified int
	Failed   int
	Pending  int
	// Error says why the night ran no lead: a failed night.
	Error string
}

var indexPage = template.Must(template.New("index").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>citeloop nights</title>
<style>body{font-family:sans-serif;margin:1.5em}td,th{border:1px solid #ccc;padding:.25em .6em}table{border-collapse:collapse}
td:first-child{white-space:nowrap}tr.failed td{color:#c0392b;font-weight:bold}</style>
</head><body><h1>Batch nights</h1>
<table id="nights"><tr><th>night</th><th>run</th><th>leads</th><th>verified or unchanged</th><th>not verified</th><th>pending</th><th>status</th></tr>
{{range .}}<tr class="night{{if .Error}} failed{{end}}"><td><a href="{{.Dir}}/report.html">{{.Dir}}</a></td><td>{{.Run}}</td><td>{{.Leads}}</td><td>{{.Verified}}</td><td>{{.Failed}}</td><td>{{.Pending}}</td><td>{{if .Error}}failed: {{.Error}}{{else if .Pending}}running{{else}}done{{end}}</td></tr>
{{else}}<tr><td colspan="7">no night has a report yet</td></tr>
{{end}}</table></body></html>
`))

// WriteIndex writes dir/index.html listing every sub-folder of dir that
// holds a report.json, newest name first, and returns the nights listed.
func WriteIndex(dir string) ([]Night, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("report index: %w", err)
	}
	nights := []Night{}
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		n, err := indexNight(dir, e.Name())
		if errors.Is(err, os.ErrNotExist) {
			// A night of a folder of leads files: one report per file.
			subs, _ := os.ReadDir(filepath.Join(dir, e.Name()))
			for _, sub := range subs {
				if !sub.IsDir() || strings.HasPrefix(sub.Name(), ".") {
					continue
				}
				n, err := indexNight(dir, e.Name()+"/"+sub.Name())
				if errors.Is(err, os.ErrNotExist) {
					continue
				}
				if err != nil {
					return nil, err
				}
				nights = append(nights, n)
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		nights = append(nights, n)
	}
	slices.SortFunc(nights, func(a, b Night) int { return strings.Compare(b.Dir, a.Dir) })
	var b bytes.Buffer
	if err := indexPage.Execute(&b, nights); err != nil {
		return nil, fmt.Errorf("report index: %w", err)
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, IndexFile), b.Bytes()); err != nil {
		return nil, fmt.Errorf("report index: %w", err)
	}
	return nights, nil
}

// indexNight is the index line of the night (or night/part) folder name
// in dir, from its report.json.
func indexNight(dir, name string) (Night, error) {
	r, err := readHead(filepath.Join(dir, filepath.FromSlash(name), JSONFile))
	if errors.Is(err, os.ErrNotExist) {
		return Night{}, err
	}
	if err != nil {
		return Night{}, fmt.Errorf("report index: %w", err)
	}
	ok := r.Totals.Outcomes[contract.Verified] + r.Totals.Outcomes[contract.Unchanged]
	return Night{Dir: name, Run: r.Run, Leads: r.Totals.Leads, Verified: ok, Failed: r.Totals.Leads - ok, Pending: r.Totals.Pending, Error: r.Error}, nil
}

// readHead reads a report.json up to its lines, which it does not read: an
// index of a year of nights of 10,000 leads reads a few hundred bytes a
// night.
func readHead(path string) (Report, error) {
	var r Report
	f, err := os.Open(path)
	if err != nil {
		return r, err
	}
	defer f.Close()
	dec := json.NewDecoder(bufio.NewReader(f))
	err = jsonobj.Members(dec, func(name string) error {
		switch name {
		case "leads":
			return jsonobj.ErrStop
		case "run":
			return dec.Decode(&r.Run)
		case "error":
			return dec.Decode(&r.Error)
		case "totals":
			return dec.Decode(&r.Totals)
		}
		return jsonobj.Skip(dec)
	})
	if err != nil {
		return r, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}
