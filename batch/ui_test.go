package batch

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/citeloop/citeloop/batch/batchtest"
)

// River's UI is served over the queue's database, SQLite (on the queue's
// one connection) and PostgreSQL alike: its page, and its API listing the
// run's jobs and counting them by state, answer while the batch runs.
func TestRiverUIServesBothDatabases(t *testing.T) {
	for _, tt := range []struct {
		name string
		url  func(t *testing.T) string
	}{
		{"sqlite", func(*testing.T) string { return "" }},
		{"postgres", func(t *testing.T) string { return batchtest.PostgresURL(t) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			f, err := LoadFile(writeFile(t, dir, "leads.yaml", "- id: a\n  topic: x\n- id: b\n  topic: y\n"))
			if err != nil {
				t.Fatal(err)
			}
			core, logs := observer.New(zap.InfoLevel)
			checked := false
			report := func(string) error {
				// The leads ended; RunFile has not returned: still served.
				url := logs.FilterMessage("river ui served").All()[0].ContextMap()["url"].(string)
				page := get(t, url, "")
				if !strings.Contains(page, "<html") || !strings.Contains(strings.ToLower(page), "river") {
					t.Errorf("the UI's page is not River's:\n%.300s", page)
				}
				var jobs struct {
					Data []struct {
						Kind  string `json:"kind"`
						State string `json:"state"`
					} `json:"data"`
				}
				if err := json.Unmarshal([]byte(get(t, url+"api/jobs?state=completed&limit=20", "")), &jobs); err != nil {
					t.Fatal(err)
				}
				if len(jobs.Data) != 2 || jobs.Data[0].Kind != jobKind {
					t.Errorf("the UI's API lists %+v, want the two completed lead jobs", jobs.Data)
				}
				states := get(t, url+"api/states", "")
				if !strings.Contains(states, `"completed"`) {
					t.Errorf("the UI's state counts %s lack completed", states)
				}
				checked = true
				return nil
			}
			_, err = RunFile(context.Background(), f, FileRun{Out: filepath.Join(dir, "out"), DatabaseURL: tt.url(t), Report: report,
				Config:  Config{Runner: newFake(), PollInterval: 20 * time.Millisecond, Logger: zap.New(core)},
				Monitor: Monitor{UIAddr: "127.0.0.1:0"}})
			if err != nil {
				t.Fatal(err)
			}
			if !checked {
				t.Fatal("the UI was not checked")
			}
		})
	}
}

func get(t *testing.T, url, token string) string {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s\n%s", url, resp.Status, b)
	}
	return string(b)
}

// A UI address other than loopback needs a token, which every request must
// then carry (bearer, or basic auth's password); without one the batch does
// not start.
func TestRiverUIAddress(t *testing.T) {
	for _, tt := range []struct {
		addr, token string
		ok          bool
	}{
		{"127.0.0.1:8081", "", true},
		{"[::1]:8081", "", true},
		{"localhost:8081", "", true},
		{"0.0.0.0:8081", "", false},
		{":8081", "", false},
		{"192.0.2.1:8081", "", false},
		{"0.0.0.0:8081", "s3cret", true},
		{"no-port", "", false},
	} {
		err := CheckUIAddr(tt.addr, tt.token)
		if (err == nil) != tt.ok || err != nil && !errors.Is(err, ErrUIAddr) {
			t.Errorf("CheckUIAddr(%q, %q) = %v, want ok %v", tt.addr, tt.token, err, tt.ok)
		}
	}
	dir := t.TempDir()
	f, err := LoadFile(writeFile(t, dir, "leads.yaml", "- id: a\n  topic: x\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunFile(context.Background(), f, FileRun{Out: filepath.Join(dir, "out"), Config: Config{Runner: newFake()}, Monitor: Monitor{UIAddr: "0.0.0.0:0"}})
	if !errors.Is(err, ErrStart) || !errors.Is(err, ErrUIAddr) {
		t.Errorf("RunFile with the UI on every interface and no token: %v, want ErrStart", err)
	}
	h := requireToken("s3cret", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "ok") }))
	for _, tt := range []struct {
		set  func(*http.Request)
		want int
	}{
		{func(*http.Request) {}, http.StatusUnauthorized},
		{func(r *http.Request) { r.Header.Set("Authorization", "Bearer nope") }, http.StatusUnauthorized},
		{func(r *http.Request) { r.Header.Set("Authorization", "Bearer s3cret") }, http.StatusOK},
		{func(r *http.Request) { r.SetBasicAuth("anyone", "s3cret") }, http.StatusOK},
	} {
		req, _ := http.NewRequest(http.MethodGet, "/", nil)
		tt.set(req)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.want {
			t.Errorf("%v: %d, want %d", req.Header, rec.Code, tt.want)
		}
	}
}
