package batch

// Observer hears of each lead's ending in this process, as it happens: the
// command line draws progress and exports metrics from it. Its methods are
// called from the lead's goroutine, concurrently, and must not block.
type Observer interface {
	// LeadEnded is a lead's final outcome, just recorded.
	LeadEnded(o Outcome)
	// LeadRetried is an attempt that failed in a way that may pass; the
	// lead runs again later.
	LeadRetried(o Outcome)
}

// Observers fans every event out to each of its observers, in order.
type Observers []Observer

// LeadEnded implements Observer.
func (os Observers) LeadEnded(o Outcome) {
	for _, x := range os {
		x.LeadEnded(o)
	}
}

// LeadRetried implements Observer.
func (os Observers) LeadRetried(o Outcome) {
	for _, x := range os {
		x.LeadRetried(o)
	}
}
