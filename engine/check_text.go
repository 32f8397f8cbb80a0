package engine

import (
	"fmt"
	"io"
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
	s := r.Summary
	_, err := fmt.Fprintf(w, "%d DOIs in %d file(s): %d found, %d not_found, %d invalid, %d retracted, %d unknown\n",
		len(r.DOIs), len(r.Files), s[VerdictFound], s[VerdictNotFound], s[VerdictInvalid], s[VerdictRetracted], s[VerdictUnknown])
	return err
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
