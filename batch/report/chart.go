package report

import (
	"fmt"
	"html/template"
	"strings"
)

// bar is one bar of a chart.
type bar struct {
	Label string
	Value int
}

// Chart geometry, in SVG user units.
const (
	chartW   = 420
	chartH   = 200
	chartPad = 28
)

// svgBars draws a bar chart as inline SVG: the page must render offline, so
// no charting library or font is fetched. Each bar, in the colour color
// gives its label, carries its value in a title for a hover tip.
func svgBars(title string, bars []bar, color func(label string) string) template.HTML {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" role="img" aria-label="%s" viewBox="0 0 %d %d" width="%d" height="%d" xmlns="http://www.w3.org/2000/svg">`,
		template.HTMLEscapeString(title), chartW, chartH, chartW, chartH)
	fmt.Fprintf(&b, `<rect x="0" y="0" width="%d" height="%d" fill="#f6f8fa"/>`, chartW, chartH)
	maxV := 0
	for _, x := range bars {
		maxV = max(maxV, x.Value)
	}
	if len(bars) == 0 || maxV == 0 {
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" font-size="12">no data</text></svg>`, chartW/2, chartH/2)
		return template.HTML(b.String())
	}
	plotH := chartH - 2*chartPad
	slot := float64(chartW-2*chartPad) / float64(len(bars))
	for i, x := range bars {
		h := float64(plotH) * float64(x.Value) / float64(maxV)
		left := float64(chartPad) + float64(i)*slot
		label := template.HTMLEscapeString(x.Label)
		fmt.Fprintf(&b, `<g><title>%s: %d</title><rect class="bar" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`,
			label, x.Value, left+slot*0.1, float64(chartPad+plotH)-h, slot*0.8, h, color(x.Label))
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="10">%d</text>`, left+slot/2, float64(chartPad+plotH)-h-3, x.Value)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" font-size="9">%s</text></g>`, left+slot/2, chartH-chartPad/2, label)
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/></svg>`, chartPad, chartPad+plotH, chartW-chartPad, chartPad+plotH)
	return template.HTML(b.String())
}
