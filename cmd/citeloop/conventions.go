package main

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/citeloop/citeloop/brief"
	"github.com/citeloop/citeloop/check"
	"github.com/citeloop/citeloop/internal/logging"
	"github.com/citeloop/citeloop/internal/strictyaml"
)

// conventions gives root and every command under it what users of gh,
// kubectl or restic expect: --version, a usage error (exit 2) with the
// nearest name for an unknown command or flag, and shell completion of the
// values of --format, --writer-provider and --skeptic-provider. It runs
// after every command is added, so commands added in their own files get
// the same treatment.
func conventions(root *cobra.Command, providers []string, width int) {
	root.Version = version(debug.ReadBuildInfo)
	root.SetVersionTemplate("citeloop {{.Version}}\n")
	root.AddCommand(versionCmd())
	wrapFlagUsages(root, width)
	root.Args = unknownCommand
	root.SuggestionsMinimumDistance = 2
	// A runnable root checks its arguments (cobra only checks those of
	// runnable commands); with none it shows the help, as before.
	root.RunE = func(cmd *cobra.Command, _ []string) error { return cmd.Help() }
	root.SetFlagErrorFunc(flagError)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c != root && c.Args != nil {
			c.Args = usageArgs(c.Args)
		}
		completeValues(c, providers)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// version is the module version and VCS stamp from the build information:
// "v1.2.0", or "(devel) abc1234 2026-11-30 modified" for a source build.
func version(read func() (*debug.BuildInfo, bool)) string {
	bi, ok := read()
	if !ok {
		return "unknown (no build information)"
	}
	parts := []string{bi.Main.Version}
	if parts[0] == "" {
		parts[0] = "(devel)"
	}
	var rev, when string
	var modified bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev != "" && !strings.Contains(parts[0], rev[:min(len(rev), 12)]) {
		parts = append(parts, rev[:min(len(rev), 12)])
	}
	if when != "" {
		parts = append(parts, when)
	}
	if modified {
		parts = append(parts, "modified")
	}
	return strings.Join(append(parts, bi.GoVersion), " ")
}

// versionCmd is `citeloop version`, the same as `citeloop --version`.
func versionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print citeloop's version (the same as --version)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "citeloop %s\n", cmd.Root().Version)
			return err
		},
	}
}

// helpWidth is the width help is wrapped at: the terminal's when w is one,
// else 80 columns (a pipe, a file, the help goldens).
func helpWidth(w io.Writer) int {
	if n := terminalWidth(w); n > 0 {
		return n
	}
	return 80
}

// wrapFlagUsages makes the flag lines of every command's help wrap at
// width, their text aligned under the first line's, instead of running to
// the end of the longest help text.
// Any other line of a help longer than width (cobra's own text for the
// completion commands, say) is wrapped at a space, its continuation
// indented as it was.
func wrapFlagUsages(root *cobra.Command, width int) {
	n := strconv.Itoa(width)
	root.SetUsageTemplate(strings.NewReplacer(
		".LocalFlags.FlagUsages", ".LocalFlags.FlagUsagesWrapped "+n,
		".InheritedFlags.FlagUsages", ".InheritedFlags.FlagUsagesWrapped "+n,
	).Replace(root.UsageTemplate()))
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		out := c.OutOrStdout()
		var buf bytes.Buffer
		c.SetOut(&buf)
		help(c, args)
		c.SetOut(out)
		_, _ = io.WriteString(out, wrapLines(buf.String(), width))
	})
}

// wrapLines wraps each line of s longer than width at its last space
// that fits, indenting the rest as the line was.
func wrapLines(s string, width int) string {
	var sb strings.Builder
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			sb.WriteByte('\n')
		}
		indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
		for utf8.RuneCountInString(line) > width {
			cut := strings.LastIndex(string([]rune(line)[:width+1]), " ")
			if cut <= len(indent) {
				break // one word longer than the line: leave it
			}
			sb.WriteString(strings.TrimRight(line[:cut], " ") + "\n")
			line = indent + strings.TrimLeft(line[cut:], " ")
		}
		sb.WriteString(line)
	}
	return sb.String()
}

// unknownCommand is the root's argument check: anything given is a command
// name that does not exist.
func unknownCommand(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q", args[0])
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += fmt.Sprintf("; did you mean %q?", s[0])
	}
	return usageError("%s (citeloop --help lists the commands)", msg)
}

// usageArgs makes a command's argument check a usage error (exit 2).
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := check(cmd, args); err != nil {
			if _, ok := err.(*exitError); ok {
				return err
			}
			if !strings.Contains(err.Error(), cmd.CommandPath()) {
				err = fmt.Errorf("%s: %w", cmd.CommandPath(), err)
			}
			return &exitError{code: exitUsage, err: err}
		}
		return nil
	}
}

var unknownFlagRe = regexp.MustCompile(`^unknown flag: --(\S+)$`)

// flagError makes every flag error a usage error (exit 2) and names the
// nearest flag for an unknown one (--topc → --topic).
func flagError(cmd *cobra.Command, err error) error {
	if m := unknownFlagRe.FindStringSubmatch(err.Error()); m != nil {
		var names []string
		cmd.Flags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden {
				names = append(names, f.Name)
			}
		})
		cmd.InheritedFlags().VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
		slices.Sort(names)
		if near := strictyaml.Nearest(m[1], names); near != "" {
			err = fmt.Errorf("%w; did you mean --%s?", err, near)
		}
	}
	return &exitError{code: exitUsage, err: fmt.Errorf("%w (see %s --help)", err, cmd.CommandPath())}
}

// completeValues registers shell completion for the flags of c whose
// values are a fixed list (the model providers are the registered ones). A
// command that registered its own completion for a flag keeps it.
func completeValues(c *cobra.Command, providers []string) {
	lists := map[string]func(string) []string{
		"writer-provider":  fixed(providers),
		"skeptic-provider": fixed(providers),
		"log-format":       fixed([]string{logging.Auto, logging.Console, logging.JSON}),
	}
	switch c.Name() { // each command's --format takes its own values
	case "brief", "batch", "worker":
		lists["format"] = commaList([]string{string(brief.Markdown), string(brief.JSON), string(brief.HTML), string(brief.BibTeX), string(brief.RIS), string(brief.CSL)})
		if c.Name() == "batch" {
			lists["fail-on"] = fixed([]string{"none", "unverified"})
		}
	case "check":
		lists["format"] = fixed(checkFormats)
		lists["no-doi"] = fixed([]string{check.NoDOIError, check.NoDOIWarn})
	case "watch":
		lists["fail-on"] = fixed([]string{"news"})
	case "verify":
		lists["export"] = fixed([]string{string(brief.BibTeX), string(brief.RIS), string(brief.CSL)})
	}
	for name, values := range lists {
		if c.LocalNonPersistentFlags().Lookup(name) == nil && c.PersistentFlags().Lookup(name) == nil {
			continue
		}
		_ = c.RegisterFlagCompletionFunc(name, func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			return values(toComplete), cobra.ShellCompDirectiveNoFileComp
		})
	}
}

func fixed(values []string) func(string) []string {
	return func(string) []string { return values }
}

// commaList completes one more item of a comma-separated list, leaving out
// the items already given: "md," offers "md,json" and "md,html".
func commaList(values []string) func(string) []string {
	return func(toComplete string) []string {
		head := ""
		var given []string
		if i := strings.LastIndex(toComplete, ","); i >= 0 {
			head = toComplete[:i+1]
			given = strings.Split(toComplete[:i], ",")
		}
		var out []string
		for _, v := range values {
			if !slices.Contains(given, v) {
				out = append(out, head+v)
			}
		}
		return out
	}
}
