package jats

import (
	"encoding/xml"
	"strings"
)

// node is one MathML element, read whole: a formula is small, and its
// scripts need the tree (msub's base and subscript are its two children).
type node struct {
	name     string
	text     string
	children []*node
}

// maxMathNodes bounds a formula's tree; a bigger one reads as its text.
const maxMathNodes = 4096

// math reads the MathML element just started and returns its linear text.
func (r *reader) math(el xml.StartElement) (string, error) {
	n := 0
	root, err := r.mathNode(el, &n)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(linear(root)), nil
}

func (r *reader) mathNode(el xml.StartElement, count *int) (*node, error) {
	*count++
	nd := &node{name: el.Name.Local}
	var b strings.Builder
	err := r.children(func(child xml.StartElement) error {
		switch child.Name.Local {
		case "annotation", "annotation-xml":
			return r.skip()
		}
		if *count >= maxMathNodes {
			b.WriteString(r.plain())
			return nil
		}
		c, err := r.mathNode(child, count)
		if err != nil {
			return err
		}
		nd.children = append(nd.children, c)
		return nil
	}, func(s string) { b.WriteString(s) })
	nd.text = strings.TrimSpace(b.String())
	return nd, err
}

// linear is a formula as text: tokens joined without spaces, scripts in
// their Unicode forms where they have them.
func linear(n *node) string {
	kids := n.children
	arg := func(i int) string {
		if i < len(kids) {
			return linear(kids[i])
		}
		return ""
	}
	switch n.name {
	case "msub":
		return arg(0) + script(arg(1), false)
	case "msup":
		return arg(0) + script(arg(1), true)
	case "msubsup":
		return arg(0) + script(arg(1), false) + script(arg(2), true)
	case "mfrac":
		return arg(0) + "/" + arg(1)
	case "msqrt":
		return "√" + concat(kids)
	case "mroot":
		return script(arg(1), true) + "√" + arg(0)
	case "semantics":
		return arg(0)
	case "mspace":
		return " "
	}
	if len(kids) == 0 {
		return n.text
	}
	return n.text + concat(kids)
}

func concat(ns []*node) string {
	var b strings.Builder
	for _, n := range ns {
		b.WriteString(linear(n))
	}
	return b.String()
}

const (
	plainScript = "0123456789+-=()n−‐–"
	superScript = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿ⁻⁻⁻"
	subScript   = "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₙ₋₋₋"
)

// script writes s as a super- or subscript so that joining it to its base
// keeps the meaning, as Europe PMC's abstracts are read
// (oracles/europepmc): "−4" as "⁻⁴", "2" as "₂". A superscript with no
// Unicode form reads "^x" ("^(a b)" with spaces); a subscript keeps its
// text ("Cmax").
func script(s string, sup bool) string {
	s = collapse(s)
	if s == "" {
		return ""
	}
	table := subScript
	if sup {
		table = superScript
	}
	if t, ok := toScript(s, table); ok {
		return t
	}
	if !sup {
		return s
	}
	if strings.ContainsAny(s, " ") {
		return "^(" + s + ")"
	}
	return "^" + s
}

func toScript(s, table string) (string, bool) {
	plain, forms := []rune(plainScript), []rune(table)
	var b strings.Builder
	for _, r := range s {
		i := indexRune(plain, r)
		if i < 0 {
			return "", false
		}
		b.WriteRune(forms[i])
	}
	return b.String(), true
}

func indexRune(rs []rune, r rune) int {
	for i, x := range rs {
		if x == r {
			return i
		}
	}
	return -1
}
