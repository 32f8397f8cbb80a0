package brief

import (
	"crypto/ed25519"
	"errors"
	"fmt"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/gates"
	"github.com/citeloop/citeloop/pipeline"
)

// Content is everything a brief shows. All of it is recorded in the brief's
// own files (draft.json, ledger.json, and brief.json's verdict, metrics,
// stamp and provenance), so a written brief can be rendered again from them.
type Content struct {
	Draft   contract.Draft
	Ledger  contract.Ledger
	Verdict gates.Verdict
	Metrics contract.Metrics
	// Stamp is what the brief records of the gate's approval, signed or not.
	Stamp      contract.Stamp
	Provenance Provenance
}

// Render renders c to bytes: the ledger and the draft first, then one file
// per format, in the order they must be written. References are rendered
// from the ledger, never from text the model typed. Render checks no proof
// and so approves nothing: it renders what it is given (verify renders a
// written brief again to compare it). Only Assemble renders a run.
func Render(formats []Format, c Content) ([]File, error) {
	v, err := newView(c)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	ledger, err := marshalIndent(c.Ledger)
	if err != nil {
		return nil, fmt.Errorf("render: ledger: %w", err)
	}
	draft, err := marshalIndent(c.Draft)
	if err != nil {
		return nil, fmt.Errorf("render: draft: %w", err)
	}
	files := []File{{Name: LedgerFile, Data: ledger}, {Name: DraftFile, Data: draft}}
	for _, f := range formats {
		var data []byte
		switch f {
		case Markdown:
			data = renderMarkdown(v)
		case JSON:
			data, err = renderJSON(v, c)
		case HTML:
			data, err = renderHTML(v)
		case BibTeX, RIS, CSL:
			data, err = RenderExport(f, v.entries(c.Ledger))
		default:
			err = fmt.Errorf("unknown format %q", f)
		}
		if err != nil {
			return nil, fmt.Errorf("render %s: %w", f, err)
		}
		files = append(files, File{Name: BriefFile(f), Data: data})
	}
	return files, nil
}

// ErrNotVerified is returned by Assemble when the run did not end verified.
var ErrNotVerified = errors.New("run did not end verified")

// Assemble renders the brief of a verified run (see Render). It refuses
// unless res.Proof was minted by the gate for exactly res.Draft and
// res.Ledger: a zero proof is gates.ErrNoProof, one for another draft or
// ledger gates.ErrStaleProof. The brief records the proof's stamp,
// completed with the digest of every file rendered and the renderer's
// version (RendererVersion) and signed when a key is given
// (WithSigningKey), and the run's provenance (WithProvenance) completed
// from the ledger and the verdict.
func Assemble(formats []Format, res pipeline.Result, opts ...Option) ([]File, error) {
	var cfg options
	for _, o := range opts {
		o(&cfg)
	}
	if res.Reason != contract.Verified {
		return nil, fmt.Errorf("render: %w (%s)", ErrNotVerified, res.Reason)
	}
	if err := res.Proof.Approves(res.Draft, res.Ledger); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	keyID := ""
	if cfg.key != nil {
		keyID = KeyID(cfg.key.Public().(ed25519.PublicKey))
	}
	return bind(formats, Content{
		Draft: res.Draft, Ledger: res.Ledger, Verdict: res.Verdict, Metrics: res.Metrics,
		Stamp:      res.Proof.Stamp(),
		Provenance: cfg.provenance.withRun(res.Ledger, res.Verdict),
	}, func(s contract.Stamp) contract.Stamp { return Sign(s, cfg.key) }, keyID)
}

// Option configures Assemble.
type Option func(*options)

type options struct {
	key        ed25519.PrivateKey
	provenance Provenance
}

// WithSigningKey signs the brief's stamp with key, so that verify with the
// matching public key detects a forger who recomputed the digests.
func WithSigningKey(key ed25519.PrivateKey) Option {
	return func(c *options) { c.key = key }
}

// WithProvenance records how the brief was made (models, oracles, version).
func WithProvenance(p Provenance) Option {
	return func(c *options) { c.provenance = p }
}

// RenderReport renders the failure report of a run that did not verify.
// Its name (ReportFile) and first field say it is not a brief.
func RenderReport(res pipeline.Result) ([]byte, error) {
	var draft any // the last draft, left out when the writer returned none
	if d := res.Draft; d.Title != "" || len(d.Sections) > 0 || d.Refused {
		draft = d
	}
	data, err := marshalIndent(struct {
		NotABrief string             `json:"NOT_A_BRIEF"`
		Reason    contract.EndReason `json:"end_reason"`
		Detail    string             `json:"detail"`
		Lead      contract.Lead      `json:"lead"`
		Verdict   gates.Verdict      `json:"verdict"`
		Metrics   contract.Metrics   `json:"metrics"`
		Draft     any                `json:"last_draft,omitempty"`
		Ledger    contract.Ledger    `json:"ledger"`
	}{
		NotABrief: "this run did not verify; nothing here may be cited",
		Reason:    res.Reason, Detail: res.Detail, Lead: res.Lead, Verdict: res.Verdict, Metrics: res.Metrics,
		Draft: draft, Ledger: res.Ledger,
	})
	if err != nil {
		return nil, fmt.Errorf("render report: %w", err)
	}
	return data, nil
}
