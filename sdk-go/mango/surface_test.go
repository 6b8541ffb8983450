package mango

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strings"
	"testing"
)

// publicSurface pins the exported names of package mango; change it deliberately.
var publicSurface = []string{
	"APIError", "AuthenticationError", "BadRequestError", "Client", "Collect", "ConflictError",
	"ConnectionError", "CreateSkillFromPath", "CreateSkillVersionFromPath", "DefaultBaseURL",
	"DefaultRetryPolicy", "DownloadFile", "DownloadSkillVersion", "ErrAuthentication", "ErrBadRequest",
	"ErrConflict", "ErrConnection", "ErrDownloadVerification", "ErrInternalServer", "ErrMethodNotAllowed", "ErrNotFound", "ErrNotImplemented",
	"ErrPermissionDenied", "ErrPreconditionFailed", "ErrRateLimit", "ErrRequestTooLarge",
	"ErrServiceUnavailable", "ErrTimeout", "ImageBlockFromFile", "InternalServerError", "MethodNotAllowedError", "NewClient", "NewIdempotencyKey", "NotFoundError",
	"NotImplementedError", "Option", "PDFBlockFromFile", "PermissionDeniedError", "PreconditionFailedError", "ProgressFunc",
	"RateLimitError", "RequestTooLargeError", "RetryPolicy", "ServiceUnavailableError",
	"TimeoutError", "Transport", "UploadFile", "WithAPIKey", "WithBaseURL", "WithHTTPClient", "WithHeader",
	"WithMaxRetries", "WithRetryBackoff", "WithStreamReconnects",
}

func TestPublicSurface(t *testing.T) {
	fset := token.NewFileSet()
	var names []string
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, entry := range entries {
		if !strings.HasSuffix(entry.Name(), ".go") || strings.HasSuffix(entry.Name(), "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, entry.Name(), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range file.Decls {
			names = append(names, exported(decl)...)
		}
	}
	slices.Sort(names)
	want := slices.Clone(publicSurface)
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Fatalf("public surface changed:\n got %v\nwant %v", names, want)
	}
}

func exported(decl ast.Decl) []string {
	var names []string
	switch d := decl.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil && d.Name.IsExported() {
			names = append(names, d.Name.Name)
		}
	case *ast.GenDecl:
		for _, spec := range d.Specs {
			switch s := spec.(type) {
			case *ast.TypeSpec:
				if s.Name.IsExported() {
					names = append(names, s.Name.Name)
				}
			case *ast.ValueSpec:
				for _, n := range s.Names {
					if n.IsExported() {
						names = append(names, n.Name)
					}
				}
			}
		}
	}
	return names
}
