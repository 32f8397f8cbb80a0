package europepmc_test

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

var oneTerm = regexp.MustCompile(`^DOI:"([^"\\]*)"$`)

// FuzzDOIQuery checks that no input accepted by doi.Normalize can break out
// of its quoted DOI term.
func FuzzDOIQuery(f *testing.F) {
	for _, s := range []string{
		"10.1016/j.molcel.2019.07.008",
		`10.1/x" OR "cancer`,
		`10.1234/x" OR "cancer`,
		`10.1234/a\" OR`,
		"10.1002/(SICI)1097-4636(199812)43:4<448::AID-JBM14>3.0.CO;2-4",
		"https://doi.org/10.1234/%22%20OR%20x",
		"doi:10.1234/A*",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := doi.Normalize(s)
		if err != nil {
			return
		}
		m := oneTerm.FindStringSubmatch(europepmc.DOIQuery([]string{d}))
		if m == nil || m[1] != d {
			t.Fatalf("DOIQuery(%q) = %q: the DOI is not one quoted term", d, europepmc.DOIQuery([]string{d}))
		}
	})
}

func TestDOIQuery(t *testing.T) {
	tests := []struct {
		give []string
		want string
	}{
		{[]string{"10.1/a"}, `DOI:"10.1/a"`},
		{[]string{"10.1234/a", "10.1234/b(1)"}, `DOI:"10.1234/a" OR DOI:"10.1234/b(1)"`},
	}
	for _, tt := range tests {
		if got := europepmc.DOIQuery(tt.give); got != tt.want {
			t.Errorf("DOIQuery(%q) = %q, want %q", tt.give, got, tt.want)
		}
	}
}

func TestPlugin(t *testing.T) {
	_, c, url := serveFake(t)
	sec, err := oracles.ParseSection(europepmc.Name, []byte("base_url: "+url+"\ntimeout: 1s\nmax_attempts: 1\nrate_per_second: 100\n"))
	if err != nil {
		t.Fatal(err)
	}
	p := europepmc.Plugin()
	s, err := p.Settings(sec)
	if err != nil {
		t.Fatal(err)
	}
	want := europepmc.DefaultSettings()
	want.BaseURL, want.Timeout, want.MaxAttempts, want.RatePerSecond = url, time.Second, 1, 100
	if diff := cmp.Diff(want, s); diff != "" {
		t.Errorf("settings (-want +got):\n%s", diff)
	}
	o, err := p.Build(s, oracles.Env{})
	if err != nil {
		t.Fatal(err)
	}
	if o.Name() != europepmc.Name {
		t.Errorf("Name() = %q, want %q", o.Name(), europepmc.Name)
	}
	if r := o.Lookup(context.Background(), c.dois[:1])[c.dois[0]]; r.Status != oracles.Found {
		t.Errorf("Lookup = %s (err %v), want found", r.Status, r.Err)
	}
}
