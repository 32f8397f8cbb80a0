package extract_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/doi/extract"
)

// suiteCase is one test case of another project's DOI extraction or
// validation suite, as testdata/doi-suites/PROVENANCE.txt describes.
type suiteCase struct {
	ID   string   `json:"id"`
	Give string   `json:"give"`
	Want []string `json:"want"`
	// Fix, when Why is set, replaces Want: the suite's case is wrong by
	// the DOI syntax ("syntax: ...") or checks something other than which
	// DOIs the text holds ("scope: ...").
	Fix []string `json:"fix"`
	Why string   `json:"why"`
	// Disagree says why citeloop deliberately yields something else. The
	// case is still scored against Want, so it counts as a miss or a false
	// hit.
	Disagree string `json:"disagree"`
}

func (c suiteCase) expected() []string {
	if c.Why != "" {
		return c.Fix
	}
	return c.Want
}

// score counts an extractor's answers against a suite: hits are expected
// DOIs found, wanted is every expected DOI, found is every DOI yielded.
type score struct{ cases, hits, wanted, found int }

func (s *score) add(o score) {
	s.cases += o.cases
	s.hits += o.hits
	s.wanted += o.wanted
	s.found += o.found
}

func (s score) precision() float64 {
	if s.found == 0 {
		return 1
	}
	return float64(s.hits) / float64(s.found)
}

func (s score) recall() float64 {
	if s.wanted == 0 {
		return 1
	}
	return float64(s.hits) / float64(s.wanted)
}

func (s score) String() string {
	return fmt.Sprintf("%4d cases  precision %6.2f%% (%d/%d)  recall %6.2f%% (%d/%d)",
		s.cases, 100*s.precision(), s.hits, s.found, 100*s.recall(), s.hits, s.wanted)
}

// judge scores one case: the valid DOIs Extract yields against want,
// compared case-insensitively (DOIs are case-insensitive). Tokens Extract
// reports as invalid are no answer.
func judge(give string, want []string) (score, []string) {
	var got []string
	for _, f := range extract.Extract(give) {
		if f.Invalid == "" {
			got = append(got, f.DOI)
		}
	}
	s := score{cases: 1, wanted: len(want), found: len(got)}
	for _, w := range want {
		if slices.Contains(got, strings.ToLower(w)) {
			s.hits++
		}
	}
	return s, got
}

func loadSuite(t *testing.T, path string) []suiteCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []suiteCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		var c suiteCase
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		if c.Want == nil || (c.Why != "") != (c.Fix != nil) || (c.Why != "" && !strings.HasPrefix(c.Why, "syntax: ") && !strings.HasPrefix(c.Why, "scope: ")) {
			t.Fatalf("%s:%d: a case needs want, and fix with a why that starts with \"syntax: \" or \"scope: \"", path, n)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPeerSuites runs other projects' DOI test cases through Extract and
// reports precision and recall per suite and overall, both against the
// suites as written and with the cases they get wrong by the DOI syntax (or
// that test something else) corrected. Every case that still fails must be
// a documented disagreement, and every documented disagreement must still
// fail, so the list below stays true.
func TestPeerSuites(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "..", "testdata", "doi-suites", "*.jsonl"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no suites: %v", err)
	}
	var asWritten, corrected score
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".jsonl")
		var w, c score
		for _, tc := range loadSuite(t, p) {
			sw, _ := judge(tc.Give, tc.Want)
			w.add(sw)
			sc, got := judge(tc.Give, tc.expected())
			c.add(sc)
			fails := sc.hits != sc.wanted || sc.found != sc.hits
			switch {
			case fails && tc.Disagree == "":
				t.Errorf("%s %s: Extract(%q) = %q, want %q", name, tc.ID, tc.Give, got, tc.expected())
			case !fails && tc.Disagree != "":
				t.Errorf("%s %s: Extract(%q) = %q as the suite wants, but the case is marked as a disagreement (%s)", name, tc.ID, tc.Give, got, tc.Disagree)
			case fails:
				t.Logf("known disagreement  %s %s: %q yields %q, the suite wants %q: %s", name, tc.ID, tc.Give, got, tc.Want, tc.Disagree)
			}
		}
		t.Logf("%-24s as written %s", name, w)
		t.Logf("%-24s corrected  %s", name, c)
		asWritten.add(w)
		corrected.add(c)
	}
	t.Logf("%-24s as written %s", "overall", asWritten)
	t.Logf("%-24s corrected  %s", "overall", corrected)
	if corrected.precision() < 0.99 || corrected.recall() < 0.98 {
		t.Errorf("overall precision %.2f%% at recall %.2f%%, want at least 99%% at 98%%", 100*corrected.precision(), 100*corrected.recall())
	}
}
