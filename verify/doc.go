// Package verify re-checks briefs long after they were written: offline,
// that nothing in a brief folder was edited since the gate approved it
// (digests, stamp, quotes, references, signature); online, that no source
// it cites has since been retracted or corrected. A result is a value per
// brief; front ends map it to exit codes. Watch remembers what it saw in a
// state file so a nightly job reports only news.
package verify
