// Package scbcheck measures how code erodes as it is extended: the
// metrics of the SlopCodeBench paper and of its reference tool scb-check.
//
// Analyze runs the whole pipeline (configuration, discovery, parsing,
// measurement) over a file or directory and returns a report.Report; the
// report package writes it as the reference JSON or as human text.
package scbcheck
