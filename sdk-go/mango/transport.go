package mango

// The net/http Transport behind every generated service: URL and query encoding, headers and
// authentication, JSON, multipart and raw bodies, the retry loop and error mapping. Paging lives
// in pagination.go and server-sent events in stream.go; wire types are generated in package api.

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/textproto"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/mango-ai/mango-go/api"
)

// maxErrorBody bounds how much of an error answer is kept in APIError.Body.
const maxErrorBody = 1 << 20

// Transport implements api.Transport over net/http.
type Transport struct {
	baseURL    string
	apiKey     string
	http       *http.Client
	header     http.Header
	retry      RetryPolicy
	reconnects int
	sleep      func(context.Context, time.Duration) error
}

var _ api.Transport = (*Transport)(nil)

// Do sends req, retrying where the retry rules allow, and returns a 2xx response.
func (t *Transport) Do(ctx context.Context, req *api.Request) (*http.Response, error) {
	return t.send(ctx, req, "application/json")
}

func (t *Transport) send(ctx context.Context, req *api.Request, accept string) (*http.Response, error) {
	body, err := newBody(req)
	if err != nil {
		return nil, err
	}
	key := t.idempotencyKey(req)
	keyed := key != "" || req.Header.Get(idempotencyHeader) != "" || t.header.Get(idempotencyHeader) != ""
	for attempt := 0; ; attempt++ {
		httpReq, err := t.build(ctx, req, body, accept)
		if err != nil {
			return nil, err
		}
		if key != "" {
			httpReq.Header.Set(idempotencyHeader, key)
		}
		resp, err := t.http.Do(httpReq)
		if err != nil {
			cerr := connectionError(ctx, err)
			if ctx.Err() != nil || !body.replayable() || !t.retry.retryConnection(req.Method, attempt, keyed) {
				return nil, cerr
			}
			if err := t.sleep(ctx, t.retry.delay(attempt, nil)); err != nil {
				return nil, cerr
			}
			continue
		}
		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			return resp, nil
		}
		data, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		_ = resp.Body.Close()
		apiErr := newAPIError(resp.StatusCode, resp.Header, data)
		if !body.replayable() || !t.retry.retryStatus(req.Method, resp.StatusCode, attempt, keyed) {
			return nil, apiErr
		}
		if err := t.sleep(ctx, t.retry.delay(attempt, resp.Header)); err != nil {
			return nil, apiErr
		}
	}
}

func (t *Transport) build(ctx context.Context, req *api.Request, body *requestBody, accept string) (*http.Request, error) {
	target := t.baseURL + req.Path
	if q := encodeQuery(req.Query); q != "" {
		target += "?" + q
	}
	reader, contentType, err := body.open()
	if err != nil {
		return nil, err
	}
	httpReq, err := http.NewRequestWithContext(ctx, req.Method, target, reader)
	if err != nil {
		return nil, fmt.Errorf("mango: building the %s request: %w", req.OperationID, err)
	}
	for name, values := range t.header {
		httpReq.Header[name] = append([]string(nil), values...)
	}
	httpReq.Header.Set("Accept", accept)
	httpReq.Header.Set("User-Agent", "mango-go")
	if contentType != "" {
		httpReq.Header.Set("Content-Type", contentType)
	}
	if len(req.Security) > 0 && t.apiKey != "" {
		httpReq.Header.Set("Authorization", "Bearer "+t.apiKey)
	}
	for name, values := range req.Header {
		httpReq.Header[name] = append([]string(nil), values...)
	}
	return httpReq, nil
}

const idempotencyHeader = "Idempotency-Key"

// idempotencyKey is a fresh key for a mutation that has none (one per call, reused by its retries), else "".
func (t *Transport) idempotencyKey(req *api.Request) string {
	if safeMethod(req.Method) || req.Header.Get(idempotencyHeader) != "" || t.header.Get(idempotencyHeader) != "" {
		return ""
	}
	return NewIdempotencyKey()
}

// NewIdempotencyKey returns a fresh random Idempotency-Key.
func NewIdempotencyKey() string {
	var raw [16]byte
	_, _ = rand.Read(raw[:]) // crypto/rand.Read never fails on supported platforms
	return "mango-go-" + hex.EncodeToString(raw[:])
}

// connectionError classifies a transport failure as a TimeoutError or a ConnectionError.
func connectionError(ctx context.Context, err error) error {
	var netErr net.Error
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded) ||
		(errors.As(err, &netErr) && netErr.Timeout()) {
		return &TimeoutError{ConnectionError{Err: err}}
	}
	return &ConnectionError{Err: err}
}

// requestBody produces a fresh body per attempt; bodies that cannot be rewound are sent once.
type requestBody struct {
	json    []byte
	form    []api.FormField
	content io.Reader
	once    bool
	used    bool
}

func newBody(req *api.Request) (*requestBody, error) {
	body := &requestBody{form: req.Form, content: req.Content}
	switch {
	case req.Body != nil:
		data, err := json.Marshal(req.Body)
		if err != nil {
			return nil, fmt.Errorf("mango: encoding the %s body: %w", req.OperationID, err)
		}
		body.json = data
	case req.Form != nil:
		for _, f := range req.Form {
			if f.File != nil && !isSeeker(f.File.Reader) {
				body.once = true
			}
		}
	case req.Content != nil:
		body.once = !isSeeker(req.Content)
	}
	return body, nil
}

func isSeeker(r io.Reader) bool {
	_, ok := r.(io.Seeker)
	return ok
}

func (b *requestBody) replayable() bool { return !b.once }

func (b *requestBody) open() (io.Reader, string, error) {
	if b.once && b.used {
		return nil, "", errors.New("mango: the request body cannot be sent twice")
	}
	wasUsed := b.used
	b.used = true
	switch {
	case b.json != nil:
		return bytes.NewReader(b.json), "application/json", nil
	case b.form != nil:
		if wasUsed {
			if err := rewind(b.form); err != nil {
				return nil, "", err
			}
		}
		reader, contentType := multipartBody(b.form)
		return reader, contentType, nil
	case b.content != nil:
		if wasUsed {
			if _, err := b.content.(io.Seeker).Seek(0, io.SeekStart); err != nil {
				return nil, "", fmt.Errorf("mango: rewinding the request body: %w", err)
			}
		}
		return b.content, "application/octet-stream", nil
	}
	return nil, "", nil
}

func rewind(fields []api.FormField) error {
	for _, f := range fields {
		if f.File == nil {
			continue
		}
		if _, err := f.File.Reader.(io.Seeker).Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("mango: rewinding upload %s: %w", f.Name, err)
		}
	}
	return nil
}

// multipartBody streams the form through a pipe, so uploads are never held in memory.
func multipartBody(fields []api.FormField) (io.Reader, string) {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		err := writeForm(mw, fields)
		if err == nil {
			err = mw.Close()
		}
		_ = pw.CloseWithError(err)
	}()
	return pr, mw.FormDataContentType()
}

var quoteEscaper = strings.NewReplacer("\\", "\\\\", `"`, "\\\"")

func writeForm(mw *multipart.Writer, fields []api.FormField) error {
	for _, f := range fields {
		if f.File == nil {
			for _, v := range formatValues(f.Value) {
				if err := mw.WriteField(f.Name, v); err != nil {
					return err
				}
			}
			continue
		}
		filename := f.File.Filename
		if filename == "" {
			filename = f.Name
		}
		contentType := f.File.ContentType
		if contentType == "" {
			contentType = "application/octet-stream"
		}
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"; filename="%s"`,
			quoteEscaper.Replace(f.Name), quoteEscaper.Replace(filename)))
		h.Set("Content-Type", contentType)
		part, err := mw.CreatePart(h)
		if err != nil {
			return err
		}
		if _, err := io.Copy(part, f.File.Reader); err != nil {
			return err
		}
	}
	return nil
}

// encodeQuery renders parameters in order; slices repeat the key, nil values are left out and
// brackets in keys (tags[], created_at[gte]) stay literal.
func encodeQuery(params []api.QueryParam) string {
	var parts []string
	for _, p := range params {
		key := bracketUnescaper.Replace(url.QueryEscape(p.Name))
		for _, v := range formatValues(p.Value) {
			parts = append(parts, key+"="+url.QueryEscape(v))
		}
	}
	return strings.Join(parts, "&")
}

var bracketUnescaper = strings.NewReplacer("%5B", "[", "%5D", "]")

// formatValues renders a query or form value: scalars, times, named string types, pointers
// (nil: nothing) and slices (one string per element).
func formatValues(v any) []string {
	switch x := v.(type) {
	case nil:
		return nil
	case time.Time:
		return []string{x.Format(time.RFC3339Nano)}
	case json.RawMessage:
		return []string{string(x)}
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			return nil
		}
		return formatValues(rv.Elem().Interface())
	case reflect.Slice, reflect.Array:
		var out []string
		for i := range rv.Len() {
			out = append(out, formatValues(rv.Index(i).Interface())...)
		}
		return out
	case reflect.String:
		return []string{rv.String()}
	case reflect.Bool:
		return []string{strconv.FormatBool(rv.Bool())}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return []string{strconv.FormatInt(rv.Int(), 10)}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return []string{strconv.FormatUint(rv.Uint(), 10)}
	case reflect.Float32, reflect.Float64:
		return []string{strconv.FormatFloat(rv.Float(), 'f', -1, 64)}
	}
	return []string{fmt.Sprint(v)}
}
