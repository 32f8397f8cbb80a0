package europepmc_test

import (
	"net/http"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/citeloop/citeloop/oracles"
	"github.com/citeloop/citeloop/oracles/europepmc"
	"github.com/citeloop/citeloop/oracles/oracletest"
)

func TestConformance(t *testing.T) {
	c := loadCorpus(t)
	oracletest.Run(t, oracletest.Harness{
		New: func(t *testing.T, baseURL string) oracles.Oracle {
			return europepmc.New(europepmc.Options{
				BaseURL:     baseURL,
				HTTPOptions: oracletest.FastOptions(europepmc.Name),
				Logger:      zaptest.NewLogger(t),
			})
		},
		Handler: func(_ *testing.T, known []oracles.Record) http.Handler { return newFake(c, known) },
		Known: []oracles.Record{
			c.record(t, "10.1016/j.molcel.2019.07.008"),
			c.record(t, "10.1371/journal.pone.0311879"),
			c.record(t, "10.12688/openreseurope.23222.2"),
			c.record(t, "10.1016/s0140-6736(24)02600-x"),
		},
	})
}
