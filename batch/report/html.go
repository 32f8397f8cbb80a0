package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"maps"
	"slices"
	"time"
)

//go:embed report.html.tmpl
var pageTemplate string

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct": func(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) },
	"dur": func(d time.Duration) string { return d.Round(time.Millisecond).String() },
	"ms":  func(d time.Duration) int64 { return d.Milliseconds() },
}).Parse(pageTemplate))

// view is what the page template reads.
type view struct {
	Report
	Outcomes   []string
	Rates      []rate
	Failures   []bar
	Objections []bar
	Charts     []template.HTML
}

type rate struct {
	Name  string
	Count int
	Rate  float64
}

// HTML renders r as one self-contained page: inline CSS, SVG and script,
// nothing fetched, so it opens from a file on a machine without network.
func HTML(r Report) ([]byte, error) {
	v := view{Report: r, Outcomes: slices.Sorted(maps.Keys(r.Totals.Outcomes))}
	seen := map[string]bool{}
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
		svgBars("iterations per lead", iterationBars(r.Leads), "#4c9a4c"),
		svgBars("duration per lead", durationBars(r.Leads), "#b0692f"),
	}
	var b bytes.Buffer
	if err := page.Execute(&b, v); err != nil {
		return nil, fmt.Errorf("report: render: %w", err)
	}
	return b.Bytes(), nil
}

func sortedBars(m map[string]int) []bar {
	out := []bar{}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, bar{k, m[k]})
	}
	return out
}

// iterationBars counts leads by iterations, 0 to the most any lead took.
func iterationBars(leads []Lead) []bar {
	top := 0
	for _, l := range leads {
		top = max(top, l.Iterations)
	}
	out := make([]bar, top+1)
	for i := range out {
		out[i].Label = fmt.Sprint(i)
	}
	for _, l := range leads {
		out[l.Iterations].Value++
	}
	return out
}

// durationBuckets bound the duration chart's bars (upper bounds).
var durationBuckets = []time.Duration{time.Second, 10 * time.Second, 30 * time.Second, time.Minute, 2 * time.Minute, 5 * time.Minute, 10 * time.Minute}

// durationBars counts leads by duration in fixed buckets, so two nights'
// charts compare at a glance.
func durationBars(leads []Lead) []bar {
	out := make([]bar, len(durationBuckets)+1)
	for i, d := range durationBuckets {
		out[i].Label = "≤" + d.String()
	}
	out[len(durationBuckets)].Label = ">" + durationBuckets[len(durationBuckets)-1].String()
	for _, l := range leads {
		i, _ := slices.BinarySearch(durationBuckets, l.Duration)
		out[i].Value++
	}
	return out
}
