// Package batch measures many snapshots listed in a manifest, one JSON
// line each, so that thousands of them can be spread over many machines
// by an existing scheduler with no coordinator of ours.
//
// A manifest lists one snapshot per line: a file or directory, or
// REPO@REV (a commit of a git repository). A shard (I/N) takes the entries
// whose index k, counted from 0 over the entries only, has k mod N = I.
// Each measured snapshot appends one line to the output; a run given an
// output that already holds lines skips the snapshots they name, and
// drops an incomplete last line left by a run that was killed, so that
// rerunning the same command resumes where it stopped. One run at a time
// writes an output file (a lock beside it keeps a second one off), and
// lines repeated by runs that wrote one file at once are removed on resume.
package batch
