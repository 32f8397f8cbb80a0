package main

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// benchDir holds the committed benchmark outputs.
const benchDir = "docs/bench"

// marker finds a table's block in a doc.
var marker = regexp.MustCompile(`(?s)(<!-- bench: ([A-Za-z0-9_.-]+) -->\n).*?(<!-- /bench -->)`)

// row is one benchmark's figures: the mean of each unit over its runs.
type row struct {
	name   string
	values map[string][]float64
}

// table renders one output file as a Markdown table with a line saying
// where and when it was measured.
func table(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	r := benchfmt.NewReader(f, path)
	var rows []*row
	byName := map[string]*row{}
	var units []string
	conf := map[string]string{}
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			if se, isErr := r.Result().(*benchfmt.SyntaxError); isErr {
				return "", se
			}
			continue
		}
		for _, c := range res.Config {
			if c.File {
				conf[c.Key] = string(c.Value)
			}
		}
		name := strings.TrimPrefix(res.Name.String(), "Benchmark")
		rw := byName[name]
		if rw == nil {
			rw = &row{name: name, values: map[string][]float64{}}
			byName[name] = rw
			rows = append(rows, rw)
		}
		for _, v := range res.Values {
			if !slices.Contains(units, v.Unit) {
				units = append(units, v.Unit)
			}
			rw.values[v.Unit] = append(rw.values[v.Unit], v.Value)
		}
	}
	if err := r.Err(); err != nil {
		return "", err
	}
	if len(rows) == 0 {
		return "", fmt.Errorf("%s: no benchmark results", path)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Measured with `%s` at commit %s on %s (load average %s); %s.\n\n",
		orUnknown(conf["command"]), orUnknown(conf["commit"]), orUnknown(conf["machine"]), orUnknown(conf["load"]), runs(rows))
	b.WriteString("| benchmark |")
	for _, u := range units {
		fmt.Fprintf(&b, " %s |", u)
	}
	b.WriteString("\n|---|")
	for range units {
		b.WriteString("---:|")
	}
	b.WriteString("\n")
	for _, rw := range rows {
		fmt.Fprintf(&b, "| %s |", rw.name)
		for _, u := range units {
			vs := rw.values[u]
			if len(vs) == 0 {
				b.WriteString(" |")
				continue
			}
			fmt.Fprintf(&b, " %s |", format(mean(vs), u))
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}

func orUnknown(s string) string {
	if s == "" {
		return "(not recorded)"
	}
	return s
}

func runs(rows []*row) string {
	n := 0
	for _, r := range rows {
		for _, vs := range r.values {
			n = max(n, len(vs))
		}
	}
	if n == 1 {
		return "one run"
	}
	return fmt.Sprintf("the mean of %d runs", n)
}

func mean(vs []float64) float64 {
	s := 0.0
	for _, v := range vs {
		s += v
	}
	return s / float64(len(vs))
}

// format writes a figure as people read it: times in their unit, counts
// with thousands grouped, three significant figures.
func format(v float64, unit string) string {
	if unit == "sec/op" {
		switch {
		case v >= 1:
			return fmt.Sprintf("%.3g s", v)
		case v >= 1e-3:
			return fmt.Sprintf("%.3g ms", v*1e3)
		case v >= 1e-6:
			return fmt.Sprintf("%.3g µs", v*1e6)
		}
		return fmt.Sprintf("%.3g ns", v*1e9)
	}
	if v >= 1000 {
		return group(int64(math.Round(v)))
	}
	return fmt.Sprintf("%.3g", v)
}

// group writes n with commas between thousands.
func group(n int64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// render rewrites (when write is set) every bench block of every Markdown
// file under root/docs and root/README.md, and returns the blocks that
// were stale.
func render(root string, write bool) ([]string, error) {
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		return nil, err
	}
	docs = append(docs, filepath.Join(root, "README.md"))
	var stale []string
	for _, doc := range docs {
		data, err := os.ReadFile(doc)
		if err != nil {
			return nil, err
		}
		var rerr error
		out := marker.ReplaceAllFunc(data, func(m []byte) []byte {
			sub := marker.FindSubmatch(m)
			name := string(sub[2])
			t, err := table(filepath.Join(root, benchDir, name+".txt"))
			if err != nil {
				rerr = fmt.Errorf("%s: bench %s: %w", doc, name, err)
				return m
			}
			next := append(append(append([]byte{}, sub[1]...), t...), sub[3]...)
			if !bytes.Equal(next, m) {
				stale = append(stale, fmt.Sprintf("%s: bench %s is stale", doc, name))
			}
			return next
		})
		if rerr != nil {
			return nil, rerr
		}
		if write && !bytes.Equal(out, data) {
			if err := os.WriteFile(doc, out, 0o644); err != nil {
				return nil, err
			}
		}
	}
	return stale, nil
}
