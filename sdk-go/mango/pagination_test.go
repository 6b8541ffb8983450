package mango

import (
	"context"
	"errors"
	"net/http"
	"testing"
)

func TestAutoPagingFollowsNextPage(t *testing.T) {
	var queries []string
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		queries = append(queries, r.URL.RawQuery)
		switch r.URL.Query().Get("page") {
		case "":
			_, _ = w.Write([]byte(`{"data":[{"type":"session","id":"sesn_1"},{"type":"session","id":"sesn_2"}],"next_page":"p2"}`))
		case "p2":
			_, _ = w.Write([]byte(`{"data":[{"type":"session","id":"sesn_3"}],"next_page":null}`))
		}
	})
	limit := 2
	var ids []string
	for s, err := range c.Sessions.ListAutoPaging(context.Background(), apiSessionsListParams(&limit)) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, s.ID)
	}
	if len(ids) != 3 || ids[2] != "sesn_3" {
		t.Fatalf("ids %v", ids)
	}
	if queries[0] != "limit=2" || queries[1] != "limit=2&page=p2" {
		t.Fatalf("queries %q", queries)
	}
}

func TestAutoPagingStopsEarlyAndReportsErrors(t *testing.T) {
	var hits counter
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		if hits.next() > 1 {
			writeError(w, 404, "not_found_error", "req_9")
			return
		}
		_, _ = w.Write([]byte(`{"data":[{"id":"a"},{"id":"b"}],"next_page":"p2"}`))
	})
	for range c.Sessions.ListAutoPaging(context.Background(), apiSessionsListParams(nil)) {
		break
	}
	if hits.get() != 1 {
		t.Fatalf("break fetched %d pages", hits.get())
	}
	hits = counter{}
	items, err := Collect(c.Sessions.ListAutoPaging(context.Background(), apiSessionsListParams(nil)))
	if len(items) != 2 || !errors.Is(err, ErrNotFound) {
		t.Fatalf("items=%d err=%v", len(items), err)
	}
}
