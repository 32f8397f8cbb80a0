package check

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
)

// sarifRules describes each problem verdict as a SARIF rule.
func sarifRules() []struct{ id, text string } {
	return []struct{ id, text string }{
		{VerdictNotFound, "The DOI is not registered: no oracle knows it."},
		{VerdictInvalid, "The text is not a valid DOI."},
		{VerdictRetracted, "The DOI is a retracted paper or a retraction notice."},
		{VerdictMismatch, "The entry describes its record wrongly: a field (authors, venue, year, volume, issue, pages, title) disagrees."},
		{KindPreprintAsPublished, "The DOI is a preprint that the entry cites as a journal article."},
		{VerdictNoDOI, "The entry has no DOI."},
		{VerdictNotChecked, "The reference could not be read, and cites no DOI: nothing was looked up."},
		{VerdictUnknown, "No oracle could answer for the DOI."},
	}
}

// fingerprintKey is the partialFingerprints key of citeloop's results.
const fingerprintKey = "citeloopReference/v1"

// sarifWriter builds a typed SARIF 2.1.0 log (github.com/owenrumney/go-sarif)
// holding one result per problem citation, and writes it on Close.
type sarifWriter struct {
	w   io.Writer
	rep *sarif.Report
	run *sarif.Run
}

func newSARIFWriter(w io.Writer, version string) *sarifWriter {
	run := sarif.NewRunWithInformationURI("citeloop", "https://github.com/citeloop/citeloop")
	run.Tool.Driver.Version = &version
	for _, r := range sarifRules() {
		run.AddRule(r.id).WithShortDescription(sarif.NewMultiformatMessageString().WithText(r.text))
	}
	rep := sarif.NewReport()
	rep.AddRun(run)
	return &sarifWriter{w: w, rep: rep, run: run}
}

func (s *sarifWriter) Row(row Row) error {
	if !row.Problem() {
		return nil
	}
	rule := row.Verdict
	if row.Kind != "" {
		rule = row.Kind
	}
	for _, loc := range row.Locations {
		res := sarif.NewRuleResult(rule).
			WithLevel(row.level()).
			WithMessage(sarif.NewTextMessage(row.message())).
			AddLocation(sarif.NewLocationWithPhysicalLocation(sarif.NewPhysicalLocation().
				WithArtifactLocation(sarif.NewSimpleArtifactLocation(sarifURI(loc.File))).
				WithRegion(sarif.NewSimpleRegion(max(loc.Line, 1), max(loc.Line, 1))))).
			WithPartialFingerprints(map[string]string{fingerprintKey: fingerprint(rule, loc.File, row)})
		s.run.AddResult(res)
	}
	return nil
}

func (s *sarifWriter) Close(Report) error {
	if s.run.Results == nil {
		s.run.Results = []*sarif.Result{}
	}
	return s.rep.PrettyWrite(s.w)
}

// fingerprint identifies a result across runs whatever line it moves to:
// the rule, the file, and the DOI as written or, for an entry without one,
// its label and title.
func fingerprint(rule, file string, row Row) string {
	what := row.DOI
	if row.Entry != nil && row.DOI == "" {
		what = row.Entry.Label + "\x00" + row.Entry.Title
	}
	sum := sha256.Sum256([]byte(rule + "\x00" + filepath.ToSlash(file) + "\x00" + what))
	return hex.EncodeToString(sum[:12])
}

// sarifURI turns a path into a URI reference: slashes, each segment
// escaped; standard input is "stdin".
func sarifURI(file string) string {
	if file == stdinName {
		return "stdin"
	}
	segs := strings.Split(filepath.ToSlash(file), "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}
