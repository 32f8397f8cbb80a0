package main

import (
	"context"
	"io"
	"testing"

	"github.com/creack/pty"
)

// onTerminal runs the CLI as a with its stderr on a 160×24 pseudo-terminal
// and returns what was drawn there, with runApp's error. Linux CI has
// pseudo-terminals: not getting one fails the test.
func onTerminal(t *testing.T, a *app, args ...string) (string, error) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatalf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 24, Cols: 160}); err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(ptmx) // ends when tty closes
		got <- b
	}()
	a.stderr = tty
	err = runApp(context.Background(), a, args)
	tty.Close()
	return string(<-got), err
}
