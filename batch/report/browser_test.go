package report_test

import (
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/citeloop/citeloop/batch/report"
	"github.com/citeloop/citeloop/internal/browsertest"
)

// browse runs headless Chromium on url with extra flags, offline.
func browse(t *testing.T, bin, url string, extra ...string) []byte {
	t.Helper()
	return browsertest.Run(t, bin, url, extra...)
}

var leadRow = regexp.MustCompile(`<tr class="lead"([^>]*)>`)

func TestReportRendersAndFiltersInChromium(t *testing.T) {
	bin := browsertest.Chromium(t)
	dir := fixture(t)
	if _, err := report.Write(dir, time.Now()); err != nil {
		t.Fatal(err)
	}
	url := "file://" + filepath.Join(dir, report.HTMLFile)

	for _, tt := range []struct {
		give      string
		wantShown []string
	}{
		{give: "", wantShown: []string{"a-ok", "b-same", "c-cap", "d-oracle", "e-&lt;script&gt;"}},
		{give: "#outcome=iteration_cap", wantShown: []string{"c-cap"}},
		{give: "#outcome=verified", wantShown: []string{"a-ok"}},
		{give: "#outcome=no_progress", wantShown: nil},
		{give: "#sort=-duration", wantShown: []string{"d-oracle", "c-cap", "a-ok", "b-same", "e-&lt;script&gt;"}},
		{give: "#sort=-id", wantShown: []string{"e-&lt;script&gt;", "d-oracle", "c-cap", "b-same", "a-ok"}},
		{give: "#outcome=oracle_unavailable&sort=iterations", wantShown: []string{"d-oracle"}},
		{give: `#sort=x"]`, wantShown: []string{"a-ok", "b-same", "c-cap", "d-oracle", "e-&lt;script&gt;"}},
	} {
		t.Run(tt.give, func(t *testing.T) {
			dom := string(browse(t, bin, url+tt.give, "--dump-dom"))
			if !strings.Contains(dom, `<td class="num" id="total-leads">5</td>`) {
				t.Errorf("totals not rendered: no total of 5 leads in the DOM")
			}
			for _, want := range []string{`id="run-start">2026-11-30 02:00:00 UTC<`, `id="run-end">2026-11-30 02:13:20 UTC<`, `id="run-wall">13 min 20 s<`} {
				if !strings.Contains(dom, want) {
					t.Errorf("the run's times are not shown: no %s in the DOM", want)
				}
			}
			var shown []string
			rows := leadRow.FindAllStringSubmatch(dom, -1)
			if len(rows) != 5 {
				t.Fatalf("%d lead rows in the DOM, want 5", len(rows))
			}
			for _, m := range rows {
				if strings.Contains(m[1], "hidden") {
					continue
				}
				id := regexp.MustCompile(`data-id="([^"]*)"`).FindStringSubmatch(m[1])
				shown = append(shown, id[1])
			}
			if strings.Join(shown, ",") != strings.Join(tt.wantShown, ",") {
				t.Errorf("rows shown = %v, want %v", shown, tt.wantShown)
			}
			if strings.Contains(dom, "e-<script>") {
				t.Error("a lead id reached the page unescaped")
			}
		})
	}

	t.Run("charts visible", func(t *testing.T) {
		shot := filepath.Join(t.TempDir(), "shot.png")
		browse(t, bin, url, "--screenshot="+shot, "--window-size=1400,1200", "--hide-scrollbars")
		f, err := os.Open(shot)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		// Each chart draws its bars in its own colour, and the end
		// reasons a failure in another than a brief: count their pixels.
		colors := map[string][3]uint32{"end reasons, briefed": {0x1f, 0x7a, 0x3a}, "end reasons, failed": {0xc0, 0x39, 0x2b},
			"iterations": {0x2f, 0x6f, 0xb0}, "durations": {0xb0, 0x69, 0x2f}}
		counts := map[string]int{}
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				for name, c := range colors {
					if near(r>>8, c[0]) && near(g>>8, c[1]) && near(bl>>8, c[2]) {
						counts[name]++
					}
				}
			}
		}
		for name := range colors {
			if counts[name] < 500 {
				t.Errorf("chart %s: %d pixels of its bar colour in the screenshot, want a visible chart (≥500)", name, counts[name])
			}
		}
	})
}

func near(a, b uint32) bool { return a+6 >= b && b+6 >= a }
