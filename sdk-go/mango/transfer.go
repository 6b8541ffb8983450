package mango

// Streaming transfers of Files and Skill archives with progress callbacks.
//
// Uploads open the file and hand it to the generated operation, whose multipart body the
// Transport writes through an io.Pipe: the bytes go from disk to the socket in small pieces and
// are never held whole in memory (a retried attempt seeks back to the start). A Skill directory
// is first zipped into a temporary file under one top-level folder named after the directory.
// Downloads read the metadata first, stream the body into a temporary file beside the
// destination while counting and hashing, and rename it into place only when the size and
// SHA-256 match; otherwise the temporary file is removed and ErrDownloadVerification returned.
// This file does not retry beyond what the Transport does.

import (
	"archive/zip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"mime"
	"os"
	"path/filepath"
	"strings"

	"github.com/mango-ai/mango-go/api"
)

// ProgressFunc receives the bytes transferred so far and the total (-1 when unknown). It is
// called once with zero before the first byte and after every chunk, possibly from another
// goroutine; uploads restart from zero on a retried attempt.
type ProgressFunc func(done, total int64)

// ErrDownloadVerification is returned (wrapped) when downloaded bytes differ from the size or
// SHA-256 in the API's metadata.
var ErrDownloadVerification = errors.New("mango: downloaded bytes do not match their metadata")

// UploadFile streams the file at path to files.upload; the part carries the file's base name and
// a media type guessed from its extension.
func UploadFile(ctx context.Context, client *Client, path string, onProgress ProgressFunc) (*api.File, error) {
	upload, closeFile, err := openUpload(path, filepath.Base(path), onProgress)
	if err != nil {
		return nil, err
	}
	defer closeFile()
	return client.Files.Upload(ctx, api.FilesUploadParams{File: upload})
}

// DownloadFile streams a File's bytes to path, verified against its size_bytes and sha256.
func DownloadFile(ctx context.Context, client *Client, fileID, path string, onProgress ProgressFunc) (*api.File, error) {
	meta, err := client.Files.Get(ctx, fileID)
	if err != nil {
		return nil, err
	}
	body, err := client.Files.Content(ctx, fileID)
	if err != nil {
		return nil, err
	}
	return meta, saveVerified(body, path, int64(meta.SizeBytes), meta.SHA256, onProgress)
}

// CreateSkillFromPath creates a Skill from a .zip archive or a directory holding SKILL.md (zipped
// on the fly); an empty displayTitle leaves the title to the server.
func CreateSkillFromPath(ctx context.Context, client *Client, path, displayTitle string, onProgress ProgressFunc) (*api.Skill, error) {
	var skill *api.Skill
	err := withSkillArchive(path, onProgress, func(upload api.Upload) error {
		params := api.SkillsCreateParams{File: upload}
		if displayTitle != "" {
			params.DisplayTitle = &displayTitle
		}
		var err error
		skill, err = client.Skills.Create(ctx, params)
		return err
	})
	return skill, err
}

// CreateSkillVersionFromPath adds a version to skillID from a .zip archive or a Skill directory.
func CreateSkillVersionFromPath(ctx context.Context, client *Client, skillID, path string, onProgress ProgressFunc) (*api.SkillVersion, error) {
	var version *api.SkillVersion
	err := withSkillArchive(path, onProgress, func(upload api.Upload) error {
		var err error
		version, err = client.Skills.Versions.Create(ctx, skillID, api.SkillsVersionsCreateParams{File: upload})
		return err
	})
	return version, err
}

// DownloadSkillVersion streams a version's archive to path, verified against archive_size_bytes
// and archive_sha256.
func DownloadSkillVersion(ctx context.Context, client *Client, skillID, version, path string, onProgress ProgressFunc) (*api.SkillVersion, error) {
	meta, err := client.Skills.Versions.Get(ctx, skillID, version)
	if err != nil {
		return nil, err
	}
	body, err := client.Skills.Versions.Content(ctx, skillID, meta.Version)
	if err != nil {
		return nil, err
	}
	return meta, saveVerified(body, path, int64(meta.ArchiveSizeBytes), meta.ArchiveSHA256, onProgress)
}

// progressReader counts bytes read from a seekable file; seeking to the start resets the count.
type progressReader struct {
	file       *os.File
	done       int64
	total      int64
	onProgress ProgressFunc
	started    bool
}

func (r *progressReader) Read(p []byte) (int, error) {
	if !r.started {
		r.started = true
		r.report()
	}
	n, err := r.file.Read(p)
	if n > 0 {
		r.done += int64(n)
		r.report()
	}
	return n, err
}

func (r *progressReader) Seek(offset int64, whence int) (int64, error) {
	pos, err := r.file.Seek(offset, whence)
	r.done, r.started = pos, false
	return pos, err
}

func (r *progressReader) report() {
	if r.onProgress != nil {
		r.onProgress(r.done, r.total)
	}
}

func openUpload(path, filename string, onProgress ProgressFunc) (api.Upload, func(), error) {
	f, err := os.Open(path)
	if err != nil {
		return api.Upload{}, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return api.Upload{}, nil, err
	}
	contentType := mime.TypeByExtension(filepath.Ext(filename))
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	reader := &progressReader{file: f, total: info.Size(), onProgress: onProgress}
	upload := api.Upload{Reader: reader, Filename: filename, ContentType: contentType}
	return upload, func() { _ = f.Close() }, nil
}

func withSkillArchive(path string, onProgress ProgressFunc, send func(api.Upload) error) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	archive, filename := path, filepath.Base(path)
	if info.IsDir() {
		if archive, err = zipSkillDirectory(path); err != nil {
			return err
		}
		defer os.Remove(archive)
		filename += ".zip"
	}
	upload, closeFile, err := openUpload(archive, filename, onProgress)
	if err != nil {
		return err
	}
	defer closeFile()
	upload.ContentType = "application/zip"
	return send(upload)
}

// zipSkillDirectory writes dir into a temporary zip whose members sit under dir's base name;
// links and special files are refused, as the API would refuse them.
func zipSkillDirectory(dir string) (name string, err error) {
	root, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if info, err := os.Stat(filepath.Join(root, "SKILL.md")); err != nil || !info.Mode().IsRegular() {
		return "", fmt.Errorf("mango: %s has no SKILL.md", dir)
	}
	out, err := os.CreateTemp("", "mango-skill-*.zip")
	if err != nil {
		return "", err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			_ = os.Remove(out.Name())
		}
	}()
	zw := zip.NewWriter(out)
	top := filepath.Base(root)
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, walkErr error) error {
		if walkErr != nil || d.IsDir() {
			return walkErr
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("mango: %s is a link or special file; skill archives hold regular files only", p)
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		return addZipMember(zw, p, top+"/"+filepath.ToSlash(rel))
	})
	if err == nil {
		err = zw.Close()
	}
	return out.Name(), err
}

func addZipMember(zw *zip.Writer, path, name string) error {
	src, err := os.Open(path)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate})
	if err != nil {
		return err
	}
	_, err = io.Copy(dst, src)
	return err
}

// verifyingWriter hashes and counts what it passes on, failing once more than want arrives.
type verifyingWriter struct {
	out        io.Writer
	hash       hash.Hash
	done, want int64
	onProgress ProgressFunc
}

func (w *verifyingWriter) Write(p []byte) (int, error) {
	if w.done+int64(len(p)) > w.want {
		return 0, fmt.Errorf("%w: more than the expected %d bytes", ErrDownloadVerification, w.want)
	}
	n, err := w.out.Write(p)
	w.hash.Write(p[:n])
	w.done += int64(n)
	if w.onProgress != nil {
		w.onProgress(w.done, w.want)
	}
	return n, err
}

// saveVerified copies body into a temporary file next to path and renames it into place once
// size and SHA-256 match; on any failure the temporary file is removed.
func saveVerified(body io.ReadCloser, path string, size int64, sum string, onProgress ProgressFunc) (err error) {
	defer body.Close()
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.part")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	w := &verifyingWriter{out: tmp, hash: sha256.New(), want: size, onProgress: onProgress}
	if onProgress != nil {
		onProgress(0, size)
	}
	if _, err = io.Copy(w, body); err != nil {
		return err
	}
	if w.done != size {
		return fmt.Errorf("%w: received %d bytes, expected %d", ErrDownloadVerification, w.done, size)
	}
	if got := hex.EncodeToString(w.hash.Sum(nil)); sum != "" && got != strings.ToLower(sum) {
		return fmt.Errorf("%w: sha256 %s, expected %s", ErrDownloadVerification, got, sum)
	}
	if err = tmp.Chmod(0o644); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
