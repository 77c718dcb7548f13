package scbcheck

// The presets below set the fields of Options that decide whose numbers a
// run gives; the zero Options is neither. Zero Options measure as
// `scb-check check` does by default: profile 0.2.0, ignore files
// honoured, the warning and error rules run, suppressions and thresholds
// applied. A harness comparing with published numbers says which it
// means.

// AsSlopCodeBench is opt set to measure as SlopCodeBench does: with
// scb-check 0.1.3 (Compat "0.1.3"), the release the benchmark pins, in
// its scoring mode --include-all (IncludeAll). Its other fields are
// kept.
func AsSlopCodeBench(opt Options) Options {
	opt.Compat, opt.IncludeAll = "0.1.3", true
	return opt
}

// AsScbCheck020 is opt set to measure as `scb-check check --report
// --include-all` of scb-check 0.2.0 does: profile 0.2.0 (Compat
// "0.2.0", whatever the configuration's compat key says) with
// IncludeAll. Its other fields are kept.
func AsScbCheck020(opt Options) Options {
	opt.Compat, opt.IncludeAll = DefaultCompat, true
	return opt
}
