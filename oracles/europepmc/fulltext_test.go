package europepmc_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

// fullTextDir holds the recorded fullTextXML responses
// (testdata/europepmc-fulltext/PROVENANCE.txt). No 404 or 403 body was
// recorded: those below are synthesised, in the shape the 404 is described
// in ../shared/docs/FULLTEXT.md (a JSON body).
var fullTextDir = filepath.Join("..", "..", "testdata", "europepmc-fulltext")

func TestFullText(t *testing.T) {
	xml, err := os.ReadFile(filepath.Join(fullTextDir, "just-dna-compiler__PMC5753237_fullTextXML.xml"))
	if err != nil {
		t.Fatal(err)
	}
	am500, err := os.ReadFile(filepath.Join(fullTextDir, "literature-pipeline__PMC11903078_fullTextXML_500.json"))
	if err != nil {
		t.Fatal(err)
	}
	var accept atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		accept.Store(r.Header.Get("Accept"))
		switch r.URL.Path {
		case "/PMC5753237/fullTextXML":
			w.Header().Set("Content-Type", "application/xml")
			w.Write(xml)
		case "/PMC11903078/fullTextXML": // recorded: an author manuscript
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			w.Write(am500)
		case "/PMC403/fullTextXML": // synthesised
			w.WriteHeader(http.StatusForbidden)
		case "/PMC200/fullTextXML": // synthesised: a 200 that is a page
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<html>maintenance</html>"[6:]))
		default: // synthesised 404, as FULLTEXT.md describes it
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"status":404,"error":"Not Found","message":"No full text"}`))
		}
	}))
	t.Cleanup(srv.Close)
	c := europepmc.New(europepmc.Options{BaseURL: srv.URL, HTTPOptions: oracletest.FastOptions(europepmc.Name)})
	ctx := context.Background()

	ft, err := c.FullText(ctx, "PMC5753237")
	if err != nil || len(ft.Body) != len(xml) || ft.ID != "PMC5753237" || ft.Oracle != europepmc.Name {
		t.Fatalf("PMC5753237: %d bytes, %+v, %v", len(ft.Body), ft.ID, err)
	}
	if got := accept.Load(); got != "application/xml" {
		t.Errorf("Accept = %q, want application/xml (JSON gets 406)", got)
	}
	tests := []struct {
		id          string
		noFullText  bool
		unavailable bool
	}{
		{"PMC1", true, false},        // 404
		{"PMC403", true, false},      // 403
		{"PMC11903078", false, true}, // 500 with JSON: the service could not say
		{"PMC200", false, true},      // a 200 that is not XML
		{"12345", true, false},       // not a PMCID: never sent
		{"PMC1/../x", true, false},
	}
	for _, tt := range tests {
		_, err := c.FullText(ctx, tt.id)
		if err == nil {
			t.Errorf("%s: no error", tt.id)
			continue
		}
		if got := errors.Is(err, oracles.ErrNoFullText); got != tt.noFullText {
			t.Errorf("%s: errors.Is(ErrNoFullText) = %v, want %v (%v)", tt.id, got, tt.noFullText, err)
		}
		if got := errors.Is(err, oracles.ErrUnavailable); got != tt.unavailable {
			t.Errorf("%s: errors.Is(ErrUnavailable) = %v, want %v (%v)", tt.id, got, tt.unavailable, err)
		}
	}
}
