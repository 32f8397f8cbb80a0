package europepmc_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/europepmc/europepmctest"
)

const (
	// preprintDOI is the recorded preprint PPR1303372, "Preprint of" MED
	// 42732137.
	preprintDOI = "10.12688/openreseurope.23222.2"
	// publishedDOI is the DOI of the built MED 42732137 record.
	publishedDOI = "10.5555/openreseurope.23222.published"
)

// preprintRecords are the recorded preprint, the built record it links
// (MED 42732137) and a second preprint/published pair derived from them
// with other ids and DOIs.
func preprintRecords(t *testing.T) []json.RawMessage {
	t.Helper()
	pre := europepmctest.Records(t, filepath.Join(testdataDir, "bx-scholar-mcp__europepmc_preprint.json"))[0]
	med := europepmctest.Records(t, filepath.Join(testdataDir, "built__med_42732137_published_version.json"))[0]
	r := strings.NewReplacer("42732137", "42700001", "PPR1303372", "PPR1000001",
		preprintDOI, "10.5555/preprint.two", publishedDOI, "10.5555/published.two")
	return []json.RawMessage{pre, med, json.RawMessage(r.Replace(string(pre))), json.RawMessage(r.Replace(string(med)))}
}

func TestRecordPreprintOf(t *testing.T) {
	raw := europepmctest.Records(t, filepath.Join(testdataDir, "bx-scholar-mcp__europepmc_preprint.json"))[0]
	var r europepmc.Result
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	rec := r.Record()
	got := []any{rec.Preprint, rec.PublishedAs, rec.PublishedBy, rec.PublishedDOI}
	if diff := cmp.Diff([]any{true, "MED 42732137", "europepmc", ""}, got); diff != "" {
		t.Errorf("preprint link (-want +got):\n%s", diff)
	}

	link := func(typ, src, id string) europepmc.Result {
		var r europepmc.Result
		body := `{"id":"1","source":"MED","doi":"10.1/x","commentCorrectionList":{"commentCorrection":[{"type":"` + typ + `","source":"` + src + `","id":"` + id + `"}]}}`
		if err := json.Unmarshal([]byte(body), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	tests := []struct {
		name, typ, src, id string
		want               string
	}{
		{"preprint of", "Preprint of", "MED", "42732137", "MED 42732137"},
		{"published article's link to its preprint", "Preprint in", "PPR", "PPR1", ""},
		{"id breaking out of the query", "Preprint of", "MED", "1) OR (DOI:*", ""},
		{"source not a code", "Preprint of", "med", "1", ""},
		{"empty id", "Preprint of", "MED", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := link(tt.typ, tt.src, tt.id).Record()
			if rec.PublishedAs != tt.want || rec.Preprint != (tt.want != "") {
				t.Errorf("PublishedAs %q, Preprint %v; want %q", rec.PublishedAs, rec.Preprint, tt.want)
			}
		})
	}
}

// TestLookupResolvesPublishedVersion: the preprints of one Lookup get the
// DOI of their published version from one more search for all of them,
// even when they were asked in different batches.
func TestLookupResolvesPublishedVersion(t *testing.T) {
	srv := europepmctest.NewServer(t, preprintRecords(t)...)
	o := newClient(t, srv.URL, 1)
	got := o.Lookup(context.Background(), []string{preprintDOI, "10.5555/preprint.two", publishedDOI})
	for pre, pub := range map[string]string{preprintDOI: publishedDOI, "10.5555/preprint.two": "10.5555/published.two"} {
		r := got[pre]
		if r.Status != oracles.Found || r.Record.PublishedDOI != pub || r.Record.PublishedBy != europepmc.Name || !r.Record.Preprint {
			t.Errorf("%s: %s %+v, want found, published as %s by europepmc", pre, r.Status, r.Record, pub)
		}
	}
	if r := got[publishedDOI]; r.Status != oracles.Found || r.Record.Preprint || r.Record.PublishedAs != "" ||
		r.Record.PreprintAs != "PPR PPR1303372" || r.Record.PreprintDOI != "" {
		t.Errorf("the published article: %+v, want found, not a preprint, its preprint named PPR1303372 and not searched", r.Record)
	}
	// Each batch's links are searched right after it, in the same round:
	// three batches of one DOI, two searches of one link (the published
	// paper's link to its preprint is not searched).
	var links []string
	for _, q := range srv.Queries() {
		if strings.Contains(q, "EXT_ID:") {
			links = append(links, q)
		}
	}
	slices.Sort(links)
	want := []string{"(EXT_ID:42700001 AND SRC:MED)", "(EXT_ID:42732137 AND SRC:MED)"}
	if !slices.Equal(links, want) {
		t.Errorf("linked-version searches %q, want %q", links, want)
	}
}

// TestLookupPublishedVersionFails: when the search for the published
// version fails, the preprint is still found and still names it by id.
func TestLookupPublishedVersionFails(t *testing.T) {
	h := europepmctest.NewHandler(preprintRecords(t)...)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.FormValue("query"), "EXT_ID:") {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	got := newClient(t, srv.URL, 25).Lookup(context.Background(), []string{preprintDOI})
	r := got[preprintDOI]
	if r.Status != oracles.Found || r.Record.PublishedDOI != "" || r.Record.PublishedAs != "MED 42732137" || !r.Record.Preprint {
		t.Errorf("%s (%v): %+v, want found, published as MED 42732137 with no DOI", r.Status, r.Err, r.Record)
	}
}

// TestLookupPublishedVersionsInSearchesOfAHundred: the published versions
// of a batch's preprints are asked in one search sent after that batch (of
// 25 DOIs here): 100 preprints take four, 101 five; every DOI is resolved,
// and no search is sent without a link.
func TestLookupPublishedVersionsInSearchesOfAHundred(t *testing.T) {
	pre := europepmctest.Records(t, filepath.Join(testdataDir, "bx-scholar-mcp__europepmc_preprint.json"))[0]
	med := europepmctest.Records(t, filepath.Join(testdataDir, "built__med_42732137_published_version.json"))[0]
	for _, tt := range []struct {
		preprints int
		want      string // links asked per published-version search
	}{{100, "[25 25 25 25]"}, {101, "[1 25 25 25 25]"}} {
		t.Run(fmt.Sprint(tt.preprints), func(t *testing.T) {
			var (
				records []json.RawMessage
				ask     []string
			)
			for i := range tt.preprints {
				r := strings.NewReplacer("42732137", fmt.Sprintf("4%07d", i), "PPR1303372", fmt.Sprintf("PPR9%06d", i),
					preprintDOI, fmt.Sprintf("10.5555/pre.%d", i), publishedDOI, fmt.Sprintf("10.5555/pub.%d", i))
				records = append(records, json.RawMessage(r.Replace(string(pre))), json.RawMessage(r.Replace(string(med))))
				ask = append(ask, fmt.Sprintf("10.5555/pre.%d", i))
			}
			srv := europepmctest.NewServer(t, records...)
			got := newClient(t, srv.URL, 25).Lookup(context.Background(), ask)
			for i, d := range ask {
				if p := got[d].Record; got[d].Status != oracles.Found || p.PublishedDOI != fmt.Sprintf("10.5555/pub.%d", i) {
					t.Fatalf("%s: %s %+v", d, got[d].Status, p)
				}
			}
			var links []int
			doiBatches := 0
			for _, q := range srv.Queries() {
				switch {
				case strings.Contains(q, "EXT_ID:"):
					links = append(links, strings.Count(q, "EXT_ID:"))
				case strings.Contains(q, "DOI:"):
					doiBatches++
				default:
					t.Errorf("unexpected search %q", q)
				}
			}
			slices.Sort(links)
			if fmt.Sprint(links) != tt.want {
				t.Errorf("published-version searches ask %v links, want %s", links, tt.want)
			}
			if want := (tt.preprints + 24) / 25; doiBatches != want {
				t.Errorf("%d DOI batches, want %d", doiBatches, want)
			}
			if got, want := srv.Requests(), doiBatches+len(links); got != want {
				t.Errorf("%d requests, want %d (one a DOI batch or a published-version search)", got, want)
			}
		})
	}
}
