package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing/fstest"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/verify"
)

// VerifyInput is verify_brief's input: a brief's files as text, or a path
// under the server's root.
type VerifyInput struct {
	Brief    string `json:"brief,omitempty" jsonschema:"brief.json's content; give brief, ledger and draft together, or path"`
	Ledger   string `json:"ledger,omitempty" jsonschema:"ledger.json's content, from the same brief folder"`
	Draft    string `json:"draft,omitempty" jsonschema:"draft.json's content, from the same brief folder"`
	Markdown string `json:"markdown,omitempty" jsonschema:"brief.md's content, optional: checked byte for byte too"`
	// Files are the brief's files by name, as write_brief returns them.
	Files     []BriefFile `json:"files,omitempty" jsonschema:"the brief folder's files by name, as write_brief returns them (brief.json, ledger.json, draft.json, brief.md, brief.html, brief.bib...): every file given is checked byte for byte against the stamp; instead of brief, ledger, draft and markdown"`
	Path      string      `json:"path,omitempty" jsonschema:"a brief folder, its brief.json, or a folder of brief folders, instead of the contents; only paths under the server's --root are read"`
	Offline   bool        `json:"offline,omitempty" jsonschema:"check only the files; by default every cited DOI is also looked up again, past the cache, for retractions and corrections"`
	PublicKey string      `json:"public_key,omitempty" jsonschema:"an Ed25519 public key (PKIX PEM text, or 32 bytes hex or base64) to check the stamp's signature with"`
}

// fields are the input's texts, each under the input cap.
func (in VerifyInput) fields() []struct {
	name, text string
} {
	out := []struct{ name, text string }{
		{"brief", in.Brief}, {"ledger", in.Ledger}, {"draft", in.Draft}, {"markdown", in.Markdown}, {"public_key", in.PublicKey}, {"path", in.Path},
	}
	for _, f := range in.Files {
		out = append(out, struct{ name, text string }{"files[" + f.Name + "]", f.Content})
	}
	return out
}

// VerifyOutput is the verification of every brief the input names.
type VerifyOutput struct {
	// Status is the worst brief's status: the one word an agent branches on.
	Status string          `json:"status" jsonschema:"ok (every brief verifies), changed (some brief was edited since the gate approved it, or a source was since retracted, corrected or lost), unknown (an oracle could not answer and nothing worse was found), or error when the call failed (isError is set: read the text)"`
	Briefs []VerifiedBrief `json:"briefs" jsonschema:"one row per brief checked"`
}

// VerifiedBrief is one brief's verification.
type VerifiedBrief struct {
	Path       string           `json:"path" jsonschema:"the brief.json checked: relative to the root, or brief.json for contents"`
	Title      string           `json:"title,omitempty"`
	Status     string           `json:"status" jsonschema:"ok, changed or unknown"`
	Signature  string           `json:"signature" jsonschema:"unsigned, signed_not_checked (no public_key given), signature_ok or signature_bad"`
	Online     bool             `json:"online" jsonschema:"whether the cited DOIs were looked up again"`
	Findings   []verify.Finding `json:"findings" jsonschema:"every reason the brief did not verify, with the file and line when one file differs; code is one of file_changed, missing_file, extra_file, ledger_changed, draft_changed, lead_changed, time_changed, stamp_changed, quote_not_in_source, source_text_changed, reference_changed, bad_signature, source_retracted, source_corrected, source_not_found, unreadable, or, for unknown, no_file_digests, export_unchecked, source_unknown (with its cause)"`
	Rerendered bool             `json:"rerendered" jsonschema:"the files were rendered again from draft.json and ledger.json and compared byte for byte; otherwise checked by the stamp's digests"`
	Notes      []string         `json:"notes" jsonschema:"what was checked how, when not everything was: digests only, files not given, a later export"`
	Sources    []verify.Source  `json:"sources" jsonschema:"online: each cited DOI and what the oracle said of it now, with the cause when unknown"`
}

func addVerifyBrief(srv *mcp.Server, s *server) {
	d := s.describer()
	again := "that no cited paper has since been retracted, corrected or lost (looked up again in " + d.lookups() + ", past the cache)"
	if d.offline {
		again = "each cited DOI against " + d.lookups() + "; a DOI outside it is unknown"
	}
	mcp.AddTool(srv, &mcp.Tool{
		Name:  "verify_brief",
		Title: "Verify a written brief",
		Description: "Re-checks a brief citeloop wrote (its files as text, as write_brief returns them, or a folder under the " +
			"server's root): that no file was edited since the citation gate approved it (every file's digest in the stamp, each " +
			"file rendered again from draft.json and ledger.json and compared byte for byte, every quote against its source) and, " +
			"unless offline, " + again + ". Status ok means the brief still stands; changed lists each finding with the file " +
			"and line that changed; unknown means it cannot be confirmed (an oracle could not answer, or a brief written before " +
			"its files were bound). Give public_key to check the signature. Do not rely on a brief whose status is not ok.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(!d.offline)},
	}, s.verifyBrief)
}

func (s *server) verifyBrief(ctx context.Context, _ *mcp.CallToolRequest, in VerifyInput) (*mcp.CallToolResult, VerifyOutput, error) {
	for _, f := range in.fields() {
		if r := s.capInput(f.name, len(f.text)); r != nil {
			return verifyFailed(r)
		}
	}
	set, bad := s.briefFiles(in)
	if bad != nil {
		return verifyFailed(bad)
	}
	defer set.close()
	opts, bad := s.verifyOptions(in)
	if bad != nil {
		return verifyFailed(bad)
	}
	opts.Contents = set.capped == nil
	out := VerifyOutput{Briefs: []VerifiedBrief{}}
	var results []verify.Result
	for _, name := range set.names {
		r := verify.BriefFS(ctx, set.fsys, name, opts)
		if interrupted(ctx, nil) {
			return verifyFailed(failure(ReasonInterrupted, "the call was cancelled"))
		}
		// A file over the cap, or one the root will not open, is refused,
		// not reported as an edit.
		if set.capped != nil && set.capped.refused != nil {
			return verifyFailed(pathFailure(set.capped.refused))
		}
		if set.prefix != "" {
			r.Path = filepath.Join(set.prefix, filepath.FromSlash(name))
		}
		results = append(results, r)
		out.Briefs = append(out.Briefs, verifiedBrief(r))
	}
	out.Status = string(verify.Worst(results))
	s.log.Info("mcp tool", zap.String("tool", "verify_brief"), zap.Int("briefs", len(results)), zap.String("status", out.Status), zap.Bool("online", opts.Oracle != nil))
	return nil, out, nil
}

// verifyOptions parses the key and picks the oracle: the corpus on an
// offline server, else the engine's fresh oracle, as citeloop verify does.
func (s *server) verifyOptions(in VerifyInput) (verify.Options, *mcp.CallToolResult) {
	var o verify.Options
	if in.PublicKey != "" {
		pub, err := brief.ParsePublicKey("public_key", []byte(in.PublicKey))
		if err != nil {
			return o, failure(ReasonBadInput, err.Error())
		}
		o.PublicKey = pub
	}
	// An offline brief's full texts are the embedded corpus's.
	o.FullTexts = map[string]oracles.FullTexter{}
	if off, err := engine.EmbeddedOffline(); err == nil {
		o.FullTexts[off.Oracle().Name()] = off.FullTexter()
	}
	if in.Offline {
		return o, nil
	}
	var err error
	if s.opts.Offline != nil {
		o.Oracle = s.opts.Offline.Oracle()
	} else if o.Oracle, err = s.opts.Engine.FreshOracle(); err != nil {
		return o, failure(ReasonInternal, err.Error())
	} else if ft, err := s.opts.Engine.FullTexter(); err != nil {
		return o, failure(ReasonInternal, err.Error())
	} else if ft != nil {
		o.FullTexts[s.opts.Engine.SearchName()] = ft
	}
	return o, nil
}

// briefSet is the files of one call and the brief.json names in them.
type briefSet struct {
	fsys   fs.FS
	names  []string
	capped *cappedFS // nil for contents, which capInput already capped
	prefix string    // the client's path to the folder of names; "" for contents
	close  func()
}

// briefFiles gives the files to verify: the contents in memory, or the
// folder under the root, read with the cap.
func (s *server) briefFiles(in VerifyInput) (briefSet, *mcp.CallToolResult) {
	fields := in.Brief != "" || in.Ledger != "" || in.Draft != "" || in.Markdown != ""
	switch {
	case (fields || len(in.Files) > 0) && in.Path != "":
		return briefSet{}, failure(ReasonBadInput, "give the brief's contents or a path, not both")
	case fields && len(in.Files) > 0:
		return briefSet{}, failure(ReasonBadInput, "give the files, or brief, ledger, draft and markdown, not both")
	case in.Path != "":
		return s.briefFolder(in.Path)
	case !fields && len(in.Files) == 0:
		return briefSet{}, failure(ReasonBadInput, "give files (as write_brief returns them), or brief, ledger and draft (the brief folder's brief.json, ledger.json and draft.json), or a path under the server's root")
	}
	m := fstest.MapFS{}
	for _, f := range in.Files {
		if !brief.IsBriefFile(f.Name) {
			return briefSet{}, failure(ReasonBadInput, fmt.Sprintf("files: %q is not a file of a brief (want %s)", f.Name, strings.Join(briefFileNames(), ", ")))
		}
		if _, dup := m[f.Name]; dup {
			return briefSet{}, failure(ReasonBadInput, fmt.Sprintf("files: %q is given twice", f.Name))
		}
		m[f.Name] = &fstest.MapFile{Data: []byte(f.Content)}
	}
	for _, f := range []struct{ field, name, text string }{
		{"brief", brief.BriefFile(brief.JSON), in.Brief},
		{"ledger", brief.LedgerFile, in.Ledger},
		{"draft", brief.DraftFile, in.Draft},
		{"markdown", brief.BriefFile(brief.Markdown), in.Markdown},
	} {
		if f.text != "" {
			m[f.name] = &fstest.MapFile{Data: []byte(f.text)}
		}
		if _, ok := m[f.name]; !ok && f.field != "markdown" {
			return briefSet{}, failure(ReasonBadInput, fmt.Sprintf("%s is missing: verify needs %s, %s and %s together (it recomputes the digests %s binds)",
				f.name, brief.BriefFile(brief.JSON), brief.LedgerFile, brief.DraftFile, brief.BriefFile(brief.JSON)))
		}
	}
	return briefSet{fsys: m, names: []string{brief.BriefFile(brief.JSON)}, close: func() {}}, nil
}

// briefFolder opens the brief folder, brief.json or tree of brief folders
// at p under the root, and lists the brief.json files in it.
func (s *server) briefFolder(p string) (briefSet, *mcp.CallToolResult) {
	refused := func(err error) (briefSet, *mcp.CallToolResult) {
		return briefSet{}, pathFailure(fmt.Errorf("%w: %q: %w", errRefused, p, err))
	}
	rel, err := s.root.rel(p)
	if err != nil {
		return briefSet{}, pathFailure(err)
	}
	st, err := s.root.fs.Stat(rel)
	if err != nil {
		return refused(err)
	}
	dir, prefix, names := rel, p, []string(nil)
	if !st.IsDir() {
		dir, prefix, names = filepath.Dir(rel), filepath.Dir(p), []string{filepath.Base(rel)}
	}
	sub, err := s.root.fs.OpenRoot(dir)
	if err != nil {
		return refused(err)
	}
	capped := &cappedFS{root: sub, fsys: sub.FS(), max: s.opts.MaxInput}
	set := briefSet{fsys: capped, capped: capped, prefix: prefix, close: func() { _ = sub.Close() }}
	if names == nil {
		err = fs.WalkDir(capped, ".", func(name string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && d.Name() == brief.BriefFile(brief.JSON) {
				names = append(names, name)
			}
			return nil
		})
		if err != nil {
			set.close()
			return refused(err)
		}
	}
	if len(names) == 0 {
		set.close()
		return briefSet{}, failure(ReasonBadInput, fmt.Sprintf("%q: %v (a brief is verified from its brief.json)", p, verify.ErrNoBrief))
	}
	slices.Sort(names)
	set.names = names
	return set, nil
}

// cappedFS reads regular files of at most max bytes under root, through
// package inputfile: a longer file is refused rather than cut, a named pipe
// or a device refused at once, as root.read does. The first refusal (too
// large, not a regular file, or a file the root will not open, such as a
// symlink out of it) is remembered, so the call fails with its reason
// rather than calling the brief edited; a missing file is verify's to
// report.
type cappedFS struct {
	root    *os.Root
	fsys    fs.FS
	max     int64
	refused error
}

// refuse remembers the first refusal and returns err.
func (c *cappedFS) refuse(err error) error {
	if c.refused == nil {
		c.refused = err
	}
	return err
}

func (c *cappedFS) Open(name string) (fs.File, error) { return c.fsys.Open(name) }

func (c *cappedFS) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(c.fsys, name) }

func (c *cappedFS) ReadFile(name string) ([]byte, error) {
	if _, err := c.root.Lstat(name); errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	b, err := readIn(c.root, name, name, c.max)
	if err != nil {
		return nil, c.refuse(err)
	}
	return b, nil
}

// briefFileNames are the names files may carry.
func briefFileNames() []string {
	var out []string
	for _, n := range brief.Artifacts() {
		if brief.IsBriefFile(n) {
			out = append(out, n)
		}
	}
	return out
}

// verifiedBrief is a verify.Result in the tool's words.
func verifiedBrief(r verify.Result) VerifiedBrief {
	sig := "signed_not_checked"
	switch {
	case !r.Signed:
		sig = "unsigned"
	case r.SignatureChecked && slices.ContainsFunc(r.Findings, func(f verify.Finding) bool { return f.Code == "bad_signature" }):
		sig = "signature_bad"
	case r.SignatureChecked:
		sig = "signature_ok"
	}
	out := VerifiedBrief{Path: r.Path, Title: r.Title, Status: string(r.Status), Signature: sig, Online: r.Online,
		Findings: r.Findings, Rerendered: r.Rerendered, Notes: r.Notes, Sources: r.Sources}
	if out.Findings == nil {
		out.Findings = []verify.Finding{}
	}
	if out.Notes == nil {
		out.Notes = []string{}
	}
	if out.Sources == nil {
		out.Sources = []verify.Source{}
	}
	return out
}

// verifyFailed returns a tool error with an output that fits the schema.
func verifyFailed(r *mcp.CallToolResult) (*mcp.CallToolResult, VerifyOutput, error) {
	return r, VerifyOutput{Status: "error", Briefs: []VerifiedBrief{}}, nil
}
