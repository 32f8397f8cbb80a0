package oracles_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"

	"github.com/citeloop/citeloop/oracles"
)

// fakeSettings is a plugin's own settings type, with a Validate.
type fakeSettings struct {
	Label string        `yaml:"label"`
	Wait  time.Duration `yaml:"wait"`
	Tags  []string      `yaml:"tags"`
}

func (s fakeSettings) Validate() error {
	if s.Label == "" {
		return oracles.Invalid("label", "must not be empty")
	}
	return nil
}

func TestRegistry(t *testing.T) {
	r := oracles.NewRegistry()
	var got fakeSettings
	var gotEnv oracles.Env
	mk := func(name string) oracles.Plugin {
		return oracles.NewPlugin(func() fakeSettings { return fakeSettings{Label: "default", Wait: time.Second} },
			func(s fakeSettings, env oracles.Env) (oracles.Oracle, error) {
				got, gotEnv = s, env
				return &fake{name: name}, nil
			})
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
	if err := r.Register("x", oracles.Plugin{}); err == nil {
		t.Error("empty plugin: got nil error")
	}
	if diff := cmp.Diff([]string{"a", "b"}, r.Names()); diff != "" {
		t.Errorf("Names (-want +got):\n%s", diff)
	}
	sec, err := oracles.ParseSection("b", []byte("label: mine\ntags: [x, y]\n"))
	if err != nil {
		t.Fatal(err)
	}
	o, err := r.New("b", sec, oracles.Env{Contact: "ops@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	want := fakeSettings{Label: "mine", Wait: time.Second, Tags: []string{"x", "y"}}
	if o.Name() != "b" || gotEnv.Contact != "ops@example.org" {
		t.Errorf("New(b) = %q with env %+v", o.Name(), gotEnv)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("settings: keys given replace the defaults, others keep them (-want +got):\n%s", diff)
	}
	s, err := r.Settings("a", oracles.NewSection("a", nil))
	if diff := cmp.Diff(any(fakeSettings{Label: "default", Wait: time.Second}), s); err != nil || diff != "" {
		t.Errorf("Settings(a, absent section) = %+v, %v; want the defaults", s, err)
	}
	_, err = r.New("nope", oracles.Section{}, oracles.Env{})
	if err == nil || !strings.Contains(err.Error(), `"nope"`) || !strings.Contains(err.Error(), "a, b") {
		t.Errorf("New(nope): got %v, want error naming nope and listing a, b", err)
	}
	bad, _ := oracles.ParseSection("a", []byte("label: \"\"\n"))
	if _, err := r.New("a", bad, oracles.Env{}); err == nil || err.Error() != "oracles.a.label: must not be empty" {
		t.Errorf("New(a, empty label): got %v, want the settings' Validate error under oracles.a.label", err)
	}
	boom := errors.New("boom")
	_ = r.Register("bad", oracles.NoSettings(func(oracles.Env) (oracles.Oracle, error) { return nil, boom }))
	if _, err := r.New("bad", oracles.Section{}, oracles.Env{}); !errors.Is(err, boom) {
		t.Errorf("New(bad): got %v, want wrapping boom", err)
	}
	if !r.Has("a") || r.Has("zzz") {
		t.Error("Has: wrong answer")
	}
}

func TestSectionDecode(t *testing.T) {
	tests := []struct {
		name string
		give string
		want string // "" means no error
	}{
		{"empty", "", ""},
		{"null", "~\n", ""},
		{"empty mapping", "{}\n", ""},
		{"typo", "lable: x\n", "oracles.t.lable: line 1: unknown key (did you mean label?)"},
		{"far from any key", "colour: red\n", "oracles.t.colour: line 1: unknown key (valid keys: label, wait, tags)"},
		{"wrong type", "label: x\nwait: soon\n", "oracles.t.wait: line 2: cannot unmarshal !!str `soon` into time.Duration"},
		{"integer duration", "wait: 10\n", "oracles.t.wait: line 1:"},
		{"list for a string", "label: [a]\n", "oracles.t.label: line 1:"},
		{"section is a list", "- label\n", "oracles.t: line 1: must be a mapping of settings, got a list"},
		{"section is a scalar", "yes\n", `oracles.t: line 1: must be a mapping of settings, got the value "yes"`},
		{"merged into itself", "&a {wait: 1s, <<: *a}\n", ""},
		{"merged into itself, unknown key", "&a {colour: x, <<: *a}\n", "oracles.t.colour: line 1: unknown key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sec, err := oracles.ParseSection("t", []byte(tt.give))
			if err != nil {
				t.Fatal(err)
			}
			s := fakeSettings{Label: "keep"}
			err = sec.Decode(&s)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Decode: %v", err)
			case tt.want == "" && s.Label != "keep":
				t.Errorf("Decode changed a default: %+v", s)
			case tt.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.want)):
				t.Errorf("Decode: got %v, want %q", err, tt.want)
			}
		})
	}
}

// Anchors, aliases and merge keys work as in the rest of the file: an
// oracle's section may share settings with another's.
func TestSectionDecodeAliasesAndMerges(t *testing.T) {
	doc := `lbl: &lbl anchored
shared: &shared
  label: shared
  wait: 2s
aliased: *shared
merged:
  <<: *shared
  label: own
value_alias:
  label: *lbl
merged_unknown:
  <<: {colour: red}
`
	var root struct {
		Sections map[string]yaml.Node `yaml:",inline"`
	}
	if err := yaml.Unmarshal([]byte(doc), &root); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		want    fakeSettings
		wantErr string
	}{
		{name: "aliased", want: fakeSettings{Label: "shared", Wait: 2 * time.Second}},
		{name: "merged", want: fakeSettings{Label: "own", Wait: 2 * time.Second}},
		{name: "value_alias", want: fakeSettings{Label: "anchored"}},
		{name: "merged_unknown", wantErr: "oracles.merged_unknown.colour: line 12: unknown key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := root.Sections[tt.name]
			var got fakeSettings
			err := oracles.NewSection(tt.name, &n).Decode(&got)
			if tt.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
					t.Errorf("got %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// Nested mappings are strict too: a settings type with a struct field
// refuses unknown keys inside it.
func TestSectionDecodeNestedStrict(t *testing.T) {
	type inner struct {
		Depth int `yaml:"depth"`
	}
	var s struct {
		Inner inner `yaml:"inner"`
	}
	sec, _ := oracles.ParseSection("t", []byte("inner:\n  depht: 3\n"))
	err := sec.Decode(&s)
	if err == nil || !strings.Contains(err.Error(), "oracles.t.inner") || !strings.Contains(err.Error(), "depht") {
		t.Errorf("got %v, want an error naming oracles.t.inner and depht", err)
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

func TestNearest(t *testing.T) {
	valid := []string{"base_url", "timeout", "rate_per_second", "max_attempts", "max_concurrent"}
	tests := []struct {
		give string
		want string
	}{
		{"timout", "timeout"},
		{"base-url", "base_url"},
		{"rate_limit", "rate_per_second"}, // one key shares the first word
		{"max_retries", "max_attempts"},
		{"max_inflight_requests_total", ""}, // two share "max": no guess
		{"colour", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := oracles.Nearest(tt.give, valid); got != tt.want {
			t.Errorf("Nearest(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

// A plugin reads its own environment variables; the registry asks it only
// for a registered name and a lookup to read them through.
func TestRegistryFromEnv(t *testing.T) {
	build := func(oracles.Env) (oracles.Oracle, error) { return nil, errors.New("not built") }
	reads := oracles.NoSettings(build)
	reads.FromEnv = func(lookup func(string) (string, bool)) map[string]string {
		if v, ok := lookup("LAB_URL"); ok {
			return map[string]string{"base_url": v}
		}
		return nil
	}
	r := oracles.NewRegistry()
	if err := r.Register("lab", reads); err != nil {
		t.Fatal(err)
	}
	if err := r.Register("quiet", oracles.NoSettings(build)); err != nil {
		t.Fatal(err)
	}
	env := func(k string) (string, bool) {
		v, ok := map[string]string{"LAB_URL": "http://lab.example"}[k]
		return v, ok
	}
	tests := []struct {
		name   string
		lookup func(string) (string, bool)
		want   map[string]string
	}{
		{"lab", env, map[string]string{"base_url": "http://lab.example"}},
		{"quiet", env, nil},
		{"unknown", env, nil},
		{"lab", nil, nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, r.FromEnv(tt.name, tt.lookup)); diff != "" {
			t.Errorf("FromEnv(%q, lookup set: %v) (-want +got):\n%s", tt.name, tt.lookup != nil, diff)
		}
	}
}
