package batch

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/riverqueue/river/rivertype"

	"github.com/citeloop/citeloop/batch/internal/jsonobj"
	"github.com/citeloop/citeloop/internal/atomicfile"
)

// record counts the outcomes of sum's run into sum, reading them from the
// queue a page at a time, and its pending leads. When dir is set it also
// writes dir/summary.json as it reads them, one line per lead, and with
// export each outcome's files into dir (Export). Nothing it holds grows with
// the number of leads: a run of 10,000 leads summarises in the memory of a
// run of 1,000.
func (e *Engine) record(ctx context.Context, sum *Summary, dir string, export bool) error {
	var files outcomeFiles
	if export {
		files = e.store.files
	}
	count := func(sw *summaryWriter) error {
		sum.reset()
		err := e.eachJob(ctx, sum.Run, files, func(j *rivertype.JobRow, o Record) error {
			if sum.StartedAt.IsZero() || j.CreatedAt.Before(sum.StartedAt) {
				sum.StartedAt = j.CreatedAt.UTC()
			}
			if j.FinalizedAt != nil && j.FinalizedAt.After(sum.EndedAt) {
				sum.EndedAt = j.FinalizedAt.UTC()
			}
			if export {
				if err := WriteOutcome(dir, o); err != nil {
					return fmt.Errorf("export %s: %w", o.Key, err)
				}
			}
			l := leadSummary(o, dir)
			sum.add(l)
			return sw.lead(l)
		})
		if err != nil {
			return err
		}
		sum.Pending, err = e.Pending(ctx, sum.Run)
		return err
	}
	if dir == "" {
		return count(nil)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, SummaryFile), func(w io.Writer) error {
		sw := &summaryWriter{w: w}
		sw.head(*sum)
		if err := count(sw); err != nil {
			return err
		}
		return sw.tail(*sum)
	})
}

// summaryWriter writes a summary.json as its lines are read: the run's
// names, then the leads, then the counts, which are known only at the end.
// Its first write error is kept and returned by tail.
type summaryWriter struct {
	w     io.Writer
	leads *jsonobj.Array
	err   error
}

func (s *summaryWriter) write(b []byte) {
	if s.err == nil {
		_, s.err = s.w.Write(b)
	}
}

// field writes `"key": v` indented as a field of the top-level object.
func (s *summaryWriter) field(key string, v any) {
	data, err := json.MarshalIndent(v, "  ", "  ")
	if err != nil && s.err == nil {
		s.err = err
	}
	s.write(fmt.Appendf(nil, "  %q: %s", key, data))
}

func (s *summaryWriter) head(sum Summary) {
	s.write([]byte("{\n"))
	s.field("run", sum.Run)
	if sum.File != "" {
		s.write([]byte(",\n"))
		s.field("file", sum.File)
	}
	if len(sum.InvalidRows) > 0 {
		s.write([]byte(",\n"))
		s.field("invalid_rows", sum.InvalidRows)
	}
	if sum.InvalidCount > 0 {
		s.write([]byte(",\n"))
		s.field("invalid_count", sum.InvalidCount)
	}
	if sum.Error != "" {
		s.write([]byte(",\n"))
		s.field("error", sum.Error)
	}
	s.write([]byte(",\n"))
	s.field("enqueued", sum.Enqueued)
	s.write([]byte(",\n  \"leads\": ["))
	s.leads = jsonobj.NewArray(s.w, "  ")
}

// lead writes one lead's line; s may be nil (nothing is written).
func (s *summaryWriter) lead(l LeadSummary) error {
	if s == nil {
		return nil
	}
	if s.err == nil {
		s.err = s.leads.Add(l)
	}
	return s.err
}

func (s *summaryWriter) tail(sum Summary) error {
	if s.err == nil {
		s.err = s.leads.End()
	}
	s.write([]byte(",\n"))
	s.field("ended", sum.Ended)
	s.write([]byte(",\n"))
	s.field("end_reasons", sum.EndReasons)
	if sum.Pending > 0 {
		s.write([]byte(",\n"))
		s.field("pending", sum.Pending)
	}
	if !sum.StartedAt.IsZero() {
		s.write([]byte(",\n"))
		s.field("started_at", sum.StartedAt)
	}
	if !sum.EndedAt.IsZero() {
		s.write([]byte(",\n"))
		s.field("ended_at", sum.EndedAt)
	}
	s.write([]byte("\n}\n"))
	return s.err
}

// ReadSummary reads dir/summary.json: the run's summary, its counts
// recomputed from its lines (a summary written before the counts were
// recorded reads the same), and the lines, one per lead with an outcome.
func ReadSummary(dir string) (Summary, []LeadSummary, error) {
	var lines []LeadSummary
	sum, err := ScanSummary(dir, func(l LeadSummary) error {
		lines = append(lines, l)
		return nil
	})
	return sum, lines, err
}

// ScanSummary reads dir/summary.json a line at a time, calling fn with each
// lead's line in order, and returns the summary with its counts recomputed
// from the lines. It holds one line at a time, never the file.
func ScanSummary(dir string, fn func(LeadSummary) error) (Summary, error) {
	path := filepath.Join(dir, SummaryFile)
	f, err := os.Open(path)
	if err != nil {
		return Summary{}, err
	}
	defer f.Close()
	var sum Summary
	head := map[string]json.RawMessage{}
	dec := json.NewDecoder(bufio.NewReader(f))
	err = jsonobj.Members(dec, func(name string) error {
		if name != "leads" {
			var v json.RawMessage
			err := dec.Decode(&v)
			head[name] = v
			return err
		}
		return jsonobj.Elements(dec, func() error {
			var l LeadSummary
			if err := dec.Decode(&l); err != nil {
				return err
			}
			sum.add(l)
			return fn(l)
		})
	})
	if err == nil {
		// The counts are the lines', whatever the file says.
		delete(head, "ended")
		delete(head, "end_reasons")
		var data []byte
		if data, err = json.Marshal(head); err == nil {
			err = json.Unmarshal(data, &sum)
		}
	}
	if err != nil {
		return Summary{}, fmt.Errorf("%s: %w", path, err)
	}
	return sum, nil
}

// EachLead calls fn with each lead of run that has an outcome, in the order
// the queue lists them (as summary.json does), reading no files; Dir is in
// OutDir when it is set.
func (e *Engine) EachLead(ctx context.Context, run string, fn func(LeadSummary) error) error {
	return e.each(ctx, run, nil, func(o Record) error {
		return fn(leadSummary(o, e.cfg.OutDir))
	})
}
