package brief_test

import (
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
)

func TestWithoutStamp(t *testing.T) {
	tests := []struct {
		name    string
		give    string
		want    string
		wantErr bool
	}{
		{name: "stamp replaced, the rest kept", give: "{\n  \"a\": 1,\n  \"stamp\": {\"digest\": \"x\", \"files\": [1]},\n  \"b\": [2]\n}\n", want: "{\n  \"a\": 1,\n  \"stamp\": null,\n  \"b\": [2]\n}\n"},
		{name: "stamp last", give: `{"a":"stamp","stamp":"s"}`, want: `{"a":"stamp","stamp":null}`},
		{name: "no stamp", give: `{"a":1}`, wantErr: true},
		{name: "two stamps", give: `{"stamp":1,"stamp":2}`, wantErr: true},
		{name: "a stamp in another case", give: `{"stamp":1,"Stamp":2}`, wantErr: true},
		{name: "not an object", give: `[{"stamp":1}]`, wantErr: true},
		{name: "more after the object", give: `{"stamp":1}{"stamp":2}`, wantErr: true},
		{name: "broken", give: `{"stamp":`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := brief.WithoutStamp([]byte(tt.give))
			if tt.wantErr {
				if !errors.Is(err, brief.ErrStampField) {
					t.Errorf("err = %v, want ErrStampField", err)
				}
				return
			}
			if err != nil || string(got) != tt.want {
				t.Errorf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

// The stamp of an assembled brief lists every file it wrote with its
// digest, brief.json's without the stamp, names the renderer and the key,
// and the signature covers all of it.
func TestStampBindsEveryFile(t *testing.T) {
	key := ed25519.NewKeyFromSeed([]byte(strings.Repeat("s", ed25519.SeedSize)))
	res := verified(t, ledger(), oracleOf{}, good)
	formats := []brief.Format{brief.Markdown, brief.JSON, brief.HTML, brief.BibTeX, brief.RIS, brief.CSL}
	files, err := brief.Assemble(formats, res, brief.WithSigningKey(key))
	if err != nil {
		t.Fatal(err)
	}
	var b struct {
		Stamp contract.Stamp `json:"stamp"`
	}
	var want []contract.FileDigest
	for _, f := range files {
		d, err := brief.FileDigest(f.Name, f.Data)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, d)
		if f.Name == "brief.json" {
			if err := json.Unmarshal(f.Data, &b); err != nil {
				t.Fatal(err)
			}
		}
	}
	s := b.Stamp
	if diff := cmp.Diff(contract.Stamp{}.WithFiles("", "", want).Files, s.Files); diff != "" {
		t.Errorf("stamp files (-want +got):\n%s", diff)
	}
	if s.Renderer != brief.RendererVersion() || s.KeyID != brief.KeyID(key.Public().(ed25519.PublicKey)) || s.Digest != s.ComputeDigest() {
		t.Errorf("stamp %+v: want this renderer, the key's id, its digest", s)
	}
	if err := brief.CheckSignature(s, key.Public().(ed25519.PublicKey)); err != nil {
		t.Errorf("signature: %v", err)
	}
	edited := s
	edited.Files = append([]contract.FileDigest(nil), s.Files...)
	edited.Files[0].SHA256 = strings.Repeat("0", 64)
	if err := brief.CheckSignature(edited, key.Public().(ed25519.PublicKey)); !errors.Is(err, brief.ErrBadSignature) {
		t.Errorf("a file digest edited: %v, want ErrBadSignature", err)
	}
	// Rendering is a pure function of the content: the same run assembled
	// again gives the same bytes.
	again, err := brief.Assemble(formats, res, brief.WithSigningKey(key))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(files, again); diff != "" {
		t.Errorf("assembled twice (-first +second):\n%s", diff)
	}
}

func TestRendererVersion(t *testing.T) {
	v := brief.RendererVersion()
	if !strings.HasPrefix(v, "render/") || len(v) != len("render/")+16 || v != brief.RendererVersion() {
		t.Errorf("RendererVersion() = %q, want render/ and 16 hex digits, the same each call", v)
	}
}
