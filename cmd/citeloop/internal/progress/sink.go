package progress

import (
	"io"
	"os"
	"sync"

	"github.com/vbauerster/mpb/v8"
)

// Sink is the CLI's stderr: what is written to it goes to the terminal,
// or, while a bar is drawn there, above the bar (mpb prints it at its next
// redraw). A log line written straight to the terminal under a live bar
// would be taken for the bar's previous frame and erased, leaving that
// frame on screen: the final bar then appears twice and the line is lost.
type Sink struct {
	w io.Writer

	mu   sync.Mutex
	p    *mpb.Progress
	held []byte // while the bar draws its last frame
	hold bool
}

// NewSink returns the sink over w (w itself when it is one).
func NewSink(w io.Writer) *Sink {
	if s, ok := w.(*Sink); ok {
		return s
	}
	return &Sink{w: w}
}

// Write writes p above the bar being drawn, or to the terminal.
func (s *Sink) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hold {
		s.held = append(s.held, p...)
		return len(p), nil
	}
	if s.p != nil {
		if n, err := s.p.Write(p); err == nil {
			return n, nil
		}
	}
	return s.w.Write(p)
}

// Fd is the terminal's file descriptor, so that the sink of a terminal is
// one (logging's format, the bar's drawing); ^uintptr(0) when w is no file.
func (s *Sink) Fd() uintptr {
	if f, ok := s.w.(*os.File); ok {
		return f.Fd()
	}
	return ^uintptr(0)
}

// attach sends writes above p's bars until detach.
func (s *Sink) attach(p *mpb.Progress) {
	s.mu.Lock()
	s.p = p
	s.mu.Unlock()
}

// holdFor keeps what is written from now on until detach, while p draws
// its last frame: mpb prints lines written above a bar at its next redraw,
// and after the last there is none.
func (s *Sink) holdFor(p *mpb.Progress) {
	s.mu.Lock()
	if s.p == p {
		s.hold = true
	}
	s.mu.Unlock()
}

// detach gives the writes back to the terminal, after what was held.
func (s *Sink) detach(p *mpb.Progress) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.p != p {
		return
	}
	s.p, s.hold = nil, false
	if len(s.held) > 0 {
		_, _ = s.w.Write(s.held)
		s.held = nil
	}
}
