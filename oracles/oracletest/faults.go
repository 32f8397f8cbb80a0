package oracletest

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/citeloop/citeloop/doi"
)

// fault wraps the real handler with a failure a server can inflict.
type fault struct {
	name string
	// wrap builds the faulty handler from the real one; known are the
	// normalised DOIs of Harness.Known.
	wrap func(real http.Handler, known []string) http.Handler
	// knownOnly asks only known DOIs: the fault damages the real answer,
	// which for an absent DOI may be a legitimate "not found" status.
	knownOnly bool
	// firstOnly asks only the first known DOI.
	firstOnly bool
}

func status(code int, retryAfter string) func(http.Handler, []string) http.Handler {
	return func(http.Handler, []string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			if retryAfter != "" {
				w.Header().Set("Retry-After", retryAfter)
			}
			w.WriteHeader(code)
		})
	}
}

func body(contentType, text string) func(http.Handler, []string) http.Handler {
	return statusBody(http.StatusOK, contentType, text)
}

func statusBody(code int, contentType, text string) func(http.Handler, []string) http.Handler {
	return func(http.Handler, []string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			if contentType != "" {
				w.Header().Set("Content-Type", contentType)
			}
			w.WriteHeader(code)
			_, _ = io.WriteString(w, text)
		})
	}
}

// otherDOI rewrites every request for known[0] into one for known[1] before
// the real handler sees it, so the server answers 200 with another DOI's
// record: the path, the query and a form body are rewritten, whatever the
// case and escaping of the DOI.
func otherDOI(real http.Handler, known []string) http.Handler {
	from, to := known[0], known[1]
	type pair struct {
		re *regexp.Regexp
		to string
	}
	var pairs []pair
	seen := map[string]bool{}
	for _, enc := range []func(string) string{
		func(s string) string { return s },
		doi.PathEscape,
		url.PathEscape,
		url.QueryEscape,
	} {
		f := enc(from)
		if seen[f] {
			continue
		}
		seen[f] = true
		pairs = append(pairs, pair{regexp.MustCompile("(?i)" + regexp.QuoteMeta(f)), enc(to)})
	}
	rewrite := func(s string) string {
		for _, p := range pairs {
			s = p.re.ReplaceAllLiteralString(s, p.to)
		}
		return s
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r2 := r.Clone(r.Context())
		u := *r.URL
		u.Path = rewrite(u.Path)
		u.RawPath = rewrite(u.RawPath)
		u.RawQuery = rewrite(u.RawQuery)
		r2.URL = &u
		r2.RequestURI = u.RequestURI()
		if r.Body != nil {
			b, err := io.ReadAll(r.Body)
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			b = []byte(rewrite(string(b)))
			r2.Body = io.NopCloser(bytes.NewReader(b))
			r2.ContentLength = int64(len(b))
			r2.Header.Del("Content-Length")
		}
		real.ServeHTTP(w, r2)
	})
}

var faults = []fault{
	{name: "500", wrap: status(http.StatusInternalServerError, "")},
	{name: "502", wrap: status(http.StatusBadGateway, "")},
	{name: "503", wrap: status(http.StatusServiceUnavailable, "")},
	{name: "429 without Retry-After", wrap: status(http.StatusTooManyRequests, "")},
	{name: "429 with Retry-After 0", wrap: status(http.StatusTooManyRequests, "0")},
	{name: "slow past timeout", wrap: func(http.Handler, []string) http.Handler {
		return http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
			select {
			case <-time.After(3 * time.Second):
			case <-r.Context().Done():
			}
		})
	}},
	{name: "connection reset", wrap: func(http.Handler, []string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err != nil {
				panic(err)
			}
			conn.Close()
		})
	}},
	{name: "truncated body", knownOnly: true, wrap: func(real http.Handler, _ []string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := httptest.NewRecorder()
			real.ServeHTTP(rec, r)
			for k, v := range rec.Header() {
				if k != "Content-Length" {
					w.Header()[k] = v
				}
			}
			b := rec.Body.Bytes()
			w.WriteHeader(http.StatusOK)
			_, _ = w.Write(b[:len(b)/2])
		})
	}},
	{name: "non-JSON garbage", wrap: body("application/json", "\x00\x01 Service Temporarily Unavailable \xff")},
	{name: "HTML error page", wrap: body("text/html; charset=utf-8",
		"<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>")},
	{name: "404 HTML page", wrap: statusBody(http.StatusNotFound, "text/html; charset=utf-8",
		"<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1></center><hr><center>nginx</center></body></html>")},
	{name: "404 empty body", wrap: statusBody(http.StatusNotFound, "", "")},
	{name: "200 with another DOI's record", firstOnly: true, wrap: otherDOI},
	{name: "oversized body", wrap: func(http.Handler, []string) http.Handler {
		pad := bytes.Repeat([]byte("x"), MaxBodyBytes+1024)
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"pad":"`)
			_, _ = w.Write(pad)
			_, _ = io.WriteString(w, strings.Repeat(`"`, 1)+"}")
		})
	}},
}
