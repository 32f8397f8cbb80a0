package oracles_test

import (
	"errors"
	"testing"

	"github.com/citeloop/citeloop/oracles"
)

// Whatever the text of a section, Decode never panics and every error it
// returns is a *SettingError under the section's key.
func FuzzSectionDecode(f *testing.F) {
	for _, seed := range []string{
		"label: x\nwait: 2s\ntags: [a]\n",
		"lable: x\n",
		"- a\n",
		"a: &a {label: x}\nb: *a\n",
		"<<: {label: x}\n",
		"<<: [{label: x}, {wait: 1s}]\n",
		"<<: 5\n",
		"wait: *nope\n",
		"~\n",
		"&a {<<: *a}\n",
		"&a {label: x, <<: [*a, *a]}\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sec, err := oracles.ParseSection("t", data)
		if err != nil {
			return
		}
		var s fakeSettings
		if err := sec.Decode(&s); err != nil {
			var se *oracles.SettingError
			if !errors.As(err, &se) || se.Section != "oracles.t" {
				t.Fatalf("Decode error %v (%T) is not a *SettingError of oracles.t", err, err)
			}
		}
	})
}
