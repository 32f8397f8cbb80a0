package batchtest

import (
	"sync"
	"time"
)

// FastClock is a batch.Clock whose time runs faster than the wall clock:
// it reads Base when first consulted, and a day later when Day of real
// time has passed. River waits for each night with a real timer, so a test
// on a FastClock sees nights come in a fraction of a second, each named by
// its time on the clock (Base's date, then the next day's).
type FastClock struct {
	base  time.Time
	scale time.Duration

	mu    sync.Mutex
	start time.Time
}

// NewFastClock returns a clock that reads base when first consulted and
// runs a day for every day of real time.
func NewFastClock(base time.Time, day time.Duration) *FastClock {
	return &FastClock{base: base, scale: 24 * time.Hour / day}
}

// origin is the real time at which the clock read base.
func (c *FastClock) origin(real time.Time) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.start.IsZero() {
		c.start = real
	}
	return c.start
}

// ScheduleTime is the clock's time at the real time real.
func (c *FastClock) ScheduleTime(real time.Time) time.Time {
	return c.base.Add(real.Sub(c.origin(real)) * c.scale)
}

// RealTime is the real time at which the clock reads t.
func (c *FastClock) RealTime(t time.Time) time.Time {
	return c.origin(time.Now()).Add(t.Sub(c.base) / c.scale)
}

// NewFastClockFrom is NewFastClock reading base at the real time origin,
// not when first consulted: processes started apart share one schedule.
func NewFastClockFrom(base time.Time, day time.Duration, origin time.Time) *FastClock {
	return &FastClock{base: base, scale: 24 * time.Hour / day, start: origin}
}
