// Package verify re-checks briefs long after they were written: offline,
// that no file of a brief folder was edited since the gate approved it
// (each file's digest in the stamp and, by the same renderer version, each
// file rendered again and compared byte for byte; quotes; signature);
// online, that no source it cites has since been retracted or corrected,
// and which ones no oracle could answer for, with the cause. A result is a
// value per brief; front ends map it to exit codes. Watch remembers what it
// saw in a state file so a nightly job reports only news.
package verify
