// Command benchdoc keeps the benchmark figures of citeloop's docs in step
// with benchmark output committed beside them, so a stale figure is a diff,
// not an accident.
//
// Each docs/bench/NAME.txt is the output of one `go test -bench` run, as
// go test printed it, after four configuration lines benchdoc writes:
//
//	command: go test -run '^$' -bench BenchmarkGate -cpu 1 ./gates
//	commit: 1946ea9
//	machine: linux/amd64, 2 cores, AMD EPYC
//	load: 1.02
//
// A doc holds a table for it between the markers
//
//	<!-- bench: NAME -->
//	<!-- /bench -->
//
// and `go run ./internal/benchdoc` (re)writes every such table from its
// file; `-check` only reports the tables that differ (a test runs it);
// `-measure NAME` runs the file's command again on this machine and saves
// the output, with this commit, machine and load. Benchmarks too long for CI
// (20,000 DOIs, 10,000 leads, PostgreSQL) are measured by hand this way and
// committed like the others.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	check := flag.Bool("check", false, "report the tables that differ from their output, change nothing")
	measure := flag.String("measure", "", "run NAME's command again and save its output in docs/bench/NAME.txt")
	root := flag.String("root", ".", "the module's folder")
	flag.Parse()
	if err := run(*root, *check, *measure); err != nil {
		fmt.Fprintln(os.Stderr, "benchdoc:", err)
		os.Exit(1)
	}
}

func run(root string, check bool, measure string) error {
	if measure != "" {
		if err := measureBench(root, measure); err != nil {
			return err
		}
	}
	stale, err := render(root, !check)
	if err != nil {
		return err
	}
	for _, s := range stale {
		fmt.Println(s)
	}
	if check && len(stale) > 0 {
		return fmt.Errorf("%d tables differ from their benchmark output; run go run ./internal/benchdoc", len(stale))
	}
	return nil
}
