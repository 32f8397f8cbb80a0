package collect

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/citeloop/citeloop/contract"
	"github.com/citeloop/citeloop/internal/phrase"
	"github.com/citeloop/citeloop/leads"
	"github.com/citeloop/citeloop/oracles/europepmc"
)

func TestBuildQuery(t *testing.T) {
	tests := []struct {
		name string
		give contract.Lead
		want string
	}{
		{
			name: "orcid wins over name",
			give: contract.Lead{ORCID: "0000-0002-1825-0097", Name: "Carberry J", Affiliation: "Wherever", Since: "2022-01-01", Until: "2024-12-31"},
			want: `AUTHORID:"0000-0002-1825-0097" AND FIRST_PDATE:[2022-01-01 TO 2024-12-31]`,
		},
		{
			name: "name, affiliation, topic",
			give: contract.Lead{Name: "Smith AB", Affiliation: "University of Oxford", Topic: "cancer screening"},
			want: `AUTH:"Smith AB" AND AFF:"University of Oxford" AND ("cancer" AND "screening")`,
		},
		{
			name: "any topic word",
			give: contract.Lead{Topic: "cancer screening", AnyTopicWord: true},
			want: `("cancer" OR "screening")`,
		},
		{
			name: "raw query is the whole query",
			give: contract.Lead{Query: `TITLE:"breast cancer" AND PUB_YEAR:2020`},
			want: `TITLE:"breast cancer" AND PUB_YEAR:2020`,
		},
		{
			name: "quoted phrase and stopwords",
			give: contract.Lead{Topic: `"cancer screening" and adults, older; the`},
			want: `("cancer screening" AND "adults" AND "older")`,
		},
		{
			name: "one term, open since",
			give: contract.Lead{Topic: "CRISPR", Until: "2020-06-30"},
			want: `"CRISPR" AND FIRST_PDATE:[1000-01-01 TO 2020-06-30]`,
		},
		{
			name: "open until",
			give: contract.Lead{Name: "Lee", Since: "2023-01-01"},
			want: `AUTH:"Lee" AND FIRST_PDATE:[2023-01-01 TO 9999-12-31]`,
		},
		{
			name: "injection in name",
			give: contract.Lead{Name: `Smith" OR AUTH:"*`},
			want: `AUTH:"Smith OR AUTH:"`,
		},
		{
			name: "injection in topic",
			give: contract.Lead{Topic: `cancer) OR (TITLE:x*  \"y`},
			want: `("cancer)" AND "(TITLE:x" AND "y")`,
		},
		{
			name: "topic of punctuation only",
			give: contract.Lead{Name: "X", Topic: `( ) : " \ *`},
			want: `AUTH:"X"`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := europepmc.QueryString(BuildQuery(tt.give)); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// clause is one parsed clause of a built query.
type clause struct {
	Field   string
	Phrases []string // one phrase, or the phrases of an AND or OR group
	Op      string   // the group's AND or OR; "" for one phrase
	From    string
	To      string
}

// parseQuery is a strict parser for the grammar String promises:
//
//	query  = clause *(" AND " clause)
//	clause = FIELD ":" phrase | FIELD ":[" date " TO " date "]"
//	       | phrase | "(" phrase 1*(" OR " phrase) ")"
//	phrase = DQUOTE *(any but DQUOTE and backslash) DQUOTE
func parseQuery(s string) ([]clause, error) {
	var out []clause
	for i := 0; s != ""; i++ {
		if i > 0 {
			rest, ok := strings.CutPrefix(s, " AND ")
			if !ok {
				return nil, fmt.Errorf("want AND at %q", s)
			}
			s = rest
		}
		var c clause
		j := 0
		for j < len(s) && (s[j] >= 'A' && s[j] <= 'Z' || s[j] == '_') {
			j++
		}
		if j > 0 {
			if j >= len(s) || s[j] != ':' {
				return nil, fmt.Errorf("field without colon at %q", s)
			}
			c.Field, s = s[:j], s[j+1:]
		}
		switch {
		case c.Field != "" && strings.HasPrefix(s, "["):
			end := strings.IndexByte(s, ']')
			if end < 0 {
				return nil, fmt.Errorf("unclosed range")
			}
			from, to, ok := strings.Cut(s[1:end], " TO ")
			if !ok || !isISODate(from) || !isISODate(to) {
				return nil, fmt.Errorf("bad range %q", s[:end+1])
			}
			c.From, c.To, s = from, to, s[end+1:]
		case c.Field == "" && strings.HasPrefix(s, "("):
			s = s[1:]
			for k := 0; ; k++ {
				if k > 0 {
					if rest, ok := strings.CutPrefix(s, ")"); ok {
						s = rest
						break
					}
					op := "AND"
					rest, ok := strings.CutPrefix(s, " AND ")
					if !ok {
						op = "OR"
						rest, ok = strings.CutPrefix(s, " OR ")
					}
					if !ok || (c.Op != "" && op != c.Op) {
						return nil, fmt.Errorf("want %s at %q", orDefault(c.Op, "AND or OR"), s)
					}
					c.Op, s = op, rest
				}
				p, rest, err := parsePhrase(s)
				if err != nil {
					return nil, err
				}
				c.Phrases, s = append(c.Phrases, p), rest
			}
			if len(c.Phrases) < 2 {
				return nil, fmt.Errorf("group of one")
			}
		default:
			p, rest, err := parsePhrase(s)
			if err != nil {
				return nil, err
			}
			c.Phrases, s = []string{p}, rest
		}
		out = append(out, c)
	}
	return out, nil
}

func parsePhrase(s string) (text, rest string, err error) {
	if !strings.HasPrefix(s, `"`) {
		return "", "", fmt.Errorf("want a phrase at %q", s)
	}
	end := strings.IndexByte(s[1:], '"')
	if end < 0 {
		return "", "", fmt.Errorf("unclosed phrase")
	}
	p := s[1 : end+1]
	if strings.ContainsAny(p, `\*?`) || p == "" || p != strings.TrimSpace(p) {
		return "", "", fmt.Errorf("unsafe phrase %q", p)
	}
	return p, s[end+2:], nil
}

// wantClauses is what a lead should become, computed independently of
// String.
func wantClauses(l contract.Lead) []clause {
	var out []clause
	if o := phrase.Clean(l.ORCID); o != "" {
		out = append(out, clause{Field: "AUTHORID", Phrases: []string{o}})
	} else {
		if n := phrase.Clean(l.Name); n != "" {
			out = append(out, clause{Field: "AUTH", Phrases: []string{n}})
		}
		if a := phrase.Clean(l.Affiliation); a != "" {
			out = append(out, clause{Field: "AFF", Phrases: []string{a}})
		}
	}
	if terms := leads.TopicTerms(l.Topic); len(terms) > 0 {
		c := clause{Phrases: terms}
		if len(terms) > 1 {
			c.Op = map[bool]string{false: "AND", true: "OR"}[l.AnyTopicWord]
		}
		out = append(out, c)
	}
	if l.Since != "" || l.Until != "" {
		out = append(out, clause{Field: "FIRST_PDATE", From: orDefault(l.Since, openSince), To: orDefault(l.Until, openUntil)})
	}
	return out
}

func TestQueryParsesBack(t *testing.T) {
	leads := []contract.Lead{
		{ORCID: "0000-0002-1825-0097", Topic: "a b", Since: "2020-01-01"},
		{Name: `A "B" (C) OR D:E \ F*`, Affiliation: "AND", Topic: `x "y z" w`, Until: "2021-01-01"},
		{Name: "A", Topic: `x OR "y AND z" w`, AnyTopicWord: true},
	}
	for _, l := range leads {
		got, err := parseQuery(europepmc.QueryString(BuildQuery(l)))
		if err != nil {
			t.Fatalf("%+v: %v", l, err)
		}
		if diff := cmp.Diff(wantClauses(l), got); diff != "" {
			t.Errorf("%+v (-want +got):\n%s", l, diff)
		}
	}
}

// FuzzQuery checks that no name, affiliation or topic can change the
// structure of the query: it always parses back into exactly the intended
// clauses, every value a clean phrase.
func FuzzQuery(f *testing.F) {
	f.Add("Smith AB", "Oxford", "cancer screening", false)
	f.Add(`Smith" OR "x`, `(AFF:*)`, `"a b" OR c) AND (d`, false)
	f.Add("\\", "\"", "\"\"\"", true)
	f.Add("é\u00a0ü", "\x00\x01", "AND OR NOT ( ) :", true)
	f.Fuzz(func(t *testing.T, name, aff, topic string, any bool) {
		l := contract.Lead{Name: name, Affiliation: aff, Topic: topic, Since: "2020-01-01", AnyTopicWord: any}
		s := europepmc.QueryString(BuildQuery(l))
		got, err := parseQuery(s)
		if err != nil {
			t.Fatalf("query %q does not parse: %v", s, err)
		}
		if diff := cmp.Diff(wantClauses(l), got); diff != "" {
			t.Fatalf("query %q (-want +got):\n%s", s, diff)
		}
	})
}

// Open ends of a date window, as europepmc.QueryString writes them.
const (
	openSince = "1000-01-01"
	openUntil = "9999-12-31"
)

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// isISODate reports whether s is exactly dddd-dd-dd.
func isISODate(s string) bool {
	if len(s) != 10 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if i == 4 || i == 7 {
			if s[i] != '-' {
				return false
			}
		} else if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
