// Command citeloop writes sourced scientific briefs that cannot ship with a
// fabricated citation, and checks the citations of existing documents.
//
// main is the only place that reads the process environment (it passes
// os.LookupEnv down; each backend reads its own variables through it),
// builds the oracle and model-provider registries (oracles/all,
// agents/all) and calls os.Exit.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	agentsall "github.com/citeloop/citeloop/agents/all"
	"github.com/citeloop/citeloop/oracles"
	oraclesall "github.com/citeloop/citeloop/oracles/all"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.LookupEnv)
	stop()
	os.Exit(finish(err, os.Stderr))
}

// finish says a failure once on stderr, unless the command already said it,
// and returns the exit code. An interruption is said as "interrupted".
func finish(err error, stderr io.Writer) int {
	code := exitCode(err)
	switch {
	case code == exitInterrupted:
		fmt.Fprintln(stderr, "citeloop: interrupted")
	case err != nil && code != exitOK && !alreadySaid(err):
		fmt.Fprintln(stderr, "citeloop:", err)
	}
	return code
}

// run executes the command line args and returns an error carrying the exit
// code (see exitCode).
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, lookupEnv func(string) (string, bool)) error {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, lookupEnv: lookupEnv, registry: shippedOracles, providers: agentsall.Providers(), now: time.Now, userConfigDir: os.UserConfigDir}
	return runApp(ctx, a, args)
}

// shippedOracles is the app's oracle registry: every oracle citeloop ships.
func shippedOracles() (*oracles.Registry, error) { return oraclesall.Backends(), nil }

// runApp runs the command line for a prepared app; tests inject clocks,
// registries and agents through a.
func runApp(ctx context.Context, a *app, args []string) error {
	root := newRootCmd(a)
	root.SetArgs(args)
	root.SetIn(a.stdin)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	err := root.ExecuteContext(ctx)
	for _, e := range a.engines {
		_ = e.Close()
	}
	if a.logger != nil {
		_ = a.logger.Sync()
	}
	return err
}
