package trajectory

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteChart(t *testing.T) {
	var a, b bytes.Buffer
	require.NoError(t, WriteChart(&a, sampleTrajectory()))
	require.NoError(t, WriteChart(&b, sampleTrajectory()))
	assert.Equal(t, a.String(), b.String(), "the chart is the same every time")

	// Well-formed XML with an svg root, and every text shown: title, axis
	// labels, tick labels and the legend.
	dec := xml.NewDecoder(bytes.NewReader(a.Bytes()))
	var texts []string
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch el := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = el.Name.Local
			}
		case xml.CharData:
			if s := strings.TrimSpace(string(el)); s != "" {
				texts = append(texts, s)
			}
		}
	}
	assert.Equal(t, "svg", root)
	for _, want := range []string{"scb-check trajectory (3 checkpoints)", "checkpoint index", "share (0 to 1)",
		"erosion", "verbosity", "cog_erosion", "dir", "0", "1", "2"} {
		assert.Contains(t, texts, want)
	}
}

func TestIndexTicks(t *testing.T) {
	labelled := func(n int) []string {
		var out []string
		for _, tk := range (indexTicks{n: n}).Ticks(-0.5, float64(n-1)+0.5) {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
		return out
	}
	assert.Equal(t, []string{"0", "1", "2"}, labelled(3))
	assert.Len(t, (indexTicks{n: 30}).Ticks(-0.5, 29.5), 30, "every checkpoint has a tick")
	assert.Equal(t, []string{"0", "2", "4", "6", "8", "10", "12", "14", "16", "18", "20", "22", "24", "26", "28"}, labelled(30),
		"a long history labels every second one")
}
