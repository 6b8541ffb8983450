package mango

import (
	"context"
	"net/http"
	"testing"

	"github.com/mango-ai/mango-go/api"
)

const threadJSON = `{"type":"session_thread","id":"sthr_2","session_id":"sesn_1","parent_thread_id":"sthr_1",` +
	`"agent_name":"advisor","status":"idle","stop_reason":{"type":"end_turn"},` +
	`"agent":{"type":"advisor","model":{"id":"mango-offline-1","speed":"standard"}},` +
	`"usage":{"input_tokens":3,"output_tokens":2,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,` +
	`"server_tool_use":{"web_search_requests":0,"web_fetch_requests":0},"list_cost":{"amount":"0","currency":"USD"}},` +
	`"stats":{"active_seconds":0.5,"duration_seconds":1},"created_at":"2026-01-01T00:00:00Z",` +
	`"updated_at":"2026-01-01T00:00:01Z","archived_at":null}`

const receivedJSON = `{"type":"agent.thread_message_received","id":"sevt_9","processed_at":null,` +
	`"created_at":"2026-01-01T00:00:00Z","session_thread_id":"sthr_1","from_session_thread_id":"sthr_2",` +
	`"from_agent_name":"advisor","content":[{"type":"text","text":"ship it"}]}`

func TestThreadsListGetArchiveEventsAndStream(t *testing.T) {
	var paths, lastIDs []string
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		paths = append(paths, r.Method+" "+r.URL.Path)
		switch r.URL.Path {
		case "/v1/sessions/sesn_1/threads/sthr_1/stream":
			lastIDs = append(lastIDs, r.Header.Get("Last-Event-ID"))
			sse(w, false, "event: agent.thread_message_received\nid: sevt_9\ndata: "+receivedJSON+"\n\n")
			return
		case "/v1/sessions/sesn_1/threads":
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"data":[` + threadJSON + `],"next_page":null,"prev_page":null}`))
		case "/v1/sessions/sesn_1/threads/sthr_1/events":
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"data":[` + receivedJSON + `],"next_page":null}`))
		default:
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(threadJSON))
		}
	})
	ctx := context.Background()
	page, err := c.Sessions.Threads.List(ctx, "sesn_1", api.SessionsThreadsListParams{})
	if err != nil || len(page.Data) != 1 || *page.Data[0].ParentThreadID != "sthr_1" {
		t.Fatalf("list %+v %v", page, err)
	}
	got, err := c.Sessions.Threads.Get(ctx, "sesn_1", "sthr_2")
	if err != nil || got.AgentName != "advisor" || got.Usage.InputTokens != 3 {
		t.Fatalf("get %+v %v", got, err)
	}
	if _, err := c.Sessions.Threads.Archive(ctx, "sesn_1", "sthr_2"); err != nil {
		t.Fatal(err)
	}
	events, err := c.Sessions.Threads.Events.List(ctx, "sesn_1", "sthr_1", api.SessionsThreadsEventsListParams{})
	if err != nil || len(events.Data) != 1 || events.Data[0].Type != "agent.thread_message_received" {
		t.Fatalf("events %+v %v", events, err)
	}
	streamed, err := Collect(c.Sessions.Threads.Stream(ctx, "sesn_1", "sthr_1", api.WithHeader("Last-Event-ID", "sevt_8")))
	if err != nil || len(streamed) != 1 {
		t.Fatalf("stream %v %v", streamed, err)
	}
	received, err := streamed[0].AsAgentThreadMessageReceivedEvent()
	if err != nil || received.FromSessionThreadID != "sthr_2" || received.Content[0].Text != "ship it" {
		t.Fatalf("received %+v %v", received, err)
	}
	if len(lastIDs) != 1 || lastIDs[0] != "sevt_8" || paths[2] != "POST /v1/sessions/sesn_1/threads/sthr_2/archive" {
		t.Fatalf("paths %q last ids %q", paths, lastIDs)
	}
}
