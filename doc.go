// Package scbcheck measures how code erodes as it is extended: the
// metrics of the SlopCodeBench paper and of its reference tool scb-check.
//
// The package is the sequence of steps and nothing else. Analyze runs
// them once over a file or directory and returns a report.Report; a
// Session runs them many times (the checkpoints of a trajectory, the
// entries of a batch) with settings resolved once from Options (Settings:
// the Policy --include-all chooses, the catalog and its active rules,
// every default) and one cache, opened once. The steps themselves live
// below: discovery and the per-file engine in internal/engine, the file
// cache in internal/filecache, the analyses in their packages; the report
// package writes the report as the reference JSON, human text or SARIF.
package scbcheck
