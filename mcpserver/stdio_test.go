package mcpserver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/citeloop/citeloop/mcpserver"
)

// Over stdio, a line that is not JSON is answered with a parse error
// (-32700), one that is JSON but no JSON-RPC message with an invalid
// request (-32600), and the requests around them are answered.
func TestStdioAnswersAGarbageLineAndGoesOn(t *testing.T) {
	srv := newServer(t, mcpserver.Options{}, nil)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, mcpserver.Stdio(inR, outW, mcpserver.StdioOptions{MaxLine: 4096})) }()
	lines := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`this is not JSON {`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		``,
		`{"hello": "json, but not JSON-RPC"}`,
		strings.Repeat("x", 5000),
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
	}
	go func() {
		for _, l := range lines {
			if _, err := io.WriteString(inW, l+"\n"); err != nil {
				return
			}
		}
	}()
	type answer struct {
		ID     json.RawMessage `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	got := make(chan answer)
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var a answer
			if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
				t.Errorf("not a JSON-RPC answer: %q", sc.Text())
				continue
			}
			got <- a
		}
	}()
	var answers []answer
	for len(answers) < 5 {
		select {
		case a := <-got:
			answers = append(answers, a)
		case err := <-done:
			t.Fatalf("the server stopped after %d answers: %v", len(answers), err)
		case <-time.After(10 * time.Second):
			t.Fatalf("%d answers in 10s, want 5: %+v", len(answers), answers)
		}
	}
	// The errors are written at once, the answers when their requests are
	// served: in any order.
	seen := map[string]int{}
	for _, a := range answers {
		code := 0
		if a.Error != nil {
			code = a.Error.Code
		} else if len(a.Result) == 0 {
			t.Errorf("answer %s has neither result nor error", a.ID)
		}
		seen[fmt.Sprintf("%s %d", a.ID, code)]++
		if string(a.ID) == "2" && !strings.Contains(string(a.Result), "check_citations") {
			t.Errorf("tools/list after the garbage: %s", a.Result)
		}
	}
	if want := map[string]int{"1 0": 1, "null -32700": 1, "null -32600": 2, "2 0": 1}; !maps.Equal(seen, want) {
		t.Errorf("answers %v, want %v", seen, want)
	}
	inW.Close()
}
