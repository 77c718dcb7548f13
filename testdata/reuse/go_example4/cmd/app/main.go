package main

import "example.com/app/internal/tok"

func main() {
	t, _ := tok.New(tok.DefaultVocab)
	t.Encode("x")
}
