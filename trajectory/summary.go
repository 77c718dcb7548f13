package trajectory

import (
	"sort"

	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/report"
)

// value returns the metric of key at a point; false when the point has
// no value for it (no numbers at all, or DIR undefined).
func value(m report.Metrics, key string) (float64, bool) {
	v, ok := m[key]
	return v, ok
}

// Trend is how one metric moved over the points that have a value for it.
type Trend struct {
	Metric string
	// Points is the number of points with a value; the other fields are
	// nil without any.
	Points int
	// First and Last are the values at the first and last such point;
	// Mean is their mean.
	First, Last, Mean *float64
	// Slope is the least-squares slope of the value against the checkpoint
	// index (change per checkpoint); nil with fewer than two points.
	Slope *float64
	// Rose is true when Last is above First.
	Rose bool
}

// Growth is a callable whose complexity grew between the first and the
// last point it appears in, matched across points as the change engine
// matches functions (change.Match: by file path and qualified name, the
// k-th of a name with the k-th, then a callable renamed or moved without
// other change by its body).
type Growth struct {
	// Path is relative to the checkpoint root, with slashes, and
	// QualifiedName the callable's name, both at its last appearance.
	Path          string
	QualifiedName string
	// Occurrence is 1 for the first callable of that name in the file, 2
	// for the second, and so on, at its last appearance.
	Occurrence int
	// FirstIndex and LastIndex are the indexes of the first and last
	// points holding the callable; Line is its start line in the last.
	FirstIndex, LastIndex int
	Line                  int
	FirstCC, LastCC       int
	FirstCog, LastCog     int
}

// CCGrowth is the growth of cyclomatic complexity.
func (g Growth) CCGrowth() int { return g.LastCC - g.FirstCC }

// CogGrowth is the growth of cognitive complexity.
func (g Growth) CogGrowth() int { return g.LastCog - g.FirstCog }

// Summary sums up a trajectory.
type Summary struct {
	// Checkpoints is the number of points; Measured those with numbers.
	Checkpoints, Measured int
	// Trends are one per trended metric (metric.Trended), in its order.
	Trends []Trend
	// Grown are the callables whose complexity grew most: by cyclomatic
	// growth, then cognitive growth, then path and name.
	Grown []Growth
}

func summarize(points []Point, top int) Summary {
	if top <= 0 {
		top = DefaultTopCallables
	}
	s := Summary{Checkpoints: len(points)}
	for _, p := range points {
		if p.Metrics != nil {
			s.Measured++
		}
	}
	for _, m := range metric.Trended() {
		var xs, ys []float64
		for _, p := range points {
			if v, ok := value(p.Metrics, m.Key); ok {
				xs = append(xs, float64(p.Index))
				ys = append(ys, v)
			}
		}
		s.Trends = append(s.Trends, trend(m.Key, xs, ys))
	}
	s.Grown = grown(points, top)
	return s
}

func trend(name string, xs, ys []float64) Trend {
	t := Trend{Metric: name, Points: len(ys)}
	if len(ys) == 0 {
		return t
	}
	first, last := ys[0], ys[len(ys)-1]
	sum := 0.0
	for _, y := range ys {
		sum += y
	}
	mean := sum / float64(len(ys))
	t.First, t.Last, t.Mean = &first, &last, &mean
	t.Rose = last > first
	if slope, ok := Slope(xs, ys); ok {
		t.Slope = &slope
	}
	return t
}

// Slope is the least-squares slope of ys against xs; false when there are
// fewer than two points or every x is the same.
func Slope(xs, ys []float64) (float64, bool) {
	n := len(xs)
	if n < 2 || len(ys) != n {
		return 0, false
	}
	var mx, my float64
	for i := range xs {
		mx += xs[i]
		my += ys[i]
	}
	mx /= float64(n)
	my /= float64(n)
	var sxy, sxx float64
	for i := range xs {
		dx := xs[i] - mx
		sxy += dx * (ys[i] - my)
		sxx += dx * dx
	}
	if sxx == 0 {
		return 0, false
	}
	return sxy / sxx, true
}

// chain is one callable followed across points: its growth so far and
// its numbers where last seen.
type chain struct {
	g    Growth
	last change.Func
}

// grown follows callables across the points, each point's callables
// matched (change.Match, the matching of the change engine: by file and
// qualified name, then by body) against the last appearance of every
// callable seen at an earlier point, so that one missing from a point
// (its file failed to parse there) is found again later. It returns the
// top ones whose cyclomatic or cognitive complexity is higher at their
// last appearance than at their first.
func grown(points []Point, top int) []Growth {
	var chains []*chain
	for _, p := range points {
		if len(p.callables) == 0 {
			continue
		}
		// The earlier callables in file and line order, as Match counts
		// repeated names in its base's order.
		sort.SliceStable(chains, func(a, b int) bool {
			if chains[a].last.Path != chains[b].last.Path {
				return chains[a].last.Path < chains[b].last.Path
			}
			return chains[a].last.Line < chains[b].last.Line
		})
		base := make([]change.Func, len(chains))
		for k, c := range chains {
			base[k] = c.last
		}
		match := change.Match(base, p.callables, nil)
		occurrence := map[[2]string]int{}
		for i, fn := range p.callables {
			name := [2]string{fn.Path, fn.Name}
			occurrence[name]++
			var c *chain
			if j := match[i]; j >= 0 {
				c = chains[j]
			} else {
				c = &chain{g: Growth{FirstIndex: p.Index, FirstCC: fn.CC, FirstCog: fn.Cog}}
				chains = append(chains, c)
			}
			c.last = fn
			c.g.Path, c.g.QualifiedName, c.g.Occurrence = fn.Path, fn.Name, occurrence[name]
			c.g.LastIndex, c.g.Line, c.g.LastCC, c.g.LastCog = p.Index, fn.Line, fn.CC, fn.Cog
		}
	}
	var out []Growth
	for _, c := range chains {
		if c.g.CCGrowth() > 0 || c.g.CogGrowth() > 0 {
			out = append(out, c.g)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.CCGrowth() != b.CCGrowth() {
			return a.CCGrowth() > b.CCGrowth()
		}
		if a.CogGrowth() != b.CogGrowth() {
			return a.CogGrowth() > b.CogGrowth()
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.QualifiedName != b.QualifiedName {
			return a.QualifiedName < b.QualifiedName
		}
		return a.Occurrence < b.Occurrence
	})
	if len(out) > top {
		out = out[:top]
	}
	return out
}

// Delta is how much the metric of key moved at point i since the closest
// earlier point that has a value for it; false when point i has none or
// no earlier point has one.
func (t *Trajectory) Delta(i int, key string) (float64, bool) {
	v, ok := value(t.Points[i].Metrics, key)
	if !ok {
		return 0, false
	}
	for j := i - 1; j >= 0; j-- {
		if prev, ok := value(t.Points[j].Metrics, key); ok {
			return v - prev, true
		}
	}
	return 0, false
}
