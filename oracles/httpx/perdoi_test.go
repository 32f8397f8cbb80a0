package httpx_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/httpx"
)

type answerFunc = func(resp *httpx.Response, doi string) (oracles.Status, *oracles.Record, error)

func answerWith(status oracles.Status, rec *oracles.Record, err error) answerFunc {
	return func(*httpx.Response, string) (oracles.Status, *oracles.Record, error) { return status, rec, err }
}

func TestPerDOI(t *testing.T) {
	const testDOI = "10.1234/a"
	errParse := errors.New("parse failed")
	tests := []struct {
		name      string
		give      string // the DOI asked
		status    int    // the server's HTTP status
		answer    answerFunc
		cancelled bool

		wantStatus   oracles.Status
		wantDOI      string // record DOI; "" means no record
		wantIs       error  // errors.Is target when Unknown
		wantBad      string // Err holds a *oracles.BadResponseError with this reason
		wantRequests int32
		wantAnswered bool
	}{
		{name: "found, matching", give: "https://doi.org/10.1234/A", status: 200,
			answer:     answerWith(oracles.Found, &oracles.Record{DOI: testDOI, Title: "T"}, nil),
			wantStatus: oracles.Found, wantDOI: testDOI, wantRequests: 1, wantAnswered: true},
		{name: "found, same DOI in another case", give: testDOI, status: 200,
			answer:     answerWith(oracles.Found, &oracles.Record{DOI: "10.1234/A"}, nil),
			wantStatus: oracles.Found, wantDOI: "10.1234/A", wantRequests: 1, wantAnswered: true},
		{name: "found, other DOI", give: testDOI, status: 200,
			answer:     answerWith(oracles.Found, &oracles.Record{DOI: "10.1234/b"}, nil),
			wantStatus: oracles.Unknown, wantIs: oracles.ErrUnavailable, wantBad: `answered for another DOI "10.1234/b"`, wantRequests: 1, wantAnswered: true},
		{name: "found, nil record", give: testDOI, status: 200,
			answer:     answerWith(oracles.Found, nil, nil),
			wantStatus: oracles.Unknown, wantIs: oracles.ErrUnavailable, wantBad: "found without a record", wantRequests: 1, wantAnswered: true},
		{name: "not found drops a record", give: testDOI, status: 404,
			answer:     answerWith(oracles.NotFound, &oracles.Record{DOI: testDOI}, nil),
			wantStatus: oracles.NotFound, wantRequests: 1, wantAnswered: true},
		{name: "unknown without a cause", give: testDOI, status: 200,
			answer:     answerWith(oracles.Unknown, &oracles.Record{DOI: testDOI}, nil),
			wantStatus: oracles.Unknown, wantIs: oracles.ErrUnavailable, wantBad: "no verdict", wantRequests: 1, wantAnswered: true},
		{name: "answer error", give: testDOI, status: 200,
			answer:     answerWith(oracles.Found, &oracles.Record{DOI: testDOI}, errParse),
			wantStatus: oracles.Unknown, wantIs: errParse, wantRequests: 1, wantAnswered: true},
		{name: "transport error", give: testDOI, status: 503,
			answer:     answerWith(oracles.Found, &oracles.Record{DOI: testDOI}, nil),
			wantStatus: oracles.Unknown, wantIs: oracles.ErrUnavailable, wantRequests: 3},
		{name: "cancelled context", give: testDOI, status: 200, cancelled: true,
			answer:     answerWith(oracles.Found, &oracles.Record{DOI: testDOI}, nil),
			wantStatus: oracles.Unknown, wantIs: context.Canceled},
		{name: "invalid DOI never requested", give: "10.1234/a b", status: 200,
			answer:     answerWith(oracles.Found, &oracles.Record{DOI: "10.1234/a b"}, nil),
			wantStatus: oracles.Unknown, wantIs: doi.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, requests := counting(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(tt.status)
			})
			srv := serve(t, h)
			var answered atomic.Bool
			var asked atomic.Value
			p := &httpx.PerDOI{
				Oracle: "test",
				URL: func(d string) string {
					asked.Store(d)
					return srv.URL + "/" + doi.PathEscape(d)
				},
				Answer: func(resp *httpx.Response, d string) (oracles.Status, *oracles.Record, error) {
					answered.Store(true)
					return tt.answer(resp, d)
				},
				HTTP: httpx.New(fastOptions(t)),
				Log:  zaptest.NewLogger(t),
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.cancelled {
				cancel()
			}
			got := p.Lookup(ctx, []string{tt.give})
			if len(got) != 1 {
				t.Fatalf("got %d answers, want 1: %v", len(got), got)
			}
			var r oracles.Result
			for _, v := range got {
				r = v
			}
			if r.Status != tt.wantStatus || r.Oracle != "test" {
				t.Fatalf("got %v from %q (err %v), want %v from test", r.Status, r.Oracle, r.Err, tt.wantStatus)
			}
			switch {
			case tt.wantDOI == "" && r.Record != nil:
				t.Errorf("got record %+v, want none", r.Record)
			case tt.wantDOI != "" && (r.Record == nil || r.Record.DOI != tt.wantDOI):
				t.Errorf("got record %+v, want DOI %q", r.Record, tt.wantDOI)
			}
			if tt.wantStatus != oracles.Unknown {
				if r.Err != nil {
					t.Errorf("got err %v, want nil", r.Err)
				}
				if a, _ := asked.Load().(string); a != testDOI {
					t.Errorf("URL asked for %q, want the normalised %q", a, testDOI)
				}
			} else {
				if !errors.Is(r.Err, tt.wantIs) {
					t.Errorf("got err %v, want one wrapping %v", r.Err, tt.wantIs)
				}
				var bad *oracles.BadResponseError
				switch {
				case tt.wantBad == "" && errors.As(r.Err, &bad):
					t.Errorf("got err %v, want no BadResponseError", r.Err)
				case tt.wantBad != "" && (!errors.As(r.Err, &bad) || bad.Reason != tt.wantBad || bad.Oracle != "test"):
					t.Errorf("got err %v, want a BadResponseError from test: %s", r.Err, tt.wantBad)
				}
				if tt.wantIs != doi.ErrInvalid && !strings.HasPrefix(r.Err.Error(), "test: lookup "+testDOI+": ") {
					t.Errorf("got err %q, want the prefix %q", r.Err, "test: lookup "+testDOI+": ")
				}
			}
			if got := requests.Load(); got != tt.wantRequests {
				t.Errorf("got %d requests, want %d", got, tt.wantRequests)
			}
			if got := answered.Load(); got != tt.wantAnswered {
				t.Errorf("Answer called %v, want %v", got, tt.wantAnswered)
			}
		})
	}
}

func TestNewPerDOI(t *testing.T) {
	p := httpx.NewPerDOI("test", httpx.Options{Name: "other"}, nil)
	if p.Name() != "test" || p.HTTP == nil || p.HTTP.Name() != "test" || p.Log == nil {
		t.Errorf("got name %q, HTTP %v, Log %v; want test, a client named test, a logger", p.Name(), p.HTTP, p.Log)
	}
}
