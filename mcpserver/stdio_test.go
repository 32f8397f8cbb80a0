package mcpserver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
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
	want := []struct {
		id   string
		code int
	}{{"1", 0}, {"null", -32700}, {"null", -32600}, {"null", -32600}, {"2", 0}}
	for i, w := range want {
		a := answers[i]
		code := 0
		if a.Error != nil {
			code = a.Error.Code
		}
		if string(a.ID) != w.id || code != w.code || (code == 0 && len(a.Result) == 0) {
			t.Errorf("answer %d: id %s code %d, want id %s code %d", i+1, a.ID, code, w.id, w.code)
		}
	}
	if !strings.Contains(string(answers[4].Result), "check_citations") {
		t.Errorf("tools/list after the garbage: %s", answers[4].Result)
	}
	inW.Close()
}
