package metrics

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.uber.org/zap"
)

// Server serves the metrics at /metrics until Close.
type Server struct {
	// URL is where the metrics are, http://host:port/metrics.
	URL string
	srv *http.Server
	wg  sync.WaitGroup
}

// Serve listens on addr (host:port; port 0 picks a free one) and serves m's
// registry at /metrics. An address that cannot be listened on is its error;
// a server that stops later is logged on log.
func (m *Metrics) Serve(addr string, log *zap.Logger) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("metrics: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg}))
	s := &Server{URL: "http://" + ln.Addr().String() + "/metrics", srv: &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}}
	s.wg.Go(func() {
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Warn("metrics server stopped", zap.Error(err))
		}
	})
	return s, nil
}

// Close stops the server, letting scrapes under way finish for a few
// seconds.
func (s *Server) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = s.srv.Shutdown(ctx)
	s.wg.Wait()
}
