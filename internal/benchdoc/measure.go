package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/google/shlex"
)

// measureBench runs the command recorded in docs/bench/NAME.txt and saves
// its output there with this machine's commit, cores, CPU and load.
func measureBench(root, name string) error {
	path := filepath.Join(root, benchDir, name+".txt")
	old, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%s: %w (write a first line \"command: go test ...\")", path, err)
	}
	command := configValue(old, "command")
	args, err := shlex.Split(command)
	if err != nil || len(args) < 3 || args[0] != "go" || args[1] != "test" {
		return fmt.Errorf("%s: command %q is not a go test command", path, command)
	}
	load := loadAverage()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%s: %w\n%s", command, err, out)
	}
	commit, _ := exec.Command("git", "-C", root, "rev-parse", "--short", "HEAD").Output()
	var b bytes.Buffer
	fmt.Fprintf(&b, "command: %s\ncommit: %s\nmachine: %s/%s, %d cores, %s\nload: %s\n",
		command, strings.TrimSpace(string(commit)), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), cpuModel(out), load)
	b.Write(out)
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// configValue is the value of a "key: value" line of benchmark output.
func configValue(data []byte, key string) string {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), key+": "); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// cpuModel is the cpu line go test printed.
func cpuModel(out []byte) string {
	if v := configValue(out, "cpu"); v != "" {
		return v
	}
	return "unknown CPU"
}

// loadAverage is the one-minute load average before the run, "unknown"
// where /proc/loadavg is not.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return "unknown"
	}
	return f[0]
}
