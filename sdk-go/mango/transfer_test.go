package mango

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
)

type progressLog struct {
	mu    sync.Mutex
	calls [][2]int64
}

func (p *progressLog) record(done, total int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.calls = append(p.calls, [2]int64{done, total})
}

// checkProgress asserts the calls start at zero, never go backwards and end at total.
func (p *progressLog) check(t *testing.T, total int64) {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.calls) < 2 || p.calls[0][0] != 0 || p.calls[len(p.calls)-1] != [2]int64{total, total} {
		t.Fatalf("progress %v, want 0 .. %d", p.calls, total)
	}
	for i := 1; i < len(p.calls); i++ {
		if p.calls[i][0] < p.calls[i-1][0] {
			t.Fatalf("progress went backwards: %v", p.calls)
		}
	}
}

func fileJSON(data []byte, sum string) string {
	if sum == "" {
		digest := sha256.Sum256(data)
		sum = hex.EncodeToString(digest[:])
	}
	meta, _ := json.Marshal(map[string]any{"type": "file", "id": "file_1", "filename": "f.bin",
		"mime_type": "application/octet-stream", "size_bytes": len(data), "sha256": sum,
		"created_at": "2026-01-01T00:00:00Z"})
	return string(meta)
}

func randomBytes(t *testing.T, n int) []byte {
	t.Helper()
	data := make([]byte, n)
	if _, err := rand.Read(data); err != nil {
		t.Fatal(err)
	}
	return data
}

func TestUploadFileStreamsMultipartWithProgress(t *testing.T) {
	data := randomBytes(t, 300_000)
	path := filepath.Join(t.TempDir(), "big.bin")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	var got []byte
	var filename, transferEncoding string
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		transferEncoding = strings.Join(r.TransferEncoding, ",")
		file, header, err := r.FormFile("file")
		if err != nil {
			t.Error(err)
			return
		}
		got, _ = io.ReadAll(file)
		filename = header.Filename
		_, _ = io.WriteString(w, fileJSON(data, ""))
	})
	var progress progressLog
	created, err := UploadFile(context.Background(), c, path, progress.record)
	if err != nil {
		t.Fatal(err)
	}
	if created.ID != "file_1" || !bytes.Equal(got, data) || filename != "big.bin" {
		t.Fatalf("upload: id %q, %d bytes, filename %q", created.ID, len(got), filename)
	}
	if transferEncoding != "chunked" {
		t.Fatalf("transfer encoding %q: the body should stream", transferEncoding)
	}
	progress.check(t, int64(len(data)))
}

func TestUploadFileRetriesFromTheStart(t *testing.T) {
	data := []byte("retry me")
	path := filepath.Join(t.TempDir(), "r.txt")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	var n counter
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		file, _, err := r.FormFile("file")
		if err != nil {
			t.Error(err)
			return
		}
		if got, _ := io.ReadAll(file); !bytes.Equal(got, data) {
			t.Errorf("attempt %d got %q", n.get()+1, got)
		}
		if n.next() == 1 {
			writeError(w, 429, "rate_limit_error", "req_1")
			return
		}
		_, _ = io.WriteString(w, fileJSON(data, ""))
	})
	if _, err := UploadFile(context.Background(), c, path, nil); err != nil {
		t.Fatal(err)
	}
	if n.get() != 2 {
		t.Fatalf("%d attempts", n.get())
	}
}

func downloadServer(t *testing.T, data []byte, meta string) *Client {
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/content") {
			w.Header().Set("Content-Type", "application/octet-stream")
			_, _ = w.Write(data)
			return
		}
		_, _ = io.WriteString(w, meta)
	})
	return c
}

func partFiles(t *testing.T, dir string) []string {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, ".*.part"))
	return matches
}

func TestDownloadFileVerifiesAndRenames(t *testing.T) {
	data := randomBytes(t, 200_000)
	dir := t.TempDir()
	var progress progressLog
	meta, err := DownloadFile(context.Background(), downloadServer(t, data, fileJSON(data, "")), "file_1",
		filepath.Join(dir, "out.bin"), progress.record)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "out.bin"))
	if meta.SizeBytes != len(data) || !bytes.Equal(got, data) {
		t.Fatalf("downloaded %d bytes", len(got))
	}
	progress.check(t, int64(len(data)))
	if left := partFiles(t, dir); len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

func TestDownloadFileRejectsMismatches(t *testing.T) {
	data := []byte("the data")
	for name, meta := range map[string]string{
		"sha256": fileJSON(data, strings.Repeat("ab", 32)),
		"size":   fileJSON([]byte("longer than the data"), ""),
		"extra":  fileJSON([]byte("short"), ""),
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			_, err := DownloadFile(context.Background(), downloadServer(t, data, meta), "file_1",
				filepath.Join(dir, "out.bin"), nil)
			if !errors.Is(err, ErrDownloadVerification) {
				t.Fatalf("error %v, want ErrDownloadVerification", err)
			}
			if _, err := os.Stat(filepath.Join(dir, "out.bin")); !os.IsNotExist(err) {
				t.Fatalf("destination exists: %v", err)
			}
			if left := partFiles(t, dir); len(left) != 0 {
				t.Fatalf("temporary files left: %v", left)
			}
		})
	}
}

func writeSkill(t *testing.T, root string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(root, "scripts"), 0o755); err != nil {
		t.Fatal(err)
	}
	_ = os.WriteFile(filepath.Join(root, "SKILL.md"), []byte("---\nname: pdf-tools\ndescription: d\n---\n"), 0o600)
	_ = os.WriteFile(filepath.Join(root, "scripts", "fill.py"), []byte("print('fill')\n"), 0o600)
}

func TestCreateSkillFromDirectoryZipsOneTopLevelFolder(t *testing.T) {
	root := filepath.Join(t.TempDir(), "pdf")
	writeSkill(t, root)
	var members []string
	var filename, title, path string
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		path = r.URL.Path
		file, header, err := r.FormFile("file")
		if err != nil {
			t.Error(err)
			return
		}
		filename, title = header.Filename, r.FormValue("display_title")
		archive, _ := io.ReadAll(file)
		zr, err := zip.NewReader(bytes.NewReader(archive), int64(len(archive)))
		if err != nil {
			t.Error(err)
			return
		}
		for _, f := range zr.File {
			members = append(members, f.Name)
		}
		_, _ = io.WriteString(w, `{"type":"skill","id":"skill_1","display_title":"PDF","latest_version":"1",`+
			`"created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}`)
	})
	skill, err := CreateSkillFromPath(context.Background(), c, root, "PDF", nil)
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(members)
	if skill.ID != "skill_1" || path != "/v1/skills" || filename != "pdf.zip" || title != "PDF" ||
		!slices.Equal(members, []string{"pdf/SKILL.md", "pdf/scripts/fill.py"}) {
		t.Fatalf("skill %q path %q filename %q title %q members %v", skill.ID, path, filename, title, members)
	}
	if _, err := CreateSkillVersionFromPath(context.Background(), c, "skill_1", filepath.Join(root, "scripts"), nil); err == nil ||
		!strings.Contains(err.Error(), "SKILL.md") {
		t.Fatalf("a folder without SKILL.md: %v", err)
	}
}

func TestZipRefusesLinks(t *testing.T) {
	root := filepath.Join(t.TempDir(), "pdf")
	writeSkill(t, root)
	if err := os.Symlink(filepath.Join(root, "SKILL.md"), filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	if _, err := zipSkillDirectory(root); err == nil || !strings.Contains(err.Error(), "link") {
		t.Fatalf("error %v", err)
	}
}

func TestSkillVersionUploadAndVerifiedDownload(t *testing.T) {
	archive := []byte("zip bytes")
	digest := sha256.Sum256(archive)
	version := `{"type":"skill_version","id":"skv_1","skill_id":"skill_1","version":"2","name":"n",` +
		`"description":"d","directory":"pdf","archive_size_bytes":9,"archive_sha256":"` + hex.EncodeToString(digest[:]) +
		`","expanded_size_bytes":1,"member_count":1,"created_at":"2026-01-01T00:00:00Z"}`
	var uploaded []byte
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == http.MethodPost:
			file, _, _ := r.FormFile("file")
			uploaded, _ = io.ReadAll(file)
			_, _ = io.WriteString(w, version)
		case strings.HasSuffix(r.URL.Path, "/content"):
			_, _ = w.Write(archive)
		default:
			_, _ = io.WriteString(w, version)
		}
	})
	dir := t.TempDir()
	zipPath := filepath.Join(dir, "given.zip")
	_ = os.WriteFile(zipPath, archive, 0o600)
	if _, err := CreateSkillVersionFromPath(context.Background(), c, "skill_1", zipPath, nil); err != nil ||
		!bytes.Equal(uploaded, archive) {
		t.Fatalf("upload: %v %q", err, uploaded)
	}
	var progress progressLog
	out := filepath.Join(dir, "v2.zip")
	if _, err := DownloadSkillVersion(context.Background(), c, "skill_1", "2", out, progress.record); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(out); !bytes.Equal(got, archive) {
		t.Fatalf("downloaded %q", got)
	}
	progress.check(t, int64(len(archive)))
}
