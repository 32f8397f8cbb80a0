package oracles_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/oracles"
)

func TestRegistry(t *testing.T) {
	r := oracles.NewRegistry()
	var gotSettings oracles.Settings
	mk := func(name string) oracles.Factory {
		return func(s oracles.Settings) (oracles.Oracle, error) {
			gotSettings = s
			return &fake{name: name}, nil
		}
	}
	if err := r.Register("b", mk("b")); err != nil {
		t.Fatal(err)
	}
	if err := r.Register("a", mk("a")); err != nil {
		t.Fatal(err)
	}
	if err := r.Register("a", mk("a")); err == nil || !strings.Contains(err.Error(), `"a"`) {
		t.Errorf("duplicate Register: got %v, want error naming a", err)
	}
	if err := r.Register("", mk("x")); err == nil {
		t.Error("empty name: got nil error")
	}
	if err := r.Register("x", nil); err == nil {
		t.Error("nil factory: got nil error")
	}
	if diff := cmp.Diff([]string{"a", "b"}, r.Names()); diff != "" {
		t.Errorf("Names (-want +got):\n%s", diff)
	}
	o, err := r.New("b", oracles.Settings{BaseURL: "http://x", BatchSize: 7})
	if err != nil {
		t.Fatal(err)
	}
	if o.Name() != "b" || gotSettings.BaseURL != "http://x" || gotSettings.BatchSize != 7 {
		t.Errorf("New(b) = %q with %+v", o.Name(), gotSettings)
	}
	_, err = r.New("nope", oracles.Settings{})
	if err == nil || !strings.Contains(err.Error(), `"nope"`) || !strings.Contains(err.Error(), "a, b") {
		t.Errorf("New(nope): got %v, want error naming nope and listing a, b", err)
	}
	boom := errors.New("boom")
	_ = r.Register("bad", func(oracles.Settings) (oracles.Oracle, error) { return nil, boom })
	if _, err := r.New("bad", oracles.Settings{}); !errors.Is(err, boom) {
		t.Errorf("New(bad): got %v, want wrapping boom", err)
	}
	if !r.Has("a") || r.Has("zzz") {
		t.Error("Has: wrong answer")
	}
}

func TestSettingsLogNeverNil(t *testing.T) {
	if (oracles.Settings{}).Log() == nil {
		t.Fatal("Log() returned nil")
	}
}

// fake answers from a fixed table; DOIs not in it are NotFound.
type fake struct {
	name    string
	answers map[string]oracles.Status
	title   string
	flagged bool // records carry Retracted
	calls   int
	asked   []string
}

func (f *fake) Name() string { return f.name }

func (f *fake) Lookup(_ context.Context, dois []string) map[string]oracles.Result {
	f.calls++
	valid, out := oracles.Split(f.name, dois)
	f.asked = append(f.asked, valid...)
	for _, d := range valid {
		st, ok := f.answers[d]
		if !ok {
			st = oracles.NotFound
		}
		r := oracles.Result{DOI: d, Status: st, Oracle: f.name}
		switch st {
		case oracles.Found:
			r.Record = &oracles.Record{DOI: d, Title: f.title, Retracted: f.flagged}
		case oracles.Unknown:
			r.Err = &oracles.BadResponseError{Oracle: f.name, StatusCode: 503, Reason: "down"}
		}
		out[d] = r
	}
	return out
}
