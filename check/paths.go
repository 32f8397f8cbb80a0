package check

import (
	"path/filepath"
	"slices"
	"strings"
)

// OnlyProblems returns the report with the found rows left out; the summary
// still counts every reference.
func (r Report) OnlyProblems() Report {
	out := r
	out.DOIs = slices.DeleteFunc(slices.Clone(r.DOIs), func(row Row) bool { return !row.Problem() })
	return out
}

// RelativeTo returns the report with every location's file written relative
// to dir when it lies inside dir, as people and CI annotations name files;
// other paths and "<stdin>" stay as given.
func (r Report) RelativeTo(dir string) Report {
	if dir == "" {
		return r
	}
	out := r
	out.DOIs = make([]Row, len(r.DOIs))
	for i, row := range r.DOIs {
		out.DOIs[i] = row.relativeTo(dir)
	}
	out.Files = make([]string, len(r.Files))
	for i, f := range r.Files {
		out.Files[i] = relativePath(dir, f)
	}
	return out
}

func (row Row) relativeTo(dir string) Row {
	row.Locations = slices.Clone(row.Locations)
	for j := range row.Locations {
		row.Locations[j].File = relativePath(dir, row.Locations[j].File)
	}
	return row
}

func relativePath(dir, file string) string {
	if file == stdinName {
		return file
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return file
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return file
	}
	return rel
}

// total is the number of rows, found ones included even when OnlyProblems
// left them out of DOIs.
func (r Report) total() int {
	n := 0
	for _, c := range r.Summary {
		n += c
	}
	return n
}
