// Package trajectory measures a sequence of checkpoints (directories, or
// the commits of a git history) with the same analysis as `scb-check
// check`, and summarises how the metrics move from one checkpoint to the
// next: per-point deltas, first/last/mean, least-squares slopes and the
// callables whose complexity grew most.
//
// It sits above the facade: it runs scbcheck.Analyze on each checkpoint
// (a git commit read into a vfs.Mem snapshot, never written out) and is
// used by batch and cmd/scb-check. The git plumbing (processes, log,
// diff-tree, ls-tree, cat-file) is internal/gitrepo's; this package
// schedules the points (schedule.go), keeps the commit's tree in memory
// (tree.go), selects and samples commits (selection.go) and prescans
// later commits' files (prescan.go).
package trajectory
