package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/engine"
	"github.com/citeloop/citeloop/internal/atomicfile"
	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/verify"
)

type verifyOptions struct {
	json      bool
	offline   bool
	corpus    string
	publicKey string
	export    string
}

func newVerifyCmd(a *app) *cobra.Command {
	var o verifyOptions
	cmd := &cobra.Command{
		Use:   "verify PATH...",
		Short: "Re-check written briefs: edits, quotes, signatures, retractions",
		Long: `verify re-checks briefs (a brief folder, a brief.json, or a tree of them).
Offline it checks every file of the brief against the digest its stamp
records and, when this is the renderer that wrote them, renders brief.md,
brief.html, brief.json and the exports again from draft.json and ledger.json
and compares them byte for byte (a difference is named with its file, line
and text); it recomputes the ledger, draft and lead digests and checks every
quote against the ledger text with the gate's rules. A brief file the stamp
does not list is extra; a missing one is named; outcome.json and a watch's
files are not brief files, and an export written later by --export is
checked by rendering it again. A brief written before its stamp bound every
file is unknown (no file digests). Online (the default) it also looks every
cited DOI up again, past the cache, for retractions and corrections; a DOI
no oracle can answer for is unknown, with its cause. With --public-key it
checks the stamp's Ed25519 signature; otherwise it says whether the brief is
signed. Digests catch edits, not a forger who recomputes them; only a
signature does.

Exit codes: 0 every brief verifies; 3 some brief no longer verifies (edited,
or a source since retracted); 4 some brief cannot be confirmed (an oracle
could not answer, or no file digests) and nothing worse was found; 2 a path
holds no brief or a key file is unusable.`,
		Example: `  citeloop verify out/
  citeloop verify --offline --json out/brief.json
  citeloop verify --public-key signing.key.pub --export bib out/`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageError("verify: name at least one brief folder or brief.json")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runVerify(cmd.Context(), a, &o, args)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print the results as JSON")
	f.BoolVar(&o.offline, "offline", false, "skip the online look-ups: check only the files")
	f.StringVar(&o.corpus, "corpus", "", corpusLookupHelp)
	f.StringVar(&o.publicKey, "public-key", "", "Ed25519 public key file (PEM or 32 bytes raw/hex/base64) to check signatures with")
	f.StringVar(&o.export, "export", "", "after a brief verifies, write its references beside it: bib, ris or csl")
	return cmd
}

// verifyExit maps the worst result to an exit code.
func verifyExit(s verify.Status) int {
	switch s {
	case verify.Changed:
		return exitNotVerified
	case verify.Unknown:
		return exitOracleUnavailable
	}
	return exitOK
}

// corpusLookupHelp is verify's and watch's --corpus.
const corpusLookupHelp = "look every cited DOI up in this Europe PMC resultType=core JSON file instead of the network (as brief --offline --corpus does); a DOI outside it is unknown, never not found"

func verifyOptionsOf(a *app, offline bool, corpus, publicKey string) (verify.Options, error) {
	var vo verify.Options
	// An offline brief's full texts are the embedded corpus's.
	vo.FullTexts = map[string]oracles.FullTexter{}
	if off, err := engine.EmbeddedOffline(); err == nil {
		vo.FullTexts[off.Oracle().Name()] = off.FullTexter()
	}
	if publicKey != "" {
		pub, err := brief.ReadPublicKey(publicKey)
		if err != nil {
			return vo, usageError("--public-key: %v", err)
		}
		vo.PublicKey = pub
	}
	switch {
	case corpus != "" && offline:
		return vo, usageError("--corpus looks DOIs up, --offline looks nothing up: give one")
	case corpus != "":
		off, err := engine.OfflineFile(corpus)
		if err != nil {
			return vo, usageError("--corpus: %v", err)
		}
		vo.Oracle = off.Oracle()
	case !offline:
		e, err := a.engine(a.cfg)
		if err != nil {
			return vo, usageError("%v", err)
		}
		var o oracles.Oracle
		if o, err = e.FreshOracle(); err != nil {
			return vo, usageError("%v", err)
		}
		vo.Oracle = o
		ft, err := e.FullTexter()
		if err != nil {
			return vo, usageError("%v", err)
		}
		if ft != nil {
			vo.FullTexts[e.SearchName()] = ft
		}
	}
	return vo, nil
}

func runVerify(ctx context.Context, a *app, o *verifyOptions, paths []string) error {
	var export brief.Format
	if o.export != "" {
		fs, err := brief.ParseFormats(o.export)
		if err != nil || len(fs) != 1 || (fs[0] != brief.BibTeX && fs[0] != brief.RIS && fs[0] != brief.CSL) {
			return usageError("--export: want bib, ris or csl, got %q", o.export)
		}
		export = fs[0]
	}
	vo, err := verifyOptionsOf(a, o.offline, o.corpus, o.publicKey)
	if err != nil {
		return err
	}
	results, err := verify.All(ctx, paths, vo)
	if err != nil {
		if ctx.Err() != nil {
			return &exitError{code: exitInterrupted, err: err}
		}
		return usageError("%v", err)
	}
	for _, r := range results {
		if export == "" || r.Status != verify.OK {
			continue
		}
		file, err := verify.Export(r.Path, export)
		if err != nil {
			return &exitError{code: exitInternal, err: err}
		}
		if err := atomicfile.WriteFile(file.Name, file.Data); err != nil {
			return &exitError{code: exitInternal, err: fmt.Errorf("export: %w", err)}
		}
		fmt.Fprintf(a.stderr, "wrote %s\n", file.Name)
	}
	a.logger.Info("verified", zap.Int("briefs", len(results)), zap.String("worst", string(verify.Worst(results))))
	code := verifyExit(verify.Worst(results))
	if o.json {
		enc := json.NewEncoder(a.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			ExitCode int             `json:"exit_code"`
			Briefs   []verify.Result `json:"briefs"`
		}{code, results}); err != nil {
			return err
		}
	} else {
		for _, r := range results {
			fmt.Fprintln(a.stdout, verifyLine(r))
		}
	}
	if code != exitOK {
		return &exitError{code: code, err: fmt.Errorf("verify: %s", verify.Worst(results))}
	}
	return nil
}

// verifyLine is one brief's result on one line.
func verifyLine(r verify.Result) string {
	sig := "unsigned"
	switch {
	case r.SignatureChecked && r.Signed:
		sig = "signed"
	case r.Signed:
		sig = "signed (not checked: no --public-key)"
	}
	mode := "online"
	if !r.Online {
		mode = "offline"
	}
	line := fmt.Sprintf("%-7s %s (%s, %s)", r.Status, r.Path, mode, sig)
	var why []string
	for _, f := range r.Findings {
		code := f.Code
		if f.Cause != "" {
			code += " (" + string(f.Cause) + ")"
		}
		why = append(why, code+": "+f.Detail)
	}
	if len(why) > 0 {
		line += ": " + strings.Join(why, "; ")
	}
	for _, n := range r.Notes {
		line += "\n        note: " + n
	}
	return line
}
