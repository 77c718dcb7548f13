package testkit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAstGrepPath(t *testing.T) {
	tests := []struct {
		name    string
		env     string
		install bool   // make .tools' ast-grep under the module root
		want    string // relative to the module root; "" for an error
		wantErr string
	}{
		{name: "the environment wins, taken as given", env: "ast-grep-on-path", install: true, want: "ast-grep-on-path"},
		{name: "else the install under the module root", install: true, want: filepath.Join(".tools", "ast-grep", "node_modules", ".bin", "ast-grep")},
		{name: "no install is an error saying how to get one", wantErr: "the tests need the pinned ast-grep: run scripts/setup (or set SCB_CHECK_AST_GREP)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := filepath.EvalSymlinks(t.TempDir())
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(root, "go.mod"), []byte("module m\n"), 0o644))
			if tt.install {
				bin := filepath.Join(root, ".tools", "ast-grep", "node_modules", ".bin")
				require.NoError(t, os.MkdirAll(bin, 0o755))
				require.NoError(t, os.WriteFile(filepath.Join(bin, "ast-grep"), nil, 0o755))
			}
			sub := filepath.Join(root, "a", "b")
			require.NoError(t, os.MkdirAll(sub, 0o755))
			t.Chdir(sub)
			t.Setenv("SCB_CHECK_AST_GREP", tt.env)

			got, err := AstGrepPath()
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			if filepath.IsAbs(got) {
				got, err = filepath.Rel(root, got)
				require.NoError(t, err)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}
