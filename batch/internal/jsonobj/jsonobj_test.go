package jsonobj

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMembersAndElements(t *testing.T) {
	for _, tt := range []struct {
		name, give string
		stopAt     string
		want       []string
		wantErr    string
	}{
		{name: "members and an array", give: `{"run": "r1", "leads": [{"id": "a"}, {"id": "b"}], "ended": 2}`, want: []string{"run=r1", "lead=a", "lead=b", "ended=2"}},
		{name: "empty array", give: `{"leads": [], "ended": 0}`, want: []string{"ended=0"}},
		{name: "stop before the rest", give: `{"run": "r1", "leads": [{"id": "a"}`, stopAt: "leads", want: []string{"run=r1"}},
		{name: "unknown member skipped", give: `{"x": {"deep": [1, 2, {"y": null}]}, "run": "r2"}`, want: []string{"run=r2"}},
		{name: "not an object", give: `[1]`, wantErr: `want {, found [`},
		{name: "leads not an array", give: `{"leads": {"id": "a"}}`, wantErr: `want [, found {`},
		{name: "cut short", give: `{"run": "r1", "leads": [{"id": "a"},`, wantErr: "EOF"},
		{name: "bad element", give: `{"leads": [{"id": 3}]}`, wantErr: "cannot unmarshal number"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dec := json.NewDecoder(strings.NewReader(tt.give))
			var got []string
			err := Members(dec, func(name string) error {
				switch name {
				case tt.stopAt:
					return ErrStop
				case "leads":
					return Elements(dec, func() error {
						var l struct{ ID string }
						if err := dec.Decode(&l); err != nil {
							return err
						}
						got = append(got, "lead="+l.ID)
						return nil
					})
				case "run", "ended":
					var v any
					if err := dec.Decode(&v); err != nil {
						return err
					}
					got = append(got, name+"="+strings.Trim(mustJSON(v), `"`))
					return nil
				}
				return Skip(dec)
			})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
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

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// An array written an element at a time is what MarshalIndent writes.
func TestArrayIndentsAsMarshalIndent(t *testing.T) {
	type item struct {
		ID   string   `json:"id"`
		Tags []string `json:"tags,omitempty"`
	}
	for _, give := range [][]item{{}, {{ID: "a"}}, {{ID: "a", Tags: []string{"x", "y"}}, {ID: "b"}, {ID: "<c>"}}} {
		var got strings.Builder
		got.WriteString("{\n  \"leads\": [")
		a := NewArray(&got, "  ")
		for _, it := range give {
			if err := a.Add(it); err != nil {
				t.Fatal(err)
			}
		}
		if err := a.End(); err != nil {
			t.Fatal(err)
		}
		got.WriteString("\n}")
		want, err := json.MarshalIndent(struct {
			Leads []item `json:"leads"`
		}{give}, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(want), got.String()); diff != "" {
			t.Errorf("%d elements (-MarshalIndent +Array):\n%s", len(give), diff)
		}
	}
}
