package strictyaml

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// yaml.v3's messages, as its TypeError lists them.
var (
	lineRe      = regexp.MustCompile(`^line (\d+): (.*)$`)
	unmarshalRe = regexp.MustCompile("^cannot unmarshal !!(\\w+)(?: `(.*)`)? into (.+)$")
	notFoundRe  = regexp.MustCompile(`^field (\S+) not found in type \S+$`)
)

// rewrite turns yaml.v3's decoding error into an *Error naming the key path
// (found from the line, within the tree n whose path is prefix) and the kind
// of value expected instead of a Go type. Errors it cannot read are returned
// wrapped, with the prefix.
func rewrite(err error, n *yaml.Node, prefix string) error {
	var te *yaml.TypeError
	if !errors.As(err, &te) || len(te.Errors) == 0 {
		if prefix != "" {
			return &Error{Path: prefix, Msg: err.Error()}
		}
		return err
	}
	paths := map[int]string{}
	indexLines(n, prefix, paths)
	m := lineRe.FindStringSubmatch(te.Errors[0])
	if m == nil {
		return &Error{Path: prefix, Msg: te.Errors[0]}
	}
	line, _ := strconv.Atoi(m[1])
	e := &Error{Line: line, Path: paths[line], Msg: m[2]}
	if e.Path == "" {
		e.Path = prefix
	}
	if u := unmarshalRe.FindStringSubmatch(m[2]); u != nil {
		got := "a " + u[1]
		switch {
		case u[1] == "seq":
			got = "a list"
		case u[1] == "map":
			got = "a section of keys"
		case u[2] != "":
			got = strconv.Quote(u[2])
		}
		e.Msg = "want " + expectedGo(u[3]) + ", got " + got
	} else if f := notFoundRe.FindStringSubmatch(m[2]); f != nil {
		e.Msg = "unknown key " + strconv.Quote(f[1])
	}
	return e
}

// expectedGo describes a Go type as yaml.v3 names it, in a user's words.
func expectedGo(goType string) string {
	switch {
	case goType == "time.Duration":
		return "a duration such as 30s or 2m"
	case goType == "bool":
		return "true or false"
	case strings.HasPrefix(goType, "uint"):
		return "a whole number, 0 or more"
	case strings.HasPrefix(goType, "int"):
		return "a whole number"
	case strings.HasPrefix(goType, "float"):
		return "a number"
	case goType == "string":
		return "text"
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	default:
		return "a section of keys"
	}
}

// indexLines records, for each line holding a key or a list item, its key
// path; the first one on a line wins.
func indexLines(n *yaml.Node, path string, out map[int]string) {
	add := func(line int, p string) {
		if _, ok := out[line]; !ok {
			out[line] = p
		}
	}
	switch n.Kind {
	case yaml.DocumentNode:
		for _, c := range n.Content {
			indexLines(c, path, out)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			p := join(path, n.Content[i].Value)
			add(n.Content[i].Line, p)
			indexLines(n.Content[i+1], p, out)
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			p := path + "[" + strconv.Itoa(i) + "]"
			add(c.Line, p)
			indexLines(c, p, out)
		}
	}
}
