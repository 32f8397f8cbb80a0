// Command citeloop writes sourced scientific briefs that cannot ship with a
// fabricated citation, and checks the citations of existing documents.
//
// main is the only place that reads the process environment, builds the
// oracle registry and calls os.Exit.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/citeloop/citeloop/engine"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv)
	stop()
	code := exitCode(err)
	if err != nil && code != exitOK {
		fmt.Fprintln(os.Stderr, "citeloop:", err)
	}
	os.Exit(code)
}

// run executes the command line args and returns an error carrying the exit
// code (see exitCode).
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, getenv: getenv, registry: engine.NewRegistry, now: time.Now}
	return runApp(ctx, a, args)
}

// runApp runs the command line for a prepared app; tests inject clocks,
// registries and agents through a.
func runApp(ctx context.Context, a *app, args []string) error {
	root := newRootCmd(a)
	root.SetArgs(args)
	root.SetIn(a.stdin)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	err := root.ExecuteContext(ctx)
	if a.logger != nil {
		_ = a.logger.Sync()
	}
	return err
}
