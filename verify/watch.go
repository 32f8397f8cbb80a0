package verify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/internal/atomicfile"
	"github.com/citeloop/citeloop/internal/inputfile"
)

// File names the watch keeps in the folder it watches.
const (
	StateFile      = ".citeloop-watch.json"
	ReportJSONFile = "watch-report.json"
	ReportHTMLFile = "watch-report.html"
)

// ErrOffline is returned by Watch without an oracle: a watch looks up.
var ErrOffline = errors.New("watch needs an oracle: it looks every cited DOI up again")

// State is what the watch saw on earlier runs: per brief (its brief.json
// relative to the watched folder), the news already reported, by
// "code doi". An oracle that could not answer changes nothing in it.
type State struct {
	Reported map[string]map[string]time.Time `json:"reported"`
}

// WatchBrief is one brief in a watch report.
type WatchBrief struct {
	Path   string `json:"path"`
	Title  string `json:"title,omitempty"`
	Status Status `json:"status"`
	// News are the retractions, corrections and full-text quotes changed
	// or gone not reported before.
	News     []Finding `json:"news,omitempty"`
	Findings []Finding `json:"findings,omitempty"`
}

// WatchReport is the outcome of one watch run.
type WatchReport struct {
	Dir       string       `json:"dir"`
	CheckedAt time.Time    `json:"checked_at"`
	Briefs    []WatchBrief `json:"briefs"`
	// News counts briefs with news; Unknown counts briefs an oracle could
	// not fully answer for (a source_unknown finding).
	News    int `json:"news"`
	Unknown int `json:"unknown"`
}

// isNews reports whether a finding is news of a source since the brief
// shipped: retracted or corrected, or its full text no longer saying what
// the brief quotes (the quote changed, or gone with its section).
func isNews(f Finding) bool {
	switch f.Code {
	case "source_retracted", "source_corrected", "quote_changed", "quote_gone":
		return true
	}
	return false
}

// Watch verifies every brief under dir online, compares with the state file
// in dir, reports only news, and writes the state and both reports into dir.
func Watch(ctx context.Context, dir string, o Options, now time.Time) (WatchReport, error) {
	if o.Oracle == nil {
		return WatchReport{}, ErrOffline
	}
	results, err := All(ctx, []string{dir}, o)
	if err != nil {
		return WatchReport{}, err
	}
	state, err := loadState(filepath.Join(dir, StateFile))
	if err != nil {
		return WatchReport{}, err
	}
	rep := WatchReport{Dir: dir, CheckedAt: now.UTC()}
	for _, r := range results {
		rel, err := filepath.Rel(dir, r.Path)
		if err != nil {
			rel = r.Path
		}
		wb := WatchBrief{Path: filepath.ToSlash(rel), Title: r.Title, Status: r.Status, Findings: r.Findings}
		seen := state.Reported[wb.Path]
		for _, f := range r.Findings {
			key := f.Code + " " + f.DOI
			if !isNews(f) || !seen[key].IsZero() {
				continue
			}
			wb.News = append(wb.News, f)
			if seen == nil {
				seen = map[string]time.Time{}
				state.Reported[wb.Path] = seen
			}
			seen[key] = rep.CheckedAt
		}
		if len(wb.News) > 0 {
			rep.News++
		}
		// Unknown counts what the oracles could not answer; a brief unknown
		// for its files alone (no_file_digests) has no news to miss.
		if hasCode(r.Findings, "source_unknown") {
			rep.Unknown++
		}
		rep.Briefs = append(rep.Briefs, wb)
	}
	if err := writeWatch(dir, state, rep); err != nil {
		return rep, err
	}
	return rep, nil
}

func hasCode(fs []Finding, code string) bool {
	for _, f := range fs {
		if f.Code == code {
			return true
		}
	}
	return false
}

// maxStateBytes caps the state file: a line per news item reported.
const maxStateBytes = 64 << 20

func loadState(path string) (State, error) {
	s := State{Reported: map[string]map[string]time.Time{}}
	data, err := inputfile.ReadFile(path, maxStateBytes, "a watch state file", nil)
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("watch state: %w", err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return s, fmt.Errorf("watch state %s: %w (delete it to start over)", path, err)
	}
	if s.Reported == nil {
		s.Reported = map[string]map[string]time.Time{}
	}
	return s, nil
}

// writeWatch writes the reports, then the state, each atomically: a crash
// between them reports news again rather than losing it.
func writeWatch(dir string, s State, rep WatchReport) error {
	data, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return fmt.Errorf("watch report: %w", err)
	}
	html, err := renderWatchHTML(rep)
	if err != nil {
		return fmt.Errorf("watch report: %w", err)
	}
	state, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("watch state: %w", err)
	}
	for _, f := range []brief.File{{Name: ReportJSONFile, Data: data}, {Name: ReportHTMLFile, Data: html}, {Name: StateFile, Data: state}} {
		if err := atomicfile.WriteFile(filepath.Join(dir, f.Name), f.Data); err != nil {
			return fmt.Errorf("watch: %w", err)
		}
	}
	return nil
}
