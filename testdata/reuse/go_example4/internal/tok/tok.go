package tok

type Tokenizer struct{ vocab map[string]int } // want status:"same_module_only"

func New(path string) (*Tokenizer, error) { // want status:"used"
	return &Tokenizer{vocab: map[string]int{normalize(path): 0}}, nil
}

// Encode is a method: a member, not a package-level symbol.
func (t *Tokenizer) Encode(s string) []int {
	return []int{t.vocab[s]}
}

const MaxLen = 512 // want status:"test_only"

var DefaultVocab = "vocab.txt" // want status:"used"

func normalize(s string) string {
	return s
}
