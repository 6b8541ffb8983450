package mango

// Golden replay: every conformance/golden/*.json exchange file is served by a local server
// that checks each request, the operation is invoked by operationId through api.Invoke*, and
// the result (or error) must equal the file's expect.

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mango-ai/mango-go/api"
)

type goldenFile struct {
	Name string `json:"name"`
	Call struct {
		Operation string                     `json:"operation"`
		Mode      string                     `json:"mode"`
		Path      map[string]string          `json:"path"`
		Query     map[string]json.RawMessage `json:"query"`
		Body      json.RawMessage            `json:"body"`
		Headers   map[string]string          `json:"headers"`
	} `json:"call"`
	Client struct {
		APIKey     string `json:"api_key"`
		MaxRetries *int   `json:"max_retries"`
	} `json:"client"`
	Exchanges []goldenExchange `json:"exchanges"`
	Expect    struct {
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Status    int    `json:"status"`
			Type      string `json:"type"`
			RequestID string `json:"request_id"`
		} `json:"error"`
	} `json:"expect"`
}

type goldenExchange struct {
	Request struct {
		Method  string              `json:"method"`
		Path    string              `json:"path"`
		Query   map[string][]string `json:"query"`
		Headers map[string]string   `json:"headers"`
		Body    json.RawMessage     `json:"body"`
	} `json:"request"`
	Response struct {
		Status     int               `json:"status"`
		Headers    map[string]string `json:"headers"`
		Body       json.RawMessage   `json:"body"`
		BodyText   *string           `json:"body_text"`
		CloseAfter bool              `json:"close_after"`
	} `json:"response"`
}

func TestGoldenExchanges(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "conformance", "golden", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skip("no golden exchanges in conformance/golden yet")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".json"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var g goldenFile
			if err := json.Unmarshal(data, &g); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			replay(t, &g)
		})
	}
}

func replay(t *testing.T, g *goldenFile) {
	var mu sync.Mutex
	served := 0
	wildcards := map[string]string{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		index := served
		served++
		mu.Unlock()
		if index >= len(g.Exchanges) {
			t.Errorf("unexpected request %d: %s %s", index+1, r.Method, r.URL)
			http.Error(w, "unexpected request", http.StatusTeapot)
			return
		}
		ex := g.Exchanges[index]
		checkRequest(t, index, &ex, r, wildcards)
		respond(w, &ex)
	}))
	defer srv.Close()

	opts := []Option{WithBaseURL(srv.URL), WithAPIKey(g.Client.APIKey)}
	if g.Client.MaxRetries != nil {
		opts = append(opts, WithMaxRetries(*g.Client.MaxRetries))
	}
	c := NewClient(opts...)
	c.transport.sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }

	result, err := invoke(t, c, g)
	if served != len(g.Exchanges) {
		t.Errorf("served %d of %d exchanges", served, len(g.Exchanges))
	}
	if g.Expect.Error != nil {
		var apiErr *APIError
		if !errors.As(err, &apiErr) {
			t.Fatalf("want an APIError, got result %v err %v", result, err)
		}
		want := g.Expect.Error
		if apiErr.Status != want.Status || apiErr.Type != want.Type || apiErr.RequestID != want.RequestID {
			t.Fatalf("error %d %s %s, want %+v", apiErr.Status, apiErr.Type, apiErr.RequestID, *want)
		}
		return
	}
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	got, err := json.Marshal(result)
	if err != nil {
		t.Fatal(err)
	}
	if !jsonEqual(got, g.Expect.Result) {
		t.Fatalf("result\n got %s\nwant %s", got, g.Expect.Result)
	}
}

func invoke(t *testing.T, c *Client, g *goldenFile) (any, error) {
	ctx := context.Background()
	in := api.Invocation{Path: g.Call.Path, Query: g.Call.Query, Body: g.Call.Body}
	var opts []api.RequestOption
	for name, value := range g.Call.Headers {
		opts = append(opts, api.WithHeader(name, value))
	}
	switch g.Call.Mode {
	case "call":
		result, err := api.Invoke(ctx, c.Services, g.Call.Operation, in, opts...)
		if rc, ok := result.(io.ReadCloser); ok && err == nil {
			defer rc.Close()
			data, err := io.ReadAll(rc)
			return map[string]string{"base64": base64.StdEncoding.EncodeToString(data)}, err
		}
		return result, err
	case "iterate":
		seq, err := api.InvokeAutoPaging(ctx, c.Services, g.Call.Operation, in, opts...)
		if err != nil {
			return nil, err
		}
		return collectAny(seq)
	case "stream":
		seq, err := api.InvokeStream(ctx, c.Services, g.Call.Operation, in, opts...)
		if err != nil {
			return nil, err
		}
		return collectAny(seq)
	}
	t.Fatalf("unknown mode %q", g.Call.Mode)
	return nil, nil
}

func collectAny(seq iter.Seq2[any, error]) ([]any, error) {
	items, err := Collect(seq)
	if items == nil {
		items = []any{}
	}
	return items, err
}

func checkRequest(t *testing.T, index int, ex *goldenExchange, r *http.Request, wildcards map[string]string) {
	want := ex.Request
	where := fmt.Sprintf("request %d", index+1)
	if r.Method != want.Method || r.URL.Path != want.Path {
		t.Errorf("%s: %s %s, want %s %s", where, r.Method, r.URL.Path, want.Method, want.Path)
	}
	query := map[string][]string(r.URL.Query())
	if want.Query == nil {
		want.Query = map[string][]string{}
	}
	if !reflect.DeepEqual(query, want.Query) {
		t.Errorf("%s: query %v, want %v", where, query, want.Query)
	}
	for name, value := range want.Headers {
		if got := r.Header.Get(name); value == "*" && got != "" {
			// any value, the same one in every exchange of the file (a key reused by retries)
			if _, seen := wildcards[name]; !seen {
				wildcards[name] = got
			}
			value = wildcards[name]
		}
		if got := r.Header.Get(name); got != value {
			t.Errorf("%s: header %s = %q, want %q", where, name, got, value)
		}
	}
	body, _ := io.ReadAll(r.Body)
	wantBody := want.Body
	if len(wantBody) == 0 {
		wantBody = json.RawMessage("null")
	}
	if len(body) == 0 {
		body = []byte("null")
	}
	if !jsonEqual(body, wantBody) {
		t.Errorf("%s: body %s, want %s", where, body, wantBody)
	}
}

func respond(w http.ResponseWriter, ex *goldenExchange) {
	resp := ex.Response
	for name, value := range resp.Headers {
		w.Header().Set(name, value)
	}
	var body []byte
	switch {
	case resp.BodyText != nil:
		body = []byte(*resp.BodyText)
	case len(resp.Body) > 0 && string(resp.Body) != "null":
		body = resp.Body
	}
	w.WriteHeader(resp.Status)
	_, _ = w.Write(body)
	if resp.CloseAfter {
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler)
	}
}

// jsonEqual compares JSON documents, treating a null member as absent and equal instants
// written differently (RFC 3339) as equal.
func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return valueEqual(x, y)
}

func valueEqual(x, y any) bool {
	switch xv := x.(type) {
	case map[string]any:
		yv, ok := y.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range xv {
			if !valueEqual(v, yv[k]) {
				return false
			}
		}
		for k, v := range yv {
			if _, ok := xv[k]; !ok && v != nil {
				return false
			}
		}
		return true
	case []any:
		yv, ok := y.([]any)
		if !ok || len(xv) != len(yv) {
			return false
		}
		for i := range xv {
			if !valueEqual(xv[i], yv[i]) {
				return false
			}
		}
		return true
	case string:
		ys, ok := y.(string)
		if !ok {
			return false
		}
		if xv == ys {
			return true
		}
		tx, errX := time.Parse(time.RFC3339Nano, xv)
		ty, errY := time.Parse(time.RFC3339Nano, ys)
		return errX == nil && errY == nil && tx.Equal(ty)
	}
	return reflect.DeepEqual(x, y)
}
