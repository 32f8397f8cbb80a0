package verify

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/doi"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/internal/inputfile"
	"github.com/citeloop/citeloop/oracles"
)

// Options choose how briefs are verified.
type Options struct {
	// Oracle, when set, looks every cited DOI up again (pass one that
	// bypasses the cache, engine.FreshOracle); nil verifies offline only.
	Oracle oracles.Oracle
	// PublicKey, when set, checks the stamp's Ed25519 signature.
	PublicKey ed25519.PublicKey
	// Contents says the files were sent, not read from a folder (an MCP
	// client's): a file the stamp lists that was not given is noted as not
	// checked, not reported missing.
	Contents bool
	// FullTexts serve, by the name of the oracle that served them at
	// collection (contract.FullText.Oracle: "europepmc", "snapshot"), the
	// full texts a brief's quotes were found in: the engine's, which
	// reads its cache by content hash first, and the embedded corpus's.
	// A full text no entry names is asked of Oracle when it serves full
	// texts; otherwise the quote is unknown.
	FullTexts map[string]oracles.FullTexter
}

// MaxFileBytes caps each file of a brief verify reads: a brief of a
// hundred sources is under 1 MiB, so a larger file is refused, named with
// the cap, before it is read whole.
const MaxFileBytes = 32 << 20

// briefJSON is what verify reads of a brief.json: what is checked, and
// what Render needs to render the brief again.
type briefJSON struct {
	Title        string            `json:"title"`
	Lead         contract.Lead     `json:"lead"`
	References   []json.RawMessage `json:"references"`
	LedgerDigest string            `json:"ledger_digest"`
	DraftDigest  string            `json:"draft_digest"`
	Ledger       contract.Ledger   `json:"ledger"`
	Stamp        contract.Stamp    `json:"stamp"`
	Provenance   brief.Provenance  `json:"provenance"`
	Verdict      gates.Verdict     `json:"verdict"`
	Metrics      contract.Metrics  `json:"metrics"`
	Sections     []struct {
		Claims []struct {
			ID        string `json:"id"`
			Citations []struct {
				DOI   string `json:"doi"`
				Quote string `json:"quote"`
			} `json:"citations"`
		} `json:"claims"`
	} `json:"sections"`
}

// All verifies every brief under paths (see Find).
func All(ctx context.Context, paths []string, o Options) ([]Result, error) {
	files, err := Find(paths)
	if err != nil {
		return nil, err
	}
	out := make([]Result, 0, len(files))
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		out = append(out, Brief(ctx, f, o))
	}
	return out, nil
}

// Brief verifies the brief whose brief.json is at path, with the files
// beside it. Every finding is listed, not just the first. Each file is read
// only if it is a regular file of at most MaxFileBytes (package inputfile).
func Brief(ctx context.Context, path string, o Options) Result {
	dir := filepath.Dir(path)
	o.Contents = false
	r := checkBrief(ctx, diskFS(dir), filepath.Base(path), func(name string) string { return filepath.Join(dir, name) }, o)
	r.Path = path
	return r
}

// BriefFS is Brief for a brief that is not a folder on disk (files an MCP
// client sent, a folder under an os.Root): name is the brief.json in fsys,
// with the other files of the brief beside it. Result.Path is name. fsys
// should implement fs.ReadFileFS with its own cap on what it reads.
func BriefFS(ctx context.Context, fsys fs.FS, name string, o Options) Result {
	return checkBrief(ctx, fsys, name, func(n string) string { return n }, o)
}

// checkBrief verifies name in fsys; shown turns a name in fsys into the name
// findings show.
func checkBrief(ctx context.Context, fsys fs.FS, name string, shown func(string) string, o Options) Result {
	r := Result{Path: name, Status: OK, Online: o.Oracle != nil}
	f := briefFiles{fsys: fsys, dir: path.Dir(name), shown: shown, read: map[string][]byte{}}
	var b briefJSON
	if err := f.readJSON(path.Base(name), &b); err != nil {
		r.add(Changed, Finding{Code: "unreadable", File: path.Base(name), Detail: err.Error()})
		return r
	}
	r.Title = b.Title
	var ledger contract.Ledger
	if err := f.readJSON(brief.LedgerFile, &ledger); err != nil {
		r.add(Changed, Finding{Code: "unreadable", File: brief.LedgerFile, Detail: err.Error()})
		return r
	}
	var draft contract.Draft
	if err := f.readJSON(brief.DraftFile, &draft); err != nil {
		r.add(Changed, Finding{Code: "unreadable", File: brief.DraftFile, Detail: err.Error()})
		return r
	}
	checkStamp(&r, b, ledger, draft)
	checkSignature(&r, b.Stamp, o.PublicKey)
	checkQuotes(ctx, &r, b, ledger, draft, o)
	if b.Stamp.Bound() {
		checkFiles(&r, f, path.Base(name), b, ledger, draft, o.Contents)
	} else {
		r.add(Unknown, Finding{Code: "no_file_digests", Detail: "unknown (no file digests): this brief was written before its stamp bound every file, " +
			"so what brief.md, brief.html and the exports say cannot be confirmed; its references were checked against the ledger"})
		checkReferences(&r, f, b, ledger, draft)
	}
	if o.Oracle != nil {
		checkOnline(ctx, &r, o.Oracle, draft, ledger)
	}
	return r
}

// briefFiles reads the files of one brief folder in an fs.FS, each once.
type briefFiles struct {
	fsys  fs.FS
	dir   string
	shown func(string) string
	read  map[string][]byte
}

// file reads the folder's file name; errors name it as shown.
func (f briefFiles) file(name string) ([]byte, error) {
	if data, ok := f.read[name]; ok {
		return data, nil
	}
	data, err := fs.ReadFile(f.fsys, path.Join(f.dir, name))
	if errors.Is(err, inputfile.ErrNotRegular) || errors.Is(err, inputfile.ErrTooLarge) {
		return nil, err // it names the file and the cap already
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %w", f.shown(path.Join(f.dir, name)), err)
	}
	f.read[name] = data
	return data, nil
}

func (f briefFiles) readJSON(name string, v any) error {
	data, err := f.file(name)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", f.shown(path.Join(f.dir, name)), err)
	}
	return nil
}

// names lists the brief files (brief.IsBriefFile) the folder holds.
func (f briefFiles) names() ([]string, error) {
	entries, err := fs.ReadDir(f.fsys, f.dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if brief.IsBriefFile(e.Name()) {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

// diskFS is a folder on disk whose files are read through package
// inputfile: regular files only, each capped at MaxFileBytes, so a named
// pipe or an endless file in a brief folder is refused at once.
type diskFS string

func (d diskFS) Open(name string) (fs.File, error) { return os.DirFS(string(d)).Open(name) }

func (d diskFS) ReadDir(name string) ([]fs.DirEntry, error) {
	return os.ReadDir(filepath.Join(string(d), filepath.FromSlash(name)))
}

func (d diskFS) ReadFile(name string) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrInvalid}
	}
	return inputfile.ReadFile(filepath.Join(string(d), filepath.FromSlash(name)), MaxFileBytes, "a brief file", nil)
}

// checkStamp recomputes every digest the stamp binds.
func checkStamp(r *Result, b briefJSON, ledger contract.Ledger, draft contract.Draft) {
	s := b.Stamp
	changed := func(code, format string, args ...any) {
		r.add(Changed, Finding{Code: code, Detail: fmt.Sprintf(format, args...)})
	}
	if s.Digest == "" {
		changed("stamp_changed", "brief.json has no stamp")
		return
	}
	if s.ComputeDigest() != s.Digest {
		changed("stamp_changed", "the stamp's digest does not match its digests and time of checking: the stamp was edited")
	}
	if got := ledger.Digest(); got != s.LedgerDigest {
		changed("ledger_changed", "ledger.json digest %s, stamped %s", short(got), short(s.LedgerDigest))
	}
	if got := b.Ledger.Digest(); got != s.LedgerDigest {
		changed("ledger_changed", "the ledger in brief.json has digest %s, stamped %s", short(got), short(s.LedgerDigest))
	}
	if b.LedgerDigest != s.LedgerDigest || b.DraftDigest != s.DraftDigest {
		changed("stamp_changed", "brief.json's ledger_digest or draft_digest differs from its stamp")
	}
	if got := draft.Digest(); got != s.DraftDigest {
		changed("draft_changed", "draft.json digest %s, stamped %s", short(got), short(s.DraftDigest))
	}
	if got := b.Lead.Digest(); got != s.LeadDigest {
		changed("lead_changed", "the lead in brief.json (%s) is not the lead the gate checked", b.Lead.Describe())
	}
	if got := ledger.Lead.Digest(); got != s.LeadDigest {
		changed("lead_changed", "the lead in ledger.json (%s) is not the lead the gate checked", ledger.Lead.Describe())
	}
	if !b.Verdict.CheckedAt.Equal(s.CheckedAt) {
		changed("time_changed", "verdict checked_at %s, stamped %s", b.Verdict.CheckedAt.Format(time.RFC3339Nano), s.CheckedAt.Format(time.RFC3339Nano))
	}
}

// checkSignature checks the stamp's signature when a public key is given.
func checkSignature(r *Result, s contract.Stamp, pub ed25519.PublicKey) {
	r.Signed = s.Signature != ""
	if pub == nil {
		return
	}
	r.SignatureChecked = true
	if err := brief.CheckSignature(s, pub); err != nil {
		r.add(Changed, Finding{Code: "bad_signature", Detail: err.Error()})
	}
}

// checkQuotes checks every quote of the draft, and every source span the
// brief shows, against the ledger text with the gate's own rules, and each
// entry's text against its content hash.
func checkQuotes(ctx context.Context, r *Result, b briefJSON, ledger contract.Ledger, draft contract.Draft, o Options) {
	fts := newFullTexts(o)
	// The section the gate found each full-text quote in, by claim and DOI.
	type key struct{ claim, doi string }
	sections := map[key]gates.QuoteCheck{}
	for _, q := range b.Verdict.Quotes {
		if q.CheckedAgainst == gates.CheckedFullText {
			sections[key{q.ClaimID, q.DOI}] = q
		}
	}
	refound := map[string]bool{}
	for _, e := range ledger.Entries {
		c := e
		c.Seal()
		if c.ContentHash != e.ContentHash {
			r.add(Changed, Finding{Code: "source_text_changed", DOI: e.DOI, Detail: fmt.Sprintf("the text of %s no longer matches its content hash", e.ID)})
		}
	}
	check := func(claim, rawDOI, quote, what string) {
		d, err := doi.Normalize(rawDOI)
		if err != nil {
			r.add(Changed, Finding{Code: "quote_not_in_source", Detail: fmt.Sprintf("claim %s: %v", claim, err)})
			return
		}
		e, ok := ledger.ByDOI(d)
		if !ok {
			r.add(Changed, Finding{Code: "quote_not_in_source", DOI: d, Detail: fmt.Sprintf("claim %s cites %s, which is not in the ledger", claim, d)})
			return
		}
		_, p := gates.MatchQuote(e.Text(), quote)
		if qc, ok := sections[key{claim, d}]; !p.OK() && ok && e.FullText.Checked() {
			if k := claim + "\x00" + d + "\x00" + quote; !refound[k] {
				refound[k] = true
				r.refind(ctx, fts, e, claim, quote, what, qc)
			}
			return
		}
		if !p.OK() {
			r.add(Changed, Finding{Code: "quote_not_in_source", DOI: d, Detail: fmt.Sprintf("claim %s: %s quote is not in %s: %s", claim, what, e.ID, p.Detail)})
		}
	}
	for _, c := range draft.Claims() {
		for _, cite := range c.Citations {
			check(c.ID, cite.DOI, cite.Quote, "the draft's")
		}
	}
	for _, s := range b.Sections {
		for _, c := range s.Claims {
			for _, cite := range c.Citations {
				check(c.ID, cite.DOI, cite.Quote, "the brief's")
			}
		}
	}
}

// checkReferences checks, for a brief whose stamp binds no file, that every
// rendered reference is still the one rendered from its ledger entry, in
// brief.json and in brief.md and brief.html when present. A bound brief's
// files are checked whole instead (checkFiles).
func checkReferences(r *Result, files briefFiles, b briefJSON, ledger contract.Ledger, draft contract.Draft) {
	md, html, refs, err := brief.ReferenceTexts(draft, ledger)
	if err != nil {
		r.add(Changed, Finding{Code: "reference_changed", Detail: err.Error()})
		return
	}
	if len(refs) != len(b.References) {
		r.add(Changed, Finding{Code: "reference_changed", Detail: fmt.Sprintf("brief.json lists %d references, the ledger gives %d", len(b.References), len(refs))})
	}
	for i := range min(len(refs), len(b.References)) {
		var want, got any
		if json.Unmarshal(refs[i], &want) != nil || json.Unmarshal(b.References[i], &got) != nil || !cmp.Equal(want, got) {
			r.add(Changed, Finding{Code: "reference_changed", Detail: fmt.Sprintf("brief.json reference [%d] differs from its ledger entry: %s", i+1, cmp.Diff(want, got))})
		}
	}
	for _, f := range []struct {
		format brief.Format
		texts  []string
	}{{brief.Markdown, md}, {brief.HTML, html}} {
		data, err := files.file(brief.BriefFile(f.format))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			r.add(Changed, Finding{Code: "unreadable", Detail: err.Error()})
			continue
		}
		for i, t := range f.texts {
			if !bytes.Contains(data, []byte(t)) {
				// This renderer may write a reference otherwise than the
				// one that wrote the file: unconfirmed, not changed.
				r.add(Unknown, Finding{Code: "reference_changed", File: brief.BriefFile(f.format), Detail: fmt.Sprintf("%s: reference [%d] is not the one this version renders from its ledger entry (an older version may have rendered it otherwise)", brief.BriefFile(f.format), i+1)})
			}
		}
	}
}

func short(digest string) string {
	if len(digest) > 12 {
		return digest[:12]
	}
	return digest
}
