// Package report holds the Report model that an analysis produces and its
// writers: the reference JSON (byte-compatible with scb-check's --report),
// the human output, one line per finding (text) and SARIF.
//
// The human, text and SARIF writers read one list of findings
// (finding.Finding), made from the report: each clone instance, the rule
// findings and each function over a complexity threshold. The clone and
// complexity findings are the metric rules' (rules.MetricIDs); those an
// ignore directive hides are marked in the report (CloneBlock.Ignored,
// Callable.Ignored) and left out of the list and of HasFindings, while
// the metrics count them as ever. Each writer orders the list for its
// format and renders each kind of finding.
package report
