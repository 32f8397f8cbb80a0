package verify

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
)

// checkFiles checks every file of a brief whose stamp binds its files:
// each listed file's digest, and, when the stamp's renderer is this one,
// each file's bytes against what brief.Render makes of draft.json and
// ledger.json (and brief.json's verdict, metrics, stamp and provenance).
// A brief file in the folder that the stamp does not list is extra, unless
// it is an export verify --export wrote later, which must be what the
// renderer makes of the ledger. jsonName is the brief.json checked.
func checkFiles(r *Result, f briefFiles, jsonName string, b briefJSON, ledger contract.Ledger, draft contract.Draft, contents bool) {
	s := b.Stamp
	ours := brief.RendererVersion()
	var want map[string][]byte
	if s.Renderer == ours {
		var err error
		if want, err = rendered(s, b, ledger, draft); err != nil {
			r.add(Changed, Finding{Code: "file_changed", Detail: fmt.Sprintf("the brief cannot be rendered again from draft.json and ledger.json: %v", err)})
		} else {
			r.Rerendered = true
		}
	} else {
		how := "signed digests"
		if s.Signature == "" {
			how = "digests (unsigned: a forger who recomputes them is caught only by a signature)"
		}
		r.note("written by renderer %s, this is %s: files checked by their %s, not rendered again", s.Renderer, ours, how)
	}
	jsonIntact := jsonIntactSoFar(s, f, jsonName)
	var notGiven []string
	for _, fd := range s.Files {
		if !brief.IsBriefFile(fd.Name) {
			r.add(Changed, Finding{Code: "stamp_changed", File: fd.Name, Detail: fmt.Sprintf("the stamp lists %q, which is not a brief file", fd.Name)})
			continue
		}
		name := fd.Name
		if name == brief.BriefFile(brief.JSON) {
			name = jsonName
		}
		data, err := f.file(name)
		switch {
		case errors.Is(err, fs.ErrNotExist) && contents:
			notGiven = append(notGiven, fd.Name)
			continue
		case errors.Is(err, fs.ErrNotExist):
			r.add(Changed, Finding{Code: "missing_file", File: fd.Name, Detail: fmt.Sprintf("%s is missing: the stamp lists it", f.shown(pathIn(f, fd.Name)))})
			continue
		case err != nil:
			r.add(Changed, Finding{Code: "unreadable", File: fd.Name, Detail: err.Error()})
			continue
		}
		got, derr := brief.FileDigest(fd.Name, data)
		digestOK := derr == nil && got == fd
		w, rerendered := want[fd.Name]
		differs := rerendered && !bytes.Equal(w, data)
		switch {
		// A file that renders otherwise is named with its line, unless
		// its digest holds and brief.json's does not: then brief.json,
		// which the rendering read, is the file that changed.
		case differs && (!digestOK || jsonIntact || fd.Name == brief.BriefFile(brief.JSON)):
			r.add(Changed, changedLine(fd.Name, data, w))
		case !digestOK:
			detail := fmt.Sprintf("%s: its SHA-256 is not the one the stamp records", fd.Name)
			if derr != nil {
				detail = fmt.Sprintf("%s: %v", fd.Name, derr)
			}
			r.add(Changed, Finding{Code: "file_changed", File: fd.Name, Detail: detail})
		}
	}
	if len(notGiven) > 0 {
		r.note("not given, so not checked: %s", strings.Join(notGiven, ", "))
	}
	present, err := f.names()
	if err != nil {
		r.add(Changed, Finding{Code: "unreadable", Detail: fmt.Sprintf("list %s: %v", f.shown(f.dir), err)})
		return
	}
	for _, name := range present {
		if _, listed := s.File(name); listed || name == jsonName {
			continue
		}
		checkUnlisted(r, f, name, ledger, draft, s.Renderer == ours)
	}
}

// jsonIntactSoFar reports whether brief.json still has the digest the
// stamp records: only then is what it says (verdict, provenance) a sound
// base for rendering the other files again, and a difference in one of
// them that file's own.
func jsonIntactSoFar(s contract.Stamp, f briefFiles, jsonName string) bool {
	fd, ok := s.File(brief.BriefFile(brief.JSON))
	if !ok {
		return false
	}
	data, err := f.file(jsonName)
	if err != nil {
		return false
	}
	got, err := brief.FileDigest(fd.Name, data)
	return err == nil && got == fd
}

// checkUnlisted judges a brief file the stamp does not list: an export
// written later by verify --export is a companion, checked by rendering it
// again from the ledger; any other is extra.
func checkUnlisted(r *Result, f briefFiles, name string, ledger contract.Ledger, draft contract.Draft, sameRenderer bool) {
	format, _ := brief.FormatOf(name)
	if format != brief.BibTeX && format != brief.RIS && format != brief.CSL {
		r.add(Changed, Finding{Code: "extra_file", File: name, Detail: fmt.Sprintf("%s is not one of the files the stamp binds", f.shown(pathIn(f, name)))})
		return
	}
	data, err := f.file(name)
	if err != nil {
		r.add(Changed, Finding{Code: "unreadable", File: name, Detail: err.Error()})
		return
	}
	entries, err := brief.CitedEntries(draft, ledger)
	var want []byte
	if err == nil {
		want, err = brief.RenderExport(format, entries)
	}
	switch {
	case err != nil:
		r.add(Changed, Finding{Code: "file_changed", File: name, Detail: fmt.Sprintf("%s cannot be rendered again from the ledger: %v", name, err)})
	case bytes.Equal(want, data):
		r.note("%s: an export written after the brief (verify --export), checked by rendering it again", name)
	case sameRenderer:
		r.add(Changed, changedLine(name, data, want))
	default:
		// Written by another renderer than this one, so a difference may
		// be the renderer's: neither ok nor changed.
		r.add(Unknown, Finding{Code: "export_unchecked", File: name,
			Detail: fmt.Sprintf("%s is not bound by the stamp and is not what this renderer writes from the ledger; written by another version, it cannot be confirmed", name)})
	}
}

// rendered renders the brief again from what its files record, by the
// formats its stamp lists.
func rendered(s contract.Stamp, b briefJSON, ledger contract.Ledger, draft contract.Draft) (map[string][]byte, error) {
	var formats []brief.Format
	for _, fd := range s.Files {
		if f, ok := brief.FormatOf(fd.Name); ok {
			formats = append(formats, f)
		}
	}
	files, err := brief.Render(formats, brief.Content{Draft: draft, Ledger: ledger, Verdict: b.Verdict, Metrics: b.Metrics, Stamp: s, Provenance: b.Provenance})
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(files))
	for _, f := range files {
		out[f.Name] = f.Data
	}
	return out, nil
}

// changedLine is the file_changed finding for a file that is not want: the
// first line that differs, with the file's text there and the rendering's.
func changedLine(name string, got, want []byte) Finding {
	line, g, w := firstDiff(got, want)
	if len(got) < len(want) && bytes.HasPrefix(want, got) {
		return Finding{Code: "file_changed", File: name, Line: line,
			Detail: fmt.Sprintf("%s ends at line %d, cut short of what draft.json and ledger.json render (%d bytes more)", name, line, len(want)-len(got))}
	}
	return Finding{Code: "file_changed", File: name, Line: line,
		Detail: fmt.Sprintf("%s line %d differs from what draft.json and ledger.json render: the file has %q where the rendering has %q", name, line, g, w)}
}

// firstDiff finds the first byte where got and want differ and returns its
// line (from 1) and a short stretch of each around it.
func firstDiff(got, want []byte) (line int, g, w string) {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	line = 1 + bytes.Count(got[:i], []byte("\n"))
	start := bytes.LastIndexByte(got[:i], '\n') + 1
	if i-start > 30 {
		start = i - 30
	}
	for start > 0 && start < len(got) && !utf8.RuneStart(got[start]) {
		start--
	}
	return line, excerpt(got, start), excerpt(want, start)
}

// excerpt is up to 80 bytes of b from start, to the end of its line.
func excerpt(b []byte, start int) string {
	if start >= len(b) {
		return ""
	}
	b = b[start:]
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	if len(b) > 80 {
		end := 80
		for end > 0 && !utf8.RuneStart(b[end]) {
			end--
		}
		b = append(slices.Clip(b[:end]), "…"...)
	}
	return string(b)
}

// pathIn is name in the folder of f, as fs.FS names it.
func pathIn(f briefFiles, name string) string {
	if f.dir == "." {
		return name
	}
	return f.dir + "/" + name
}
