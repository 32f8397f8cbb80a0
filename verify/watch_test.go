package verify_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/verify"
)

// A source retracted after the brief shipped is reported once, not again
// on the next run; an outage reports unknown and no news.
func TestWatchReportsNewsOnce(t *testing.T) {
	brief := writeBrief(t, nil)
	dir := filepath.Dir(brief)
	l := ledgerOf(t, brief)
	clean := knownOracle(l, nil)
	retracted := knownOracle(l, func(r *oracles.Record) { r.Retracted = r.DOI == l.Entries[0].DOI })
	ctx := context.Background()

	tests := []struct {
		name        string
		oracle      oracles.Oracle
		wantNews    int
		wantUnknown int
		wantCodes   []string
	}{
		{name: "clean", oracle: clean},
		{name: "retracted: news", oracle: retracted, wantNews: 1, wantCodes: []string{"source_retracted"}},
		{name: "retracted again: no news", oracle: retracted},
		{name: "outage: unknown, no false news", oracle: oracletestDown{}, wantUnknown: 1},
	}
	for _, tt := range tests {
		rep, err := verify.Watch(ctx, dir, verify.Options{Oracle: tt.oracle}, fixedNow())
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if rep.News != tt.wantNews || rep.Unknown != tt.wantUnknown || len(rep.Briefs) != 1 {
			t.Errorf("%s: news %d unknown %d briefs %d, want %d %d 1", tt.name, rep.News, rep.Unknown, len(rep.Briefs), tt.wantNews, tt.wantUnknown)
			continue
		}
		var got []string
		for _, f := range rep.Briefs[0].News {
			got = append(got, f.Code)
		}
		if d := cmp.Diff(tt.wantCodes, got); d != "" {
			t.Errorf("%s: news codes (-want +got):\n%s", tt.name, d)
		}
		var onDisk verify.WatchReport
		data, err := os.ReadFile(filepath.Join(dir, verify.ReportJSONFile))
		if err != nil || json.Unmarshal(data, &onDisk) != nil || onDisk.News != rep.News {
			t.Errorf("%s: %s does not hold the report (%v)", tt.name, verify.ReportJSONFile, err)
		}
		if _, err := os.Stat(filepath.Join(dir, verify.ReportHTMLFile)); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	if _, err := verify.Watch(ctx, dir, verify.Options{}, fixedNow()); err == nil {
		t.Error("Watch without an oracle: nil error")
	}
}

func TestWatchRejectsACorruptState(t *testing.T) {
	brief := writeBrief(t, nil)
	dir := filepath.Dir(brief)
	if err := os.WriteFile(filepath.Join(dir, verify.StateFile), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := verify.Watch(context.Background(), dir, verify.Options{Oracle: knownOracle(ledgerOf(t, brief), nil)}, fixedNow()); err == nil {
		t.Error("corrupt state: nil error, want one naming the file")
	}
}
