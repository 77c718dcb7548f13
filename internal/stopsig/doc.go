// Package stopsig tells a child process stopped by the signal that is
// stopping the whole job from one that failed. A terminal or a scheduler
// (Slurm's scancel or requeue, a container runtime) signals every process
// of a job at once: ast-grep or git may end of it just before the same
// signal has cancelled our run, and that is the run being stopped, to be
// reported and resumed as such, never a failure of the child or of the
// snapshot it was reading.
package stopsig
