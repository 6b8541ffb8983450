package mango

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var (
	testPNG  = append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 16)...)
	testWEBP = append([]byte("RIFF\x10\x00\x00\x00WEBPVP8 "), make([]byte, 8)...)
	testPDF  = []byte("%PDF-1.7\n%%EOF\n")
)

func writeTemp(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func encoded(t *testing.T, v any) string {
	t.Helper()
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestImageBlockFromFileTypesByBytesNotName(t *testing.T) {
	block, err := ImageBlockFromFile(writeTemp(t, "photo.jpg", testPNG))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"image","source":{"type":"base64","media_type":"image/png","data":"` +
		base64.StdEncoding.EncodeToString(testPNG) + `"}}`
	if got := encoded(t, block); got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	webp, err := ImageBlockFromFile(writeTemp(t, "x.bin", testWEBP))
	if err != nil || !strings.Contains(encoded(t, webp), `"media_type":"image/webp"`) {
		t.Fatalf("webp: %v %s", err, encoded(t, webp))
	}
}

func TestImageBlockFromFileRefusesOtherBytes(t *testing.T) {
	for name, data := range map[string][]byte{"notes.png": []byte("hello"), "doc.png": testPDF} {
		if _, err := ImageBlockFromFile(writeTemp(t, name, data)); err == nil || !strings.Contains(err.Error(), "not a PNG") {
			t.Fatalf("%s: got %v", name, err)
		}
	}
	if _, err := ImageBlockFromFile(filepath.Join(t.TempDir(), "missing.png")); err == nil {
		t.Fatal("a missing file must fail")
	}
}

func TestPDFBlockFromFile(t *testing.T) {
	block, err := PDFBlockFromFile(writeTemp(t, "report", testPDF), "Q3")
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"document","source":{"type":"base64","media_type":"application/pdf","data":"` +
		base64.StdEncoding.EncodeToString(testPDF) + `"},"title":"Q3"}`
	if got := encoded(t, block); got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	untitled, err := PDFBlockFromFile(writeTemp(t, "report", testPDF), "")
	if err != nil || strings.Contains(encoded(t, untitled), "title") {
		t.Fatalf("untitled: %v %s", err, encoded(t, untitled))
	}
	if _, err := PDFBlockFromFile(writeTemp(t, "image.pdf", testPNG), ""); err == nil || !strings.Contains(err.Error(), "not a PDF") {
		t.Fatalf("got %v", err)
	}
}
