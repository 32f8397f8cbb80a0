package engine

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteText writes the report for a terminal: one aligned line per DOI and
// a summary line. Titles were made safe for a terminal by Check.
func (r CheckReport) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "DOI\tVERDICT\tORACLE\tTITLE\tWHERE")
	for _, row := range r.DOIs {
		title := row.Title
		if title == "" {
			title = "-"
		}
		if row.RetractionNotice {
			title = "[retraction notice] " + title
		}
		if row.Preprint {
			title = "[preprint] " + title
		}
		where := fmt.Sprintf("%s:%d", row.Locations[0].File, row.Locations[0].Line)
		if n := len(row.Locations); n > 1 {
			where += fmt.Sprintf(" (+%d)", n-1)
		}
		oracle := row.Oracle
		if oracle == "" {
			oracle = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", row.DOI, row.Verdict, oracle, truncateRunes(title, 60), where)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%d DOIs in %d file(s): %s\n", len(r.DOIs), len(r.Files), r.summaryLine())
	return err
}

// summaryLine counts every verdict that occurred, found always first, in
// the order of allVerdicts: "3 found, 1 not_found".
func (r CheckReport) summaryLine() string {
	parts := []string{fmt.Sprintf("%d %s", r.Summary[VerdictFound], VerdictFound)}
	for _, v := range allVerdicts()[1:] {
		if n := r.Summary[v]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, v))
		}
	}
	return strings.Join(parts, ", ")
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
