// Package report holds the Report model that an analysis produces and its
// writers: the reference JSON (byte-compatible with scb-check's --report)
// and the human text output.
package report
