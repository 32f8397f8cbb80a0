package leads

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/strictyaml"
)

// leadFields are the keys a lead file may use, as in contract.Lead's tags.
var leadFields = []string{"id", "name", "orcid", "affiliation", "topic", "since", "until", "max_sources", "any_topic_word", "query"}

func isLeadField(s string) bool {
	for _, f := range leadFields {
		if f == s {
			return true
		}
	}
	return false
}

// setLeadField sets a lead's field from a CSV cell, which is text whatever
// the field's type.
func setLeadField(l *contract.Lead, field, v string) error {
	switch field {
	case "id":
		l.ID = v
	case "name":
		l.Name = v
	case "orcid":
		l.ORCID = v
	case "affiliation":
		l.Affiliation = v
	case "topic":
		l.Topic = v
	case "since":
		l.Since = v
	case "until":
		l.Until = v
	case "query":
		l.Query = v
	case "any_topic_word":
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "", "false", "no", "0":
			l.AnyTopicWord = false
		case "true", "yes", "1":
			l.AnyTopicWord = true
		default:
			return fmt.Errorf("%q is not true or false", v)
		}
	case "max_sources":
		if strings.TrimSpace(v) == "" {
			return nil
		}
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("%q is not a whole number", v)
		}
		l.MaxSources = n
	}
	return nil
}

// suggestField is `; did you mean "topic"?` for a key one or two edits from
// a lead field ("topc"), and "" when none is that near.
func suggestField(key string) string {
	if near := strictyaml.Nearest(key, leadFields); near != "" && near != key {
		return fmt.Sprintf("; did you mean %q?", near)
	}
	return ""
}
