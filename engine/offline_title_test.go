package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/contract"
)

// TestOfflineTitlePassesTheGate: the offline writer's title comes from the
// lead's topic; a topic with a number no quote or cited title holds ("type
// 2 diabetes") gives the title "Sourced brief", one whose number is held
// keeps it, and either way the brief verifies (issue 22: no year or lead
// exemption for numbers).
func TestOfflineTitlePassesTheGate(t *testing.T) {
	b := offlineBriefer(t, brief.Markdown)
	tests := []struct {
		topic, title string
	}{
		{topic: "type 2 diabetes and cancer", title: "# Sourced brief\n"},
		{topic: "stage 4 prostate cancer", title: "# Sourced brief\n"},
		{topic: "5-year cancer survival", title: "# Sourced brief: 5-year cancer survival\n"},
		{topic: "breast cancer", title: "# Sourced brief: breast cancer\n"},
	}
	for _, tt := range tests {
		t.Run(tt.topic, func(t *testing.T) {
			got := runLead(context.Background(), b, contract.Lead{Topic: tt.topic, AnyTopicWord: true})
			if got.err != nil || got.res.Reason != contract.Verified {
				t.Fatalf("ended %s (%s), %v", got.res.Reason, got.res.Detail, got.err)
			}
			var md string
			for _, f := range got.files {
				if f.Name == "brief.md" {
					md = string(f.Data)
				}
			}
			if !strings.HasPrefix(md, tt.title) {
				t.Errorf("brief.md starts %q, want %q", md[:min(len(md), 80)], tt.title)
			}
		})
	}
}
