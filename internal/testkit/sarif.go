package testkit

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"
)

// sarifSchemaFile is the official SARIF 2.1.0 schema, relative to the
// module root (see the README beside it).
const sarifSchemaFile = "report/testdata/sarif/sarif-schema-2.1.0.json"

var (
	sarifOnce   sync.Once
	sarifSchema *jsonschema.Schema
	sarifErr    error
)

// ValidateSARIF fails the test unless data is a SARIF 2.1.0 log valid
// against the official JSON schema, formats (uri, uri-reference, ...)
// asserted too.
func ValidateSARIF(t testing.TB, data []byte) {
	t.Helper()
	require.NoError(t, CheckSARIF(data), "SARIF output does not validate against the SARIF 2.1.0 schema")
}

// CheckSARIF validates data against the official SARIF 2.1.0 JSON schema.
func CheckSARIF(data []byte) error {
	sarifOnce.Do(func() {
		_, here, _, _ := runtime.Caller(0)
		path := filepath.Join(filepath.Dir(here), "..", "..", filepath.FromSlash(sarifSchemaFile))
		f, err := os.Open(path)
		if err != nil {
			sarifErr = err
			return
		}
		defer f.Close()
		doc, err := jsonschema.UnmarshalJSON(f)
		if err != nil {
			sarifErr = err
			return
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		if sarifErr = c.AddResource("sarif-schema-2.1.0.json", doc); sarifErr != nil {
			return
		}
		sarifSchema, sarifErr = c.Compile("sarif-schema-2.1.0.json")
	})
	if sarifErr != nil {
		return fmt.Errorf("loading the SARIF schema: %w", sarifErr)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	return sarifSchema.Validate(inst)
}
