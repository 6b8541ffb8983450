package mango

// Image and PDF content blocks from local files, for a user.message or a user.custom_tool_result.
//
// ImageBlockFromFile and PDFBlockFromFile read a file and return the content block with its bytes
// inline as base64. The media type comes from the file's bytes (their signature), never from its
// name, so the block passes the server's content check; a file that is not a PNG, JPEG, GIF or
// WebP image (or not a PDF) is refused here rather than with a 400 later. A file larger than the
// server's default limit (5 MiB per image, 32 MiB per PDF) is refused before it is read. This file
// does not upload Files: name an uploaded File with an api.FileDocumentSource instead.

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"os"

	"github.com/mango-ai/mango-go/api"
)

const (
	imageMaxBytes = 5 * 1024 * 1024
	pdfMaxBytes   = 32 * 1024 * 1024
)

// sniffMediaType names the media type of the bytes' signature: one of the four image types,
// application/pdf, or "" for anything else.
func sniffMediaType(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return "image/png"
	case bytes.HasPrefix(data, []byte{0xff, 0xd8, 0xff}):
		return "image/jpeg"
	case bytes.HasPrefix(data, []byte("GIF87a")), bytes.HasPrefix(data, []byte("GIF89a")):
		return "image/gif"
	case len(data) >= 12 && bytes.HasPrefix(data, []byte("RIFF")) && string(data[8:12]) == "WEBP":
		return "image/webp"
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return "application/pdf"
	}
	return ""
}

func readBounded(path string, maxBytes int64) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.Size() > maxBytes {
		return nil, fmt.Errorf("mango: %s: %d bytes is more than %d", path, info.Size(), maxBytes)
	}
	return os.ReadFile(path)
}

// ImageBlockFromFile returns an image block with the file's bytes inline. It fails unless the
// bytes are a PNG, JPEG, GIF or WebP image of at most 5 MiB.
func ImageBlockFromFile(path string) (api.UserContentBlock, error) {
	data, err := readBounded(path, imageMaxBytes)
	if err != nil {
		return api.UserContentBlock{}, err
	}
	mediaType := sniffMediaType(data)
	if mediaType == "" || mediaType == "application/pdf" {
		return api.UserContentBlock{}, fmt.Errorf("mango: %s: not a PNG, JPEG, GIF or WebP image (judged by its bytes)", path)
	}
	source := api.NewImageSourceFromBase64ImageSource(api.Base64ImageSource{
		MediaType: api.Base64ImageSourceMediaType(mediaType),
		Data:      base64.StdEncoding.EncodeToString(data),
	})
	return api.NewUserContentBlockFromImageBlock(api.ImageBlock{Source: source}), nil
}

// PDFBlockFromFile returns a PDF document block with the file's bytes inline and the title shown
// to the model ("" for none). It fails unless the bytes begin with %PDF- and hold at most 32 MiB.
func PDFBlockFromFile(path, title string) (api.UserContentBlock, error) {
	data, err := readBounded(path, pdfMaxBytes)
	if err != nil {
		return api.UserContentBlock{}, err
	}
	if sniffMediaType(data) != "application/pdf" {
		return api.UserContentBlock{}, fmt.Errorf("mango: %s: not a PDF (its bytes do not begin with %%PDF-)", path)
	}
	source := api.NewDocumentSourceFromBase64DocumentSource(api.Base64DocumentSource{
		MediaType: api.Base64DocumentSourceMediaTypeApplicationPdf,
		Data:      base64.StdEncoding.EncodeToString(data),
	})
	block := api.DocumentBlock{Source: source}
	if title != "" {
		block.Title = api.Some(title)
	}
	return api.NewUserContentBlockFromDocumentBlock(block), nil
}
