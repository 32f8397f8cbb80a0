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
	"strings"
	"time"

	"github.com/citeloop/citeloop/contract"
)

//go:embed report.html.tmpl
var pageTemplate string

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct":   func(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) },
	"dur":   Duration,
	"ms":    func(d time.Duration) int64 { return d.Milliseconds() },
	"kind":  outcomeKind,
	"stamp": func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05 UTC") },
}).Parse(pageTemplate))

// Duration writes d as people write durations: "850 ms", "4.2 s", "1 s", "38 s",
// "3 min 20 s", "2 h 5 min"; "–" for none (a lead that ran no loop).
func Duration(d time.Duration) string {
	switch {
	case d <= 0:
		return "–"
	case d < time.Second:
		return fmt.Sprintf("%d ms", d.Milliseconds())
	case d < 10*time.Second:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", d.Seconds()), ".0") + " s"
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Round(time.Second).Seconds()))
	case d < time.Hour:
		d = d.Round(time.Second)
		m, sec := int(d/time.Minute), int((d%time.Minute)/time.Second)
		if sec == 0 {
			return fmt.Sprintf("%d min", m)
		}
		return fmt.Sprintf("%d min %d s", m, sec)
	}
	d = d.Round(time.Minute)
	h, m := int(d/time.Hour), int((d%time.Hour)/time.Minute)
	if m == 0 {
		return fmt.Sprintf("%d h", h)
	}
	return fmt.Sprintf("%d h %d min", h, m)
}

// The colours of the end reasons: a brief (verified, or one that stands
// unchanged), sources that do not support one, and failures.
const (
	colorBriefed = "#1f7a3a"
	colorRefused = "#8a8a8a"
	colorFailed  = "#c0392b"
)

// outcomeKind is the class an end reason is coloured by: briefed,
// refused or failed.
func outcomeKind(r contract.EndReason) string {
	switch {
	case r.Briefed():
		return "briefed"
	case r == contract.Refused:
		return "refused"
	}
	return "failed"
}

// kindColor is the colour of a bar of the end-reason chart.
func kindColor(label string) string {
	switch outcomeKind(contract.EndReason(label)) {
	case "briefed":
		return colorBriefed
	case "refused":
		return colorRefused
	}
	return colorFailed
}

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
		svgBars("end reasons", sortedBars(r.Totals.Outcomes), kindColor),
		svgBars("iterations per lead", c.iterationBars(), func(string) string { return "#2f6fb0" }),
		svgBars("duration per lead", c.durationBars(), func(string) string { return "#b0692f" }),
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
		out[i].Label = "≤" + Duration(d)
		out[i].Value = c.durations[i]
	}
	out[len(durationBuckets)].Label = ">" + Duration(durationBuckets[len(durationBuckets)-1])
	out[len(durationBuckets)].Value = c.durations[len(durationBuckets)]
	return out
}
