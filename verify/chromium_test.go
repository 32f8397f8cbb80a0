package verify_test

import (
	"context"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/citeloop/citeloop/internal/browsertest"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/verify"
)

// dumpDOM renders a page in headless Chromium, network off, and returns
// the DOM it built.
func dumpDOM(t *testing.T, bin, path string) string {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(browsertest.Run(t, bin, "file://"+abs, "--dump-dom"))
}

var (
	hrefRe = regexp.MustCompile(`href="#([^"]+)"`)
	idRe   = regexp.MustCompile(`id="([^"]+)"`)
	markRe = regexp.MustCompile(`>\[(\d+)\]</a>`)
)

// checkInPageLinks fails unless the DOM has at least one in-page link and
// every one of them has its target in the page.
func checkInPageLinks(t *testing.T, name, dom string) {
	t.Helper()
	ids := map[string]bool{}
	for _, m := range idRe.FindAllStringSubmatch(dom, -1) {
		ids[m[1]] = true
	}
	links := hrefRe.FindAllStringSubmatch(dom, -1)
	if len(links) == 0 {
		t.Errorf("%s: no in-page link in the rendered page", name)
	}
	for _, m := range links {
		if !ids[m[1]] {
			t.Errorf("%s: link #%s has no target in the page", name, m[1])
		}
	}
}

func TestHTMLRendersInChromium(t *testing.T) {
	bin := browsertest.Chromium(t)
	brief := writeBrief(t, nil)
	dom := dumpDOM(t, bin, filepath.Join(brief, "brief.html"))
	checkInPageLinks(t, "brief.html", dom)
	marks := markRe.FindAllStringSubmatch(dom, -1)
	if len(marks) == 0 {
		t.Fatal("brief.html: no [n] marker rendered")
	}
	ids := map[string]bool{}
	for _, m := range idRe.FindAllStringSubmatch(dom, -1) {
		ids[m[1]] = true
	}
	for _, m := range marks {
		if !ids["ref-"+m[1]] {
			t.Errorf("brief.html: marker [%s] has no reference ref-%s", m[1], m[1])
		}
	}

	l := ledgerOf(t, brief)
	retracted := knownOracle(l, func(r *oracles.Record) { r.Retracted = r.DOI == l.Entries[0].DOI })
	if _, err := verify.Watch(context.Background(), filepath.Dir(brief), verify.Options{Oracle: retracted}, fixedNow()); err != nil {
		t.Fatal(err)
	}
	report := dumpDOM(t, bin, filepath.Join(filepath.Dir(brief), verify.ReportHTMLFile))
	checkInPageLinks(t, "watch-report.html", report)
	if !regexp.MustCompile(`source_retracted.*href="https://doi.org/`).MatchString(report) {
		t.Error("watch-report.html: the retraction is not listed with its doi.org link")
	}
}
