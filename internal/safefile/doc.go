// Package safefile writes the files the command is asked to write (a
// baseline, a chart, a batch's output) so that no reader, crash or full
// disk ever sees a partial file at the destination, and a symbolic link
// planted at the destination is replaced, never written through.
//
// Write builds the new content in a temporary file of the destination's
// directory (created with O_EXCL under a unique name, never through a
// link), syncs it, closes it and renames it over the destination: the old
// file (or none) stays until the new one is complete. OpenAppend opens an
// append-only log without following a link.
//
// A leaf helper: it imports nothing of this module and is used by cache,
// batch and cmd/scb-check, the only writers of files.
package safefile
