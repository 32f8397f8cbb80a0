package brief

import (
	"runtime/debug"
	"testing"
)

// TestVersionSaysTheCommitOnce: a pseudo-version holds the revision, so the
// provenance does not repeat it; a plain build gets it appended once.
func TestVersionSaysTheCommitOnce(t *testing.T) {
	rev := []debug.BuildSetting{{Key: "vcs.revision", Value: "0d447c2abcdef0123456789"}}
	tests := []struct{ main, want string }{
		{"v0.0.0-20261201134045-0d447c2abcde", "v0.0.0-20261201134045-0d447c2abcde"},
		{"", "(devel) 0d447c2abcde"},
		{"v1.2.0", "v1.2.0 0d447c2abcde"},
	}
	for _, tt := range tests {
		if got := versionOf(&debug.BuildInfo{Main: debug.Module{Version: tt.main}, Settings: rev}); got != tt.want {
			t.Errorf("versionOf(%q) = %q, want %q", tt.main, got, tt.want)
		}
	}
}
