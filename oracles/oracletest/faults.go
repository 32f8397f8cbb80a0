package oracletest

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"
)

// fault wraps the real handler with a failure a server can inflict.
type fault struct {
	name string
	wrap func(real http.Handler) http.Handler
	// knownOnly asks only known DOIs: the fault damages the real answer,
	// which for an absent DOI may be a legitimate "not found" status.
	knownOnly bool
}

func status(code int, retryAfter string) func(http.Handler) http.Handler {
	return func(http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			if retryAfter != "" {
				w.Header().Set("Retry-After", retryAfter)
			}
			w.WriteHeader(code)
		})
	}
}

func body(contentType, text string) func(http.Handler) http.Handler {
	return func(http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", contentType)
			_, _ = io.WriteString(w, text)
		})
	}
}

var faults = []fault{
	{name: "500", wrap: status(http.StatusInternalServerError, "")},
	{name: "502", wrap: status(http.StatusBadGateway, "")},
	{name: "503", wrap: status(http.StatusServiceUnavailable, "")},
	{name: "429 without Retry-After", wrap: status(http.StatusTooManyRequests, "")},
	{name: "429 with Retry-After 0", wrap: status(http.StatusTooManyRequests, "0")},
	{name: "slow past timeout", wrap: func(http.Handler) http.Handler {
		return http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
			select {
			case <-time.After(3 * time.Second):
			case <-r.Context().Done():
			}
		})
	}},
	{name: "connection reset", wrap: func(http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err != nil {
				panic(err)
			}
			conn.Close()
		})
	}},
	{name: "truncated body", knownOnly: true, wrap: func(real http.Handler) http.Handler {
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
	{name: "oversized body", wrap: func(http.Handler) http.Handler {
		pad := bytes.Repeat([]byte("x"), MaxBodyBytes+1024)
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"pad":"`)
			_, _ = w.Write(pad)
			_, _ = io.WriteString(w, strings.Repeat(`"`, 1)+"}")
		})
	}},
}
