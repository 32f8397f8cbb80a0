package batch

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robfig/cron/v3"
	"go.uber.org/zap"

	"github.com/citeloop/citeloop/batch/batchtest"
)

// nightHelperEnv makes this test binary one worker of
// TestNightsSurviveAKilledWorkerOnPostgres.
const nightHelperEnv = "CITELOOP_TEST_NIGHT_WORKER"

// TestNightWorkerHelper is one worker of two on a shared database; it
// runs only when started by TestNightsSurviveAKilledWorkerOnPostgres. It
// logs JSON on stderr and says on stdout each night it ended and each
// retraction its watch reported.
func TestNightWorkerHelper(t *testing.T) {
	if os.Getenv(nightHelperEnv) == "" {
		t.Skip("a worker of TestNightsSurviveAKilledWorkerOnPostgres")
	}
	// The clock starts once both workers are up: the parent writes its
	// origin when each said READY.
	fmt.Println("READY")
	var origin int64
	for {
		if b, err := os.ReadFile(os.Getenv("CITELOOP_TEST_ORIGIN")); err == nil && len(b) > 0 {
			origin, _ = strconv.ParseInt(string(b), 10, 64)
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	day, _ := time.ParseDuration(os.Getenv("CITELOOP_TEST_DAY"))
	marks := os.Getenv("CITELOOP_TEST_MARKS")
	sched, _ := cron.ParseStandard("0 2 * * *")
	f := newFake()
	f.modelLatency = 100 * time.Millisecond
	var mu sync.Mutex
	say := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Printf(format+"\n", args...)
	}
	log, _ := zap.NewProduction()
	err := RunWorker(context.Background(), WorkerRun{
		DatabaseURL: os.Getenv("CITELOOP_TEST_DB"), Out: os.Getenv("CITELOOP_TEST_OUT"),
		Config: Config{Runner: f, Concurrency: 2, Deadline: 2 * time.Second, PollInterval: 20 * time.Millisecond, RetryPolicy: quickRetry{}, StopGrace: time.Second, Logger: log},
		Nightly: &Nightly{Schedule: sched, Clock: batchtest.NewFastClockFrom(time.Date(2025, 12, 31, 20, 0, 0, 0, time.UTC), day, time.Unix(0, origin)),
			File: os.Getenv("CITELOOP_TEST_LEADS"),
			Watch: func(_ context.Context, at time.Time) error {
				// One mark a watch; the retraction is reported by the
				// first watch only, as verify.Watch's state does.
				if err := os.WriteFile(filepath.Join(marks, fmt.Sprintf("%s.%d", NightFolder(at), os.Getpid())), nil, 0o644); err != nil {
					return err
				}
				if f, err := os.OpenFile(filepath.Join(marks, "reported"), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644); err == nil {
					f.Close()
					say("NEWS %s", NightFolder(at))
				}
				return nil
			},
			Ended: func(_ context.Context, n Night) {
				_, lines, _ := ReadSummary(n.Dir)
				var ids []string
				for _, l := range lines {
					ids = append(ids, l.ID+"="+string(l.EndReason))
				}
				say("ENDED %s %s", NightFolder(n.At), strings.Join(ids, ","))
			}},
	})
	t.Fatalf("the worker returned: %v", err)
}

// Two workers run three nights on one PostgreSQL database; the one that
// starts the second night is SIGKILLed as it does (River then rescues the
// night's job and leads from the dead worker). Each night ends once,
// on one worker or the other, with every lead in its summary; the watch
// runs once a night and reports the retraction once.
func TestNightsSurviveAKilledWorkerOnPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills worker processes")
	}
	url := batchtest.PostgresURL(t)
	dir := t.TempDir()
	leads := writeFile(t, dir, "leads.yaml", "- id: a\n  topic: x\n- id: b\n  topic: y\n- id: c\n  topic: z\n- id: d\n  topic: w\n")
	marks := filepath.Join(dir, "marks")
	if err := os.Mkdir(marks, 0o755); err != nil {
		t.Fatal(err)
	}
	originFile := filepath.Join(dir, "origin")
	ready := 0
	type worker struct {
		cmd  *exec.Cmd
		out  strings.Builder
		done chan struct{}
	}
	var mu sync.Mutex
	ended := map[string][]string{} // night → the summaries said
	var started []string           // the nights in the order they started
	killed := false
	workers := make([]*worker, 2)
	start := func(i int) {
		w := &worker{done: make(chan struct{})}
		w.cmd = exec.Command(os.Args[0], "-test.run=^TestNightWorkerHelper$")
		w.cmd.Env = append(os.Environ(), nightHelperEnv+"=1", "CITELOOP_TEST_DB="+url, "CITELOOP_TEST_OUT="+filepath.Join(dir, fmt.Sprintf("w%d", i)),
			"CITELOOP_TEST_LEADS="+leads, "CITELOOP_TEST_MARKS="+marks, "CITELOOP_TEST_DAY=4s", "CITELOOP_TEST_ORIGIN="+originFile)
		stdout, _ := w.cmd.StdoutPipe()
		stderr, _ := w.cmd.StderrPipe()
		if err := w.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		workers[i] = w
		var wg sync.WaitGroup
		wg.Go(func() {
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				line := sc.Text()
				mu.Lock()
				if line == "READY" {
					if ready++; ready == 2 {
						// The first night comes two seconds and a quarter of
						// a day (a second) on: time for both to start River.
						origin := fmt.Sprint(time.Now().Add(2 * time.Second).UnixNano())
						if err := os.WriteFile(originFile, []byte(origin), 0o644); err != nil {
							t.Error(err)
						}
					}
				}
				w.out.WriteString(line + "\n")
				if f := strings.Fields(line); len(f) >= 2 && f[0] == "ENDED" {
					ended[f[1]] = append(ended[f[1]], fmt.Sprintf("worker %d: %s", i, strings.Join(f[2:], " ")))
				}
				mu.Unlock()
			}
		})
		wg.Go(func() {
			sc := bufio.NewScanner(stderr)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				var l map[string]any
				if json.Unmarshal(sc.Bytes(), &l) != nil {
					continue
				}
				if os.Getenv("CITELOOP_TEST_DEBUG") != "" {
					t.Logf("w%d %s", i, sc.Text())
				}
				mu.Lock()
				night, _ := l["night"].(string)
				if l["msg"] == "night started" && !slices.Contains(started, night) {
					started = append(started, night)
				}
				kill := !killed && l["msg"] == "night started" && len(started) == 2 && night == started[1]
				if kill {
					killed = true
				}
				mu.Unlock()
				if kill {
					_ = w.cmd.Process.Kill()
					t.Logf("worker %d SIGKILLed as it started the second night", i)
				}
			}
		})
		go func() { wg.Wait(); _ = w.cmd.Wait(); close(w.done) }()
	}
	start(0)
	start(1)
	defer func() {
		for _, w := range workers {
			_ = w.cmd.Process.Kill()
			<-w.done
		}
	}()
	// The first three nights that started (the first may come before
	// River's leader enqueues; then the next is the first).
	var nights []string
	deadline := time.Now().Add(2 * time.Minute)
	for {
		mu.Lock()
		if len(started) >= 3 {
			nights = slices.Clone(started[:3])
		}
		n := 0
		for _, night := range nights {
			if len(ended[night]) > 0 {
				n++
			}
		}
		mu.Unlock()
		if n == 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("nights started %v, ended: %v\nworker 0:\n%s\nworker 1:\n%s", started, ended, workers[0].out.String(), workers[1].out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(time.Second) // a second ending of a night would come now
	mu.Lock()
	defer mu.Unlock()
	if !killed {
		t.Error("no worker was killed: the test checked less than it says")
	}
	for _, night := range nights {
		got := ended[night]
		if len(got) != 1 {
			t.Errorf("night %s ended %d times, want once: %v", night, len(got), got)
			continue
		}
		for _, id := range []string{"a=", "b=", "c=", "d="} {
			if !strings.Contains(got[0], id) {
				t.Errorf("night %s's summary lacks lead %s: %s", night, id, got[0])
			}
		}
	}
	for _, night := range nights {
		m, _ := filepath.Glob(filepath.Join(marks, night+".*"))
		if len(m) != 1 {
			t.Errorf("the watch of night %s ran %d times, want once", night, len(m))
		}
	}
	news := strings.Count(workers[0].out.String()+workers[1].out.String(), "NEWS ")
	if news != 1 {
		t.Errorf("the retraction was reported %d times, want once", news)
	}
}
