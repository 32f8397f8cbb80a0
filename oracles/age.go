package oracles

import (
	"fmt"
	"time"
)

// Age is how old an answer served from a cache is (now minus
// Result.CachedAt), as people say it: "45s", "12m", "3h 5m", "2d 4h".
// Every front end shows a cached answer's age this way.
func Age(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", max(0, int(d/time.Second)))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d/time.Minute))
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh %dm", int(d/time.Hour), int(d%time.Hour/time.Minute))
	}
	return fmt.Sprintf("%dd %dh", int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour))
}
