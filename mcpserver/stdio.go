package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/zap"
)

// StdioOptions configure the stdio transport.
type StdioOptions struct {
	// MaxLine caps one line (one JSON-RPC message) in bytes; 0 means room
	// for DefaultMaxInput escaped (see HTTPHandler). A longer line is
	// answered with an error and skipped.
	MaxLine int
	// Logger hears of each line refused, never its content.
	Logger *zap.Logger
}

// Stdio is the transport of newline-delimited JSON-RPC over in and out
// (the process's stdin and stdout). Unlike the SDK's, one malformed line
// does not end the session: a line that is not JSON is answered with a
// JSON-RPC parse error (-32700), one that is JSON but not a JSON-RPC
// message, or too long, with an invalid request (-32600), both with a null
// id, and the lines after it are served.
func Stdio(in io.Reader, out io.Writer, o StdioOptions) mcp.Transport {
	if o.MaxLine <= 0 {
		o.MaxLine = 6*DefaultMaxInput + 1<<20
	}
	if o.Logger == nil {
		o.Logger = zap.NewNop()
	}
	w := &lockedWriter{w: out}
	return &mcp.IOTransport{
		Reader:        &lineFilter{r: bufio.NewReaderSize(in, 64<<10), w: w, max: o.MaxLine, log: o.Logger, closer: in},
		Writer:        w,
		MaxLineLength: -1, // lineFilter caps lines
	}
}

// lockedWriter writes whole messages one at a time: the SDK's answers and
// lineFilter's errors share it.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) Close() error { return nil }

// lineFilter passes on the lines that are JSON-RPC messages (or batches of
// them) and answers every other line itself.
type lineFilter struct {
	r      *bufio.Reader
	w      io.Writer
	max    int
	log    *zap.Logger
	closer io.Reader
	next   []byte // what is left of the line being passed on
}

func (f *lineFilter) Read(p []byte) (int, error) {
	for len(f.next) == 0 {
		line, err := f.line()
		if len(line) > 0 {
			f.next = line
			break
		}
		if err != nil {
			return 0, err
		}
	}
	n := copy(p, f.next)
	f.next = f.next[n:]
	return n, nil
}

func (f *lineFilter) Close() error {
	if c, ok := f.closer.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// errLineTooLong marks a line over the cap.
var errLineTooLong = errors.New("line too long")

// line reads the next line and returns it, newline ended, when it may be
// passed on; nil when it was blank or answered here.
func (f *lineFilter) line() ([]byte, error) {
	raw, err := f.readLine()
	if errors.Is(err, errLineTooLong) {
		f.refuse(jsonrpc.CodeInvalidRequest, fmt.Sprintf("Invalid Request: a line is longer than %d bytes", f.max))
		return nil, nil
	}
	msg := bytes.TrimSpace(raw)
	if len(msg) == 0 {
		return nil, err
	}
	switch {
	case !json.Valid(msg):
		f.refuse(jsonrpc.CodeParseError, "Parse error: the line is not JSON")
	case !isMessage(msg):
		f.refuse(jsonrpc.CodeInvalidRequest, "Invalid Request: the line is JSON but not a JSON-RPC 2.0 message")
	default:
		return append(msg, '\n'), nil
	}
	return nil, nil
}

// readLine reads to the next newline, at most max bytes of it; the rest
// of a longer line is read and dropped.
func (f *lineFilter) readLine() ([]byte, error) {
	var buf []byte
	for {
		chunk, err := f.r.ReadSlice('\n')
		if len(buf)+len(chunk) > f.max {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = f.r.ReadSlice('\n')
			}
			if err != nil && !errors.Is(err, io.EOF) {
				return nil, err
			}
			return nil, errLineTooLong
		}
		buf = append(buf, chunk...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return buf, err
		}
	}
}

// isMessage reports whether msg decodes as a JSON-RPC message or a
// non-empty batch of them, as the SDK will read it.
func isMessage(msg []byte) bool {
	var batch []json.RawMessage
	if json.Unmarshal(msg, &batch) == nil {
		if len(batch) == 0 {
			return false
		}
		for _, m := range batch {
			if _, err := jsonrpc.DecodeMessage(m); err != nil {
				return false
			}
		}
		return true
	}
	_, err := jsonrpc.DecodeMessage(msg)
	return err == nil
}

// refuse answers a line with a JSON-RPC error whose id is null: the line's
// id, if it had one, could not be read.
func (f *lineFilter) refuse(code int, message string) {
	f.log.Warn("mcp: line refused", zap.Int("code", code), zap.String("reason", message))
	data, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc.Error   `json:"error"`
	}{"2.0", json.RawMessage("null"), jsonrpc.Error{Code: int64(code), Message: message}})
	if _, err := f.w.Write(append(data, '\n')); err != nil {
		f.log.Warn("mcp: error answer not written", zap.Error(err))
	}
}
