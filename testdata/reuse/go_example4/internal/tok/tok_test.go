package tok_test

import (
	"testing"

	"example.com/app/internal/tok"
)

func TestMaxLen(t *testing.T) {
	if tok.MaxLen != 512 {
		t.Fatal(tok.MaxLen)
	}
}
