package compat013

import "unicode/utf8"

// PyText returns src as Python's Path.read_text(encoding="utf-8",
// errors="replace") reads it, re-encoded as UTF-8: every maximal invalid
// subsequence becomes one U+FFFD (as CPython's decoder replaces them, where
// Go's own conversions replace byte by byte or run by run), and \r\n and a
// lone \r become \n (text mode's universal newlines). scb-check 0.1.3
// reads files this way and parses and tokenizes the result (0.1.3 §2, §3).
// It returns src itself when nothing changes.
func PyText(src []byte) []byte {
	clean := true
	for i := 0; i < len(src); {
		c := src[i]
		if c == '\r' {
			clean = false
			break
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size == 1 {
			clean = false
			break
		}
		i += size
	}
	if clean {
		return src
	}
	out := make([]byte, 0, len(src)+16)
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\r':
			out = append(out, '\n')
			i++
			if i < len(src) && src[i] == '\n' {
				i++
			}
			continue
		case c < utf8.RuneSelf:
			out = append(out, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if r != utf8.RuneError || size > 1 {
			out = append(out, src[i:i+size]...)
			i += size
			continue
		}
		out = utf8.AppendRune(out, utf8.RuneError)
		i += invalidSubpart(src[i:])
	}
	return out
}

// invalidSubpart is the length of the maximal subpart at the start of b,
// which does not start a valid UTF-8 sequence: its lead byte and the
// continuation bytes that could still have followed it.
func invalidSubpart(b []byte) int {
	lo, hi := byte(0x80), byte(0xbf)
	need := 0
	switch c := b[0]; {
	case c >= 0xc2 && c <= 0xdf:
		need = 1
	case c == 0xe0:
		need, lo = 2, 0xa0
	case c == 0xed:
		need, hi = 2, 0x9f
	case c >= 0xe1 && c <= 0xef:
		need = 2
	case c == 0xf0:
		need, lo = 3, 0x90
	case c == 0xf4:
		need, hi = 3, 0x8f
	case c >= 0xf1 && c <= 0xf3:
		need = 3
	default:
		return 1
	}
	n := 1
	for ; n <= need && n < len(b); n++ {
		if b[n] < lo || b[n] > hi {
			break
		}
		lo, hi = 0x80, 0xbf
	}
	return n
}
