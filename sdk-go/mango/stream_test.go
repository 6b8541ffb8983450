package mango

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/mango-ai/mango-go/api"
)

const messageEvent = `{"type":"agent.message","id":"sevt_1","processed_at":null,"created_at":"2026-01-01T00:00:00Z","content":[{"type":"text","text":"hi"}]}`

// sse writes frames and flushes; drop aborts the connection mid-stream afterwards.
func sse(w http.ResponseWriter, drop bool, frames ...string) {
	w.Header().Set("Content-Type", "text/event-stream")
	for _, f := range frames {
		_, _ = fmt.Fprint(w, f)
	}
	w.(http.Flusher).Flush()
	if drop {
		panic(http.ErrAbortHandler)
	}
}

func collectStream(t *testing.T, c *Client, opts ...api.RequestOption) ([]api.SessionStreamEvent, error) {
	t.Helper()
	return Collect(c.Sessions.Events.Stream(context.Background(), "sesn_1", api.SessionsEventsStreamParams{}, opts...))
}

func TestStreamDecodesTypedAndUnknownEventsAndDropsPings(t *testing.T) {
	var accept string
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		accept = r.Header.Get("Accept")
		sse(w, false,
			": keep-alive comment\n\n",
			"event: ping\ndata: {}\n\n",
			"event: agent.message\nid: sevt_1\ndata: "+messageEvent+"\n\n",
			"event: brand.new\r\nid: sevt_2\r\ndata: {\"type\":\"brand.new\",\r\ndata:  \"x\":[1,2]}\r\n\r\n",
		)
	})
	events, err := collectStream(t, c)
	if err != nil {
		t.Fatal(err)
	}
	if accept != "text/event-stream" || len(events) != 2 {
		t.Fatalf("accept %q, %d events", accept, len(events))
	}
	msg, err := events[0].AsAgentMessageEvent()
	if err != nil || msg.ID != "sevt_1" || msg.Content[0].Text != "hi" {
		t.Fatalf("message %+v %v", msg, err)
	}
	unknown := events[1]
	if unknown.Type != "brand.new" || string(unknown.Raw) != "{\"type\":\"brand.new\",\n \"x\":[1,2]}" {
		t.Fatalf("unknown %q %q", unknown.Type, unknown.Raw)
	}
	if v, err := unknown.Value(); v != nil || err != nil {
		t.Fatalf("unknown value %v %v", v, err)
	}
	if _, err := unknown.AsAgentMessageEvent(); err == nil {
		t.Fatal("decoded an unknown type as a known one")
	}
	out, err := unknown.MarshalJSON()
	if err != nil || string(out) != string(unknown.Raw) {
		t.Fatalf("re-encoded %q", out)
	}
}

func TestStreamErrorEventBecomesAPIError(t *testing.T) {
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		sse(w, false,
			"event: agent.message\ndata: "+messageEvent+"\n\n",
			`event: error`+"\n"+`data: {"type":"error","error":{"type":"overloaded","message":"busy"},"request_id":"req_5"}`+"\n\n",
			"event: agent.message\ndata: "+messageEvent+"\n\n",
		)
	})
	events, err := collectStream(t, c)
	var apiErr *APIError
	if len(events) != 1 || !errors.As(err, &apiErr) || !errors.Is(err, ErrServiceUnavailable) {
		t.Fatalf("%d events, err %v", len(events), err)
	}
	if apiErr.Type != "overloaded" || apiErr.RequestID != "req_5" || apiErr.Message != "busy" {
		t.Fatalf("got %+v", apiErr)
	}
}

func TestStreamResumesWithLastEventID(t *testing.T) {
	var hits counter
	var lastIDs []string
	c, s := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		lastIDs = append(lastIDs, r.Header.Get("Last-Event-ID"))
		if hits.next() == 1 {
			sse(w, true, "event: agent.message\nid: sevt_1\ndata: "+messageEvent+"\n\n", "event: ping\ndata: {}\n\nevent: agent.mess")
		}
		sse(w, false, "event: brand.new\nid: sevt_2\ndata: {\"type\":\"brand.new\"}\n\n")
	})
	events, err := collectStream(t, c, api.WithHeader("Last-Event-ID", "sevt_0"))
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 2 || events[1].Type != "brand.new" {
		t.Fatalf("events %v", events)
	}
	if len(lastIDs) != 2 || lastIDs[0] != "sevt_0" || lastIDs[1] != "sevt_1" || s.count() != 1 {
		t.Fatalf("last ids %q sleeps %d", lastIDs, s.count())
	}
}

func TestStreamReconnectsAreBounded(t *testing.T) {
	var hits counter
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		hits.next()
		sse(w, true, ": nothing yet\n\n")
	}, WithStreamReconnects(2))
	_, err := collectStream(t, c)
	if !errors.Is(err, ErrConnection) || hits.get() != 3 {
		t.Fatalf("hits=%d err=%v", hits.get(), err)
	}
}

func TestStreamConnectErrorIsTyped(t *testing.T) {
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		writeError(w, 404, "not_found_error", "req_3")
	})
	_, err := collectStream(t, c)
	var nf *NotFoundError
	if !errors.As(err, &nf) || nf.RequestID != "req_3" {
		t.Fatalf("err %v", err)
	}
}
