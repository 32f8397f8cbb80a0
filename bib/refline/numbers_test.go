package refline

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestReadVenueDates: a four-digit year after a volume or issue, in
// parentheses or alone, is the line's date, never its issue or its pages,
// in every style that writes it there; a page range, a page that is not
// the line's year and an issue that is no year are still read.
func TestReadVenueDates(t *testing.T) {
	type venue struct{ Volume, Issue, Pages string }
	tests := []struct {
		name, give string
		want       venue
	}{
		{"chicago, year", `Smith, John. "Spin waves in thin films." Phys. Rev. B 12 (2019): 1–5.`, venue{"12", "", "1–5"}},
		{"chicago, issue and year", `Smith, John. "Spin waves in thin films." Phys. Rev. B 12, no. 3 (2019): 1–5.`, venue{"12", "3", "1–5"}},
		{"chicago, month", `Smith, John. "Spin waves in thin films." Phys. Rev. B 12, no. 3 (May 2019): 1–5.`, venue{"12", "3", "1–5"}},
		{"chicago, full date", `Smith, John. "Spin waves in thin films." Phys. Rev. B 25, no. 6 (November 1, 2024): 45–67.`, venue{"25", "6", "45–67"}},
		{"chicago, season", `Smith, John. "Spin waves in thin films." Phys. Rev. B 12 (Spring 2019): 1–5.`, venue{"12", "", "1–5"}},
		{"chicago, year with a letter", `Smith, John. "Spin waves in thin films." Phys. Rev. B 12 (2019a): 1–5.`, venue{"12", "", "1–5"}},
		{"ieee, year", `A. Okafor, "Spin waves in thin films," Phys. Rev. B, vol. 12, 2019.`, venue{"12", "", ""}},
		{"ieee, issue and year", `A. Okafor, "Spin waves in thin films," Phys. Rev. B, vol. 12, no. 3, 2019.`, venue{"12", "3", ""}},
		{"ieee, month", `A. Okafor, "Spin waves in thin films," Phys. Rev. B, vol. 12, Mar. 2019.`, venue{"12", "", ""}},
		{"ieee, month before the pages", `A. Okafor, "Spin waves in thin films," Phys. Rev. B, vol. 12, no. 3, Mar. 2019, pp. 45–67.`, venue{"12", "3", "45–67"}},
		{"ieee, month range", `A. Okafor, "Spin waves in thin films," Phys. Rev. B, vol. 12, no. 3, Jan.–Feb. 2019, pp. 45–67.`, venue{"12", "3", "45–67"}},
		{"ieee, pages then date", `A. Okafor, "Spin waves in thin films," Phys. Rev. B, vol. 12, no. 3, pp. 45–67, Mar. 2019.`, venue{"12", "3", "45–67"}},
		{"mla", `Smith, John. "Spin waves in thin films." Phys. Rev. B, vol. 12, no. 3, 2019, pp. 1–5.`, venue{"12", "3", "1–5"}},
		{"mla, no issue", `Smith, John. "Spin waves in thin films." Phys. Rev. B, vol. 12, 2019, p. 7.`, venue{"12", "", "7"}},
		{"apa, the line's year after the volume", "Smith, J. (2019). Spin waves in thin films. Phys. Rev. B, 12, 2019.", venue{"12", "", ""}},
		{"nature, volume and year", "Smith, A. B. Spin waves in thin films. Phys. Rev. B 12 (2019).", venue{"12", "", ""}},
		{"nature, a page that is no year of the line", "Smith, A. B. Spin waves in thin films. Phys. Rev. B 12, 1999 (2019).", venue{"12", "", "1999"}},
		{"pages spanning years", "Smith, J. (2019). Spin waves in thin films. Phys. Rev. B, 12, 1975–1980.", venue{"12", "", "1975–1980"}},
		{"pages from the line's year", "Smith, J. (2019). Spin waves in thin films. Phys. Rev. B, 12, 2019–2025.", venue{"12", "", "2019–2025"}},
		{"pages from the line's year, hyphen", "Smith, J. (2019). Spin waves in thin films. Phys. Rev. B, 12, 2019-2025.", venue{"12", "", "2019-2025"}},
		{"supplement issue", "Smith, J. (2019). Spin waves in thin films. Phys. Rev. B, 12(Suppl 1), 45–67.", venue{"12", "Suppl 1", "45–67"}},
		{"issue range", "Smith, J. (2019). Spin waves in thin films. Phys. Rev. B, 12(3–4), 45–67.", venue{"12", "3–4", "45–67"}},
		{"issue word", `A. Okafor, "Spin waves in thin films," Phys. Rev. B, vol. 12, issue 3, pp. 45–67, 2019.`, venue{"12", "3", "45–67"}},
		{"a long parenthesis", "Smith, J. (2019). Spin waves in thin films. Phys. Rev. B, 12 (a special issue on magnons), 45–67.", venue{"12", "", ""}},
		{"a year as volume", "Smith, J. (2015). Spin waves in thin films. Cochrane Database Syst Rev, 2019(3), 12–20.", venue{"2019", "3", "12–20"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, why := Read(tt.give)
			if why != "" {
				t.Fatalf("Read(%q) refused: %s", tt.give, why)
			}
			if d := cmp.Diff(tt.want, venue{r.Volume, r.Issue, r.Pages}); d != "" {
				t.Errorf("Read(%q) (-want +got):\n%s", tt.give, d)
			}
		})
	}
}

// TestPropertyVenueDates: a quoted-title line whose venue puts the year
// (alone, in parentheses, after a month) between the volume or issue and
// the pages, or after them, reads back with the volume, issue and pages
// written, and the year as the line's year: never the issue or the pages.
func TestPropertyVenueDates(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		y := rapid.IntRange(1900, 2030).Draw(t, "year")
		vol := fmt.Sprint(rapid.IntRange(1, 999).Draw(t, "volume"))
		issue := ""
		if rapid.Bool().Draw(t, "has issue") {
			issue = fmt.Sprint(rapid.IntRange(1, 24).Draw(t, "issue"))
		}
		pages := ""
		if rapid.Bool().Draw(t, "has pages") {
			first := rapid.IntRange(1, 9000).Draw(t, "first page")
			pages = fmt.Sprintf("%d%s%d", first, rapid.SampledFrom([]string{"–", "-"}).Draw(t, "dash"), first+rapid.IntRange(1, 40).Draw(t, "page count"))
		}
		date := rapid.SampledFrom([]string{"%d", "Mar. %d", "May %d", "Spring %d", "November 1, %d", "Jan.–Feb. %d", "%da"}).Draw(t, "date")
		date = fmt.Sprintf(date, y)
		var venue string
		switch style := rapid.SampledFrom([]string{"chicago", "mla", "ieee", "ieee date last"}).Draw(t, "style"); style {
		case "chicago": // 12, no. 3 (2019): 1–5
			venue = " Phys. Rev. B " + vol
			if issue != "" {
				venue += ", no. " + issue
			}
			venue += " (" + date + ")"
			if pages != "" {
				venue += ": " + pages
			}
		case "mla", "ieee": // vol. 12, no. 3, 2019, pp. 1–5
			venue = " Phys. Rev. B, vol. " + vol
			if issue != "" {
				venue += ", no. " + issue
			}
			venue += ", " + date
			if pages != "" {
				venue += ", pp. " + pages
			}
		case "ieee date last": // vol. 12, no. 3, pp. 1–5, 2019
			venue = " Phys. Rev. B, vol. " + vol
			if issue != "" {
				venue += ", no. " + issue
			}
			if pages != "" {
				venue += ", pp. " + pages
			}
			venue += ", " + date
		}
		line := `Smith, John. "Spin waves in thin films."` + venue + "."
		r, why := Read(line)
		if why != "" {
			t.Fatalf("Read(%q) refused: %s", line, why)
		}
		type fields struct {
			Journal, Volume, Issue, Pages string
		}
		want := fields{"Phys. Rev. B", vol, issue, pages}
		if d := cmp.Diff(want, fields{r.Journal, r.Volume, r.Issue, r.Pages}); d != "" {
			t.Fatalf("Read(%q) (-want +got):\n%s", line, d)
		}
		if r.Year != 0 && r.Year != y {
			t.Fatalf("Read(%q).Year = %d, want %d or 0", line, r.Year, y)
		}
	})
}

// TestReadYearNotPages: a quoted line's year is never an end of a page
// range, and a year with a letter is still its year.
func TestReadYearNotPages(t *testing.T) {
	const head = `Smith, John. "Spin waves in thin films." `
	tests := []struct {
		give string
		want int
	}{
		{"Phys. Rev. B 1 (1900a): 2068–2101.", 1900},
		{"Phys. Rev. B, vol. 12, pp. 2068–2101, 2019.", 2019},
		{"Phys. Rev. B, vol. 12, pp. 1975–1980, 2019.", 2019},
		{"Phys. Rev. B, vol. 12, pp. 1975-1980.", 0},
		{"Phys. Rev. B, vol. 12, pp. 1–5, 2019a.", 2019},
		{"Phys. Rev. B 12: 1975–1980 (2019).", 2019},
		{"Phys. Rev. B, vol. 12, 2018–2019.", 0},
		{"Phys. Rev. B, vol. 12, 2018, 2019.", 0},
	}
	for _, tt := range tests {
		r, why := Read(head + tt.give)
		if why != "" {
			t.Fatalf("Read(%q) refused: %s", head+tt.give, why)
		}
		if r.Year != tt.want {
			t.Errorf("Read(%q).Year = %d, want %d", head+tt.give, r.Year, tt.want)
		}
	}
}
