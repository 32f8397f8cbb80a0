package configs

import "time"

// Schedule configures the nights of `citeloop worker` (and `batch
// --schedule`): when they run, what they read and where they write. The
// command line's --schedule, --every, --leads, --out and --watch override
// each key. A configuration without cron or every schedules nothing.
type Schedule struct {
	// Cron is a 5-field cron line in local time ("0 2 * * *").
	Cron string `yaml:"cron"`
	// Every runs the nights this often instead (at least 1m).
	Every Duration `yaml:"every"`
	// Leads is the leads file, or a folder of them (one run and one
	// sub-folder of each night's folder per file), read again each night.
	Leads string `yaml:"leads"`
	// Out receives one folder per night, named by its UTC start.
	Out string `yaml:"out"`
	// Watch is a folder of briefs re-verified online each night (the
	// retraction watch), reporting each retraction or correction once.
	Watch string `yaml:"watch"`
}

// Validate checks the schedule section.
func (s Schedule) Validate() error {
	if err := s.Every.check("schedule.every"); err != nil {
		return err
	}
	switch {
	case s.Cron != "" && s.Every.D != 0:
		return invalid("schedule", "give cron or every, not both")
	case s.Every.D > 0 && s.Every.D < time.Minute:
		return invalid("schedule.every", "at least 1m between nights, got %s", s.Every.D)
	case (s.Cron != "" || s.Every.D != 0) && s.Leads == "" && s.Watch == "":
		return invalid("schedule", "a schedule needs leads or watch")
	}
	return nil
}
