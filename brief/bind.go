package brief

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/citeloop/citeloop/contract"
)

// stampKey is brief.json's field holding the stamp.
const stampKey = "stamp"

// ErrStampField is wrapped when a brief.json's stamp cannot be told apart
// from the rest: no stamp, two of them (encoding/json matches keys without
// regard to case, so "Stamp" counts), or a file that is not one JSON object.
var ErrStampField = errors.New("brief.json: no single stamp field")

// WithoutStamp returns data, a brief.json, with the value of its stamp
// replaced by null, byte for byte otherwise: what the stamp's digest of
// brief.json covers, since the stamp cannot cover itself.
func WithoutStamp(data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("%w: not a JSON object", ErrStampField)
	}
	start, end := int64(-1), int64(-1)
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrStampField, err)
		}
		key, _ := t.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrStampField, err)
		}
		if !strings.EqualFold(key, stampKey) {
			continue
		}
		if start >= 0 {
			return nil, fmt.Errorf("%w: two stamps", ErrStampField)
		}
		end = dec.InputOffset()
		start = end - int64(len(raw))
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('}') {
		return nil, fmt.Errorf("%w: not a JSON object", ErrStampField)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: more after the object", ErrStampField)
	}
	if start < 0 || !bytes.Equal(bytes.TrimSpace(data[start:end]), data[start:end]) {
		return nil, fmt.Errorf("%w: no stamp", ErrStampField)
	}
	out := make([]byte, 0, len(data)-int(end-start)+4)
	out = append(out, data[:start]...)
	out = append(out, "null"...)
	return append(out, data[end:]...), nil
}

// FileDigest is the digest the stamp records of a brief file: of its
// bytes, or for brief.json of its bytes without the stamp (WithoutStamp).
func FileDigest(name string, data []byte) (contract.FileDigest, error) {
	if name == BriefFile(JSON) {
		var err error
		if data, err = WithoutStamp(data); err != nil {
			return contract.FileDigest{}, err
		}
	}
	return contract.FileDigest{Name: name, SHA256: contract.Digest(data)}, nil
}

// IsBriefFile reports whether name is a file the assembler writes into a
// brief's folder, which the stamp lists (ledger.json, draft.json, brief.*):
// anything else in the folder (outcome.json, a watch's state and reports,
// the user's own files) is a companion, not part of the brief.
func IsBriefFile(name string) bool {
	for _, a := range Artifacts() {
		if name == a && name != ReportFile {
			return true
		}
	}
	return false
}

// FormatOf is the format whose brief file is called name; ok is false for
// ledger.json, draft.json and any other name.
func FormatOf(name string) (f Format, ok bool) {
	for _, f := range []Format{Markdown, JSON, HTML, BibTeX, RIS, CSL} {
		if BriefFile(f) == name {
			return f, true
		}
	}
	return "", false
}

// bind renders c in formats with a stamp that binds every file: the files
// are rendered once to take their digests, then brief.json again with the
// stamp that lists them, signed when key is set. What is rendered before
// the digests (every file but brief.json's stamp) does not depend on them.
func bind(formats []Format, c Content, sign func(contract.Stamp) contract.Stamp, keyID string) ([]File, error) {
	c.Stamp = c.Stamp.WithFiles(RendererVersion(), keyID, nil)
	files, err := Render(formats, c)
	if err != nil {
		return nil, err
	}
	digests := make([]contract.FileDigest, 0, len(files))
	for _, f := range files {
		d, err := FileDigest(f.Name, f.Data)
		if err != nil {
			return nil, fmt.Errorf("render: %w", err)
		}
		digests = append(digests, d)
	}
	c.Stamp = sign(c.Stamp.WithFiles(RendererVersion(), keyID, digests))
	jsonName := BriefFile(JSON)
	for i, f := range files {
		if f.Name != jsonName {
			continue
		}
		again, err := Render([]Format{JSON}, c)
		if err != nil {
			return nil, err
		}
		data := again[len(again)-1].Data
		if d, err := FileDigest(jsonName, data); err != nil || d != digests[i] {
			return nil, fmt.Errorf("render: brief.json depends on its stamp outside the stamp field (%v)", err)
		}
		files[i].Data = data
	}
	return files, nil
}
