package trajectory

import (
	"slices"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/gitrepo"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/option"
)

// enabledLanguages are the languages whose files make a commit a source
// commit: --languages, else the configuration's languages key (the given
// configuration, or the one the repository directory has now).
func enabledLanguages(g GitOptions, opt Options) ([]*lang.Spec, error) {
	names := opt.Analysis.Languages
	if names == nil {
		cfg := opt.Analysis.Config
		if cfg == nil {
			var err error
			if cfg, err = config.Load(g.Repo, ""); err != nil {
				return nil, err
			}
		}
		names = cfg.Languages
	}
	specs, err := lang.Resolve(names)
	if err != nil {
		return nil, option.About(option.Languages, err)
	}
	return specs, nil
}

// touchesSource reports whether one of the files is of an enabled
// language.
func touchesSource(files []string, enabled []*lang.Spec) bool {
	for _, f := range files {
		if s := lang.ForPath(f); s != nil && slices.Contains(enabled, s) {
			return true
		}
	}
	return false
}

// sample keeps at most n commits evenly spread over the list, the first
// and the last included: the k-th kept is the one at k*(len-1)/(n-1),
// rounded to the nearest.
func sample(commits []gitrepo.Commit, n int) []gitrepo.Commit {
	if n <= 0 || len(commits) <= n {
		return commits
	}
	if n == 1 {
		return commits[len(commits)-1:]
	}
	out := make([]gitrepo.Commit, 0, n)
	m := len(commits) - 1
	for k := 0; k < n; k++ {
		out = append(out, commits[(2*k*m+(n-1))/(2*(n-1))])
	}
	return out
}
