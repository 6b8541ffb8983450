package mango

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mango-ai/mango-go/api"
)

func apiSessionsListParams(limit *int) api.SessionsListParams {
	return api.SessionsListParams{Limit: limit}
}

func TestQueryEncoding(t *testing.T) {
	since := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	yes := true
	order := api.SessionsListParamsOrderAsc
	got := encodeQuery([]api.QueryParam{
		{Name: "limit", Value: new(7)},
		{Name: "page", Value: (*string)(nil)},
		{Name: "statuses[]", Value: []api.SessionStatus{"idle", "running"}},
		{Name: "created_at[gte]", Value: &since},
		{Name: "include_archived", Value: &yes},
		{Name: "order", Value: &order},
		{Name: "q", Value: "a b&c"},
		{Name: "empty[]", Value: []string(nil)},
	})
	want := "limit=7&statuses[]=idle&statuses[]=running&created_at[gte]=2026-01-02T03%3A04%3A05Z&include_archived=true&order=asc&q=a+b%26c"
	if got != want {
		t.Fatalf("query\n got %s\nwant %s", got, want)
	}
}

func TestGeneratedParamsReachTheWire(t *testing.T) {
	var query map[string][]string
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		query = r.URL.Query()
		_, _ = w.Write([]byte(`{"data":[],"next_page":null}`))
	})
	since := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	_, err := c.Sessions.List(context.Background(), api.SessionsListParams{
		Statuses:     []api.SessionStatus{"idle"},
		CreatedAtGte: &since,
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(query["statuses[]"], ",") != "idle" || query["created_at[gte]"][0] != "2026-01-02T00:00:00Z" || len(query) != 2 {
		t.Fatalf("query %v", query)
	}
}

func TestJSONBodyAndHeaders(t *testing.T) {
	var got *http.Request
	var body map[string]any
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		got = r
		_ = json.NewDecoder(r.Body).Decode(&body)
		_, _ = w.Write([]byte(`{"ok":true}`))
	}, WithHeader("X-Extra", "1"))
	req := postRequest("/v1/things", map[string]any{"title": "t", "tags": []string{"a"}})
	api.WithHeader("Idempotency-Key", "k1")(req)
	resp, err := c.transport.Do(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	for name, want := range map[string]string{
		"Authorization": "Bearer mango-test-key", "Content-Type": "application/json",
		"Accept": "application/json", "X-Extra": "1", "Idempotency-Key": "k1",
	} {
		if got.Header.Get(name) != want {
			t.Errorf("%s = %q, want %q", name, got.Header.Get(name), want)
		}
	}
	if body["title"] != "t" {
		t.Fatalf("body %v", body)
	}
}

func TestMultipartUploadStreamsFromReader(t *testing.T) {
	var name, filename, contentType, content string
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		mr, err := r.MultipartReader()
		if err != nil {
			t.Error(err)
			return
		}
		part, err := mr.NextPart()
		if err != nil {
			t.Error(err)
			return
		}
		data, _ := io.ReadAll(part)
		name, filename, contentType, content = part.FormName(), part.FileName(), part.Header.Get("Content-Type"), string(data)
		_, _ = w.Write([]byte(`{"type":"file","id":"file_1"}`))
	})
	pr, pw := io.Pipe()
	go func() {
		_, _ = pw.Write([]byte("hello "))
		_, _ = pw.Write([]byte("world"))
		_ = pw.Close()
	}()
	file, err := c.Files.Upload(context.Background(), api.FilesUploadParams{
		File: api.Upload{Reader: pr, Filename: "hi.txt", ContentType: "text/plain"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if file.ID != "file_1" || name != "file" || filename != "hi.txt" || contentType != "text/plain" || content != "hello world" {
		t.Fatalf("got %q %q %q %q %+v", name, filename, contentType, content, file)
	}
}

func TestUnrewindableUploadIsSentOnce(t *testing.T) {
	var hits counter
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		hits.next()
		_, _ = io.Copy(io.Discard, r.Body)
		writeError(w, 503, "overloaded", "req_1")
	})
	_, err := c.Files.Upload(context.Background(), api.FilesUploadParams{
		File: api.Upload{Reader: io.MultiReader(strings.NewReader("x"))},
	})
	if !errors.Is(err, ErrServiceUnavailable) || hits.get() != 1 {
		t.Fatalf("hits=%d err=%v", hits.get(), err)
	}
	hits = counter{}
	_, err = c.Files.Upload(context.Background(), api.FilesUploadParams{File: api.Upload{Reader: strings.NewReader("x")}})
	if !errors.Is(err, ErrServiceUnavailable) || hits.get() != 3 {
		t.Fatalf("seekable: hits=%d err=%v", hits.get(), err)
	}
}

func TestDownloadReturnsTheBody(t *testing.T) {
	var accept string
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		accept = r.Header.Get("Accept")
		w.Header().Set("Content-Type", "application/octet-stream")
		_, _ = w.Write([]byte{0, 1, 2, 255})
	})
	rc, err := c.Files.Content(context.Background(), "file_1")
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	data, _ := io.ReadAll(rc)
	if string(data) != "\x00\x01\x02\xff" || accept == "application/json" {
		t.Fatalf("data %v accept %q", data, accept)
	}
}

func TestNullableDecodesPresence(t *testing.T) {
	var v struct {
		A api.Nullable[string] `json:"a,omitzero"`
		B api.Nullable[string] `json:"b,omitzero"`
		C api.Nullable[string] `json:"c,omitzero"`
	}
	if err := json.Unmarshal([]byte(`{"a":null,"b":"x"}`), &v); err != nil {
		t.Fatal(err)
	}
	if !v.A.Present || v.A.Value != nil || *v.B.Value != "x" || v.C.Present {
		t.Fatalf("%+v", v)
	}
	out, _ := json.Marshal(v)
	if string(out) != `{"a":null,"b":"x"}` {
		t.Fatalf("re-encoded %s", out)
	}
}

func TestNullableAndEmptyFieldsOnTheWire(t *testing.T) {
	var bodies []string
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		data, _ := io.ReadAll(r.Body)
		bodies = append(bodies, string(data))
		_, _ = w.Write([]byte(`{"type":"agent","id":"agent_1","description":null,"system":"s"}`))
	})
	ctx := context.Background()
	cases := []struct {
		params api.AgentsUpdateParams
		want   string
	}{
		{api.AgentsUpdateParams{}, `{}`},
		{api.AgentsUpdateParams{Description: api.Null[string]()}, `{"description":null}`},
		{api.AgentsUpdateParams{System: api.Some("be brief"), Tools: []api.AgentTool{}}, `{"system":"be brief","tools":[]}`},
	}
	for i, tc := range cases {
		agent, err := c.Agents.Update(ctx, "agent_1", tc.params)
		if err != nil {
			t.Fatal(err)
		}
		if bodies[i] != tc.want {
			t.Errorf("body %s, want %s", bodies[i], tc.want)
		}
		if agent.Description != nil || agent.System == nil || *agent.System != "s" {
			t.Errorf("agent %+v", agent)
		}
	}
}
