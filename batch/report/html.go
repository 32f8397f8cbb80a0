package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"iter"
	"maps"
	"slices"
	"time"

	"github.com/citeloop/citeloop/contract"
)

//go:embed report.html.tmpl
var pageTemplate string

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct": func(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) },
	"dur": func(d time.Duration) string { return d.Round(time.Millisecond).String() },
	"ms":  func(d time.Duration) int64 { return d.Milliseconds() },
}).Parse(pageTemplate))

// view is what the page template reads: the report's head, and its lines
// as a sequence the template ranges over as it writes them.
type view struct {
	Report
	Rows       iter.Seq[Lead]
	Outcomes   []contract.EndReason
	Rates      []rate
	Failures   []bar
	Objections []bar
	Charts     []template.HTML
}

type rate struct {
	Name  contract.EndReason
	Count int
	Rate  float64
}

// HTML renders r as one self-contained page: inline CSS, SVG and script,
// nothing fetched, so it opens from a file on a machine without network.
func HTML(r Report) ([]byte, error) {
	var c charts
	for _, l := range r.Leads {
		c.add(l)
	}
	var b bytes.Buffer
	if err := render(&b, r, c, slices.Values(r.Leads)); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// render writes the page of r's head, charts c and lines rows to w.
func render(w io.Writer, r Report, c charts, rows iter.Seq[Lead]) error {
	v := view{Report: r, Rows: rows, Outcomes: slices.Sorted(maps.Keys(r.Totals.Outcomes))}
	seen := map[contract.EndReason]bool{}
	for _, k := range append(slices.Clone(rateKeys), v.Outcomes...) {
		if seen[k] {
			continue
		}
		seen[k] = true
		v.Rates = append(v.Rates, rate{k, r.Totals.Outcomes[k], r.Totals.Rates[k]})
	}
	v.Failures = sortedBars(r.GateFailures)
	v.Objections = sortedBars(r.Objections)
	v.Charts = []template.HTML{
		svgBars("end reasons", sortedBars(r.Totals.Outcomes), "#2f6fb0"),
		svgBars("iterations per lead", c.iterationBars(), "#4c9a4c"),
		svgBars("duration per lead", c.durationBars(), "#b0692f"),
	}
	if err := page.Execute(w, v); err != nil {
		return fmt.Errorf("report: render: %w", err)
	}
	return nil
}

func sortedBars[K ~string](m map[K]int) []bar {
	out := []bar{}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, bar{string(k), m[k]})
	}
	return out
}

// charts counts the leads for the page's charts, a lead at a time.
type charts struct {
	// iterations[i] counts the leads that took i passes.
	iterations []int
	// durations[i] counts the leads whose duration is in bucket i.
	durations [len(durationBuckets) + 1]int
}

func (c *charts) add(l Lead) {
	for len(c.iterations) <= l.Iterations {
		c.iterations = append(c.iterations, 0)
	}
	c.iterations[l.Iterations]++
	i, _ := slices.BinarySearch(durationBuckets[:], l.Duration)
	c.durations[i]++
}

// iterationBars counts leads by iterations, 0 to the most any lead took.
func (c charts) iterationBars() []bar {
	out := make([]bar, max(len(c.iterations), 1))
	for i := range out {
		out[i].Label = fmt.Sprint(i)
		if i < len(c.iterations) {
			out[i].Value = c.iterations[i]
		}
	}
	return out
}

// durationBuckets bound the duration chart's bars (upper bounds).
var durationBuckets = [...]time.Duration{time.Second, 10 * time.Second, 30 * time.Second, time.Minute, 2 * time.Minute, 5 * time.Minute, 10 * time.Minute}

// durationBars counts leads by duration in fixed buckets, so two nights'
// charts compare at a glance.
func (c charts) durationBars() []bar {
	out := make([]bar, len(durationBuckets)+1)
	for i, d := range durationBuckets {
		out[i].Label = "≤" + d.String()
		out[i].Value = c.durations[i]
	}
	out[len(durationBuckets)].Label = ">" + durationBuckets[len(durationBuckets)-1].String()
	out[len(durationBuckets)].Value = c.durations[len(durationBuckets)]
	return out
}
