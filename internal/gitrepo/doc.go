// Package gitrepo is the git plumbing of the tool: the one place a git
// process is started, and the few commands read through it, each parsed
// from its NUL-separated output.
//
//   - The process runner (command.go) starts git with every GIT_ variable
//     of the caller dropped, its own environment (no replace refs, no
//     optional locks, no prompt, no transport, no lazy fetch), -c
//     overrides that switch off every program or file a configuration
//     could make git run or read, a timeout per process and git's own
//     message (dubious ownership included) as the error.
//   - Open resolves a repository (a work tree, a directory inside one, a
//     bare repository) and refuses one whose git directory lies outside it
//     unless told otherwise. Before git first runs there, it checks the
//     git directory git will use (gitdir.go): no link, alternate object
//     store or configuration include leading out of the tree (unless
//     told otherwise), no named pipe, socket or device.
//   - Commits lists a first-parent history with each commit's files
//     (git log); Resolve names the commit of one revision.
//   - Changes lists what differs between two commits (git diff-tree,
//     cached, or loaded for a whole history with one process).
//   - Resolve names the commit of a revision (an unborn HEAD said so);
//     MergeBase the merge base of a revision and HEAD (a shallow clone
//     lacking it said so, with what to fetch).
//   - Tree lists a commit's entries (git ls-tree), Index the entries
//     staged (git ls-files --stage, conflicts refused); ReadBlobs reads
//     objects' bytes raw, as committed, through one running git cat-file
//     --batch-command (each blob's size first, its bytes only within the
//     limit; a missing blob is data, never fetched): no filter, textconv
//     or attribute is ever applied. WriteTree, WriteIndex and
//     WriteEntries write such entries into a vfs.Mem (write.go): files,
//     links, submodules' empty directories, a blob not read held as a
//     file without its bytes, with the reason; given a selection, the
//     files it leaves out are lazy, their size and bytes asked of git only
//     when something wants them.
//
// It is internal: trajectory, which measures commits' trees written into
// memory, and the facade's Diff, which measures a commit, the merge base
// or the index so, are its users (and batch through trajectory). Only
// this package and the ast-grep runner start processes.
package gitrepo
