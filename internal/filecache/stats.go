package filecache

// Stats says what a run with a cache found in it.
type Stats struct {
	// FileHits and FileMisses count the files whose analysis was read
	// from the cache and those analysed (and then stored).
	FileHits, FileMisses int
	// ScanHits and ScanMisses count the files whose ast-grep findings
	// were read from the cache and those given to ast-grep.
	ScanHits, ScanMisses int
	// Errors counts entries that could not be written or read back;
	// FirstError is the first of them. They never change the report.
	Errors     int
	FirstError error
	// Damaged counts the entries found damaged (a checksum mismatch, a
	// record cut short or misplaced, bytes that do not decode): each is a
	// miss, recomputed and written again, so the report is the one made
	// without the cache. FirstDamage says which was first and how.
	Damaged     int
	FirstDamage error
}

// AddError counts err (when not nil) as an entry that could not be
// written or read; s may be nil.
func (s *Stats) AddError(err error) {
	if s != nil && err != nil {
		s.Add(Stats{Errors: 1, FirstError: err})
	}
}

// Add adds o's counts to s, keeping s's first error if it has one.
func (s *Stats) Add(o Stats) {
	s.FileHits += o.FileHits
	s.FileMisses += o.FileMisses
	s.ScanHits += o.ScanHits
	s.ScanMisses += o.ScanMisses
	s.Errors += o.Errors
	if s.FirstError == nil {
		s.FirstError = o.FirstError
	}
	s.Damaged += o.Damaged
	if s.FirstDamage == nil {
		s.FirstDamage = o.FirstDamage
	}
}
