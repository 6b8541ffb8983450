package mango

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// testClient serves handler and returns a client whose retry sleeps are recorded, not slept.
func testClient(t *testing.T, handler http.HandlerFunc, opts ...Option) (*Client, *sleeps) {
	t.Helper()
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	opts = append([]Option{WithBaseURL(srv.URL), WithAPIKey("mango-test-key")}, opts...)
	c := NewClient(opts...)
	s := &sleeps{}
	c.transport.sleep = s.sleep
	return c, s
}

type sleeps struct {
	mu     sync.Mutex
	delays []time.Duration
}

func (s *sleeps) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delays = append(s.delays, d)
	return ctx.Err()
}

func (s *sleeps) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.delays)
}

// counter counts requests served by a handler.
type counter struct {
	mu sync.Mutex
	n  int
}

func (c *counter) next() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	return c.n
}

func (c *counter) get() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

func writeError(w http.ResponseWriter, status int, typ, requestID string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("request-id", requestID)
	w.WriteHeader(status)
	_, _ = w.Write([]byte(`{"type":"error","error":{"type":"` + typ + `","message":"nope"},"request_id":"` + requestID + `"}`))
}
