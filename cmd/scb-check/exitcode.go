package main

// Exit codes, the one place they are decided.
const (
	exitClean    = 0 // the check finished with no findings; help; version
	exitFindings = 1 // the check finished and found something
	exitError    = 2 // usage, input, configuration or analysis error
)

// checkExit maps a finished check to its exit code.
func checkExit(hasFindings, exitZero bool) int {
	if hasFindings && !exitZero {
		return exitFindings
	}
	return exitClean
}
