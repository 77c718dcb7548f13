package change

import (
	"bytes"
	"encoding/json"
	"math"

	"github.com/scbcheck/scbcheck/report"
)

// MetricDeltas is, for every number of the JSON report object
// (report.WriteJSON: the metrics, DIR and its counts, mcf, if50,
// catalog_rules, and each language's tree_count and node_count, keyed
// syntax_by_language.LANGUAGE.tree_count), the head's value minus the
// base's. A top-level number either side lacks or holds as null (DIR
// undefined, no catalog named) is left out; a member of an object both
// sides have that only one side holds (a language with parsed files on
// one side only) counts 0 on the other.
func MetricDeltas(base, head *report.Report) map[string]float64 {
	b, h := numbers(base), numbers(head)
	out := map[string]float64{}
	for k, hv := range h.values {
		bv, ok := b.values[k]
		if !ok && b.objects[h.parent[k]] {
			bv, ok = 0, true
		}
		if ok {
			out[k] = clean(hv - bv)
		}
	}
	for k, bv := range b.values {
		if _, ok := h.values[k]; !ok && h.objects[b.parent[k]] {
			out[k] = clean(0 - bv)
		}
	}
	return out
}

// clean turns -0 into 0.
func clean(v float64) float64 {
	if v == 0 {
		return 0
	}
	return v
}

// flat is a JSON object's numbers by dotted key, the top-level member
// holding each nested one, and the top-level members that are objects.
type flat struct {
	values  map[string]float64
	parent  map[string]string
	objects map[string]bool
}

// numbers is the flat of r's JSON report object. The writer's output is
// JSON it wrote itself: it always decodes.
func numbers(r *report.Report) flat {
	f := flat{values: map[string]float64{}, parent: map[string]string{}, objects: map[string]bool{}}
	var buf bytes.Buffer
	if err := report.WriteJSON(&buf, r); err != nil {
		return f
	}
	var top map[string]any
	if err := json.Unmarshal(buf.Bytes(), &top); err != nil {
		return f
	}
	f.walk("", "", top)
	return f
}

// walk adds the numbers of obj, a member of top-level member root (""
// for the top level itself) whose keys start with prefix.
func (f *flat) walk(root, prefix string, obj map[string]any) {
	for k, v := range obj {
		key := k
		if prefix != "" {
			key = prefix + "." + k
		}
		switch v := v.(type) {
		case float64:
			if !math.IsNaN(v) {
				f.values[key] = v
				if root != "" {
					f.parent[key] = root
				}
			}
		case map[string]any:
			r := root
			if r == "" {
				r = key
				f.objects[key] = true
			}
			f.walk(r, key, v)
		}
	}
}
