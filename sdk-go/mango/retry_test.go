package mango

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mango-ai/mango-go/api"
)

func TestGetRetriedOn5xx(t *testing.T) {
	var hits counter
	c, s := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		if hits.next() == 1 {
			writeError(w, 502, "api_error", "req_1")
			return
		}
		_, _ = w.Write([]byte(`{}`))
	})
	resp, err := c.transport.Do(context.Background(), getRequest("/v1/x"))
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if hits.get() != 2 || s.count() != 1 {
		t.Fatalf("hits=%d sleeps=%d", hits.get(), s.count())
	}
}

func TestGetGivesUpAfterMaxRetries(t *testing.T) {
	var hits counter
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		hits.next()
		writeError(w, 500, "api_error", "req_1")
	})
	_, err := c.transport.Do(context.Background(), getRequest("/v1/x"))
	if !errors.Is(err, ErrInternalServer) || hits.get() != 3 {
		t.Fatalf("hits=%d err=%v", hits.get(), err)
	}
}

func TestMutationRetriedOn5xxWithOneKey(t *testing.T) {
	var hits counter
	var keys []string
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		if hits.next() < 3 {
			writeError(w, 500, "api_error", "req_1")
			return
		}
		_, _ = w.Write([]byte(`{}`))
	})
	resp, err := c.transport.Do(context.Background(), postRequest("/v1/x", map[string]string{}))
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if hits.get() != 3 || !strings.HasPrefix(keys[0], "mango-go-") || keys[1] != keys[0] || keys[2] != keys[0] {
		t.Fatalf("hits=%d keys=%q", hits.get(), keys)
	}
}

func TestEveryMutationGetsItsOwnKeyReadsNoneCallerKeyKept(t *testing.T) {
	var keys []string
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		_, _ = w.Write([]byte(`{}`))
	})
	mine := postRequest("/v1/x", map[string]string{})
	mine.Header = http.Header{"Idempotency-Key": {"mine"}}
	for _, req := range []*api.Request{postRequest("/v1/x", map[string]string{}), postRequest("/v1/x", nil), getRequest("/v1/x"), mine} {
		resp, err := c.transport.Do(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
	}
	if keys[0] == "" || keys[1] == "" || keys[0] == keys[1] || keys[2] != "" || keys[3] != "mine" {
		t.Fatalf("keys=%q", keys)
	}
}

func TestMutationWithoutKeyNotRetriedOn5xx(t *testing.T) {
	p := DefaultRetryPolicy()
	if p.retryStatus(http.MethodPost, 500, 0, false) || p.retryConnection(http.MethodPost, 0, false) {
		t.Fatal("an unkeyed mutation must not be retried")
	}
	if !p.retryStatus(http.MethodPost, 500, 0, true) || p.retryStatus(http.MethodPost, 501, 0, true) {
		t.Fatal("a keyed mutation retries 5xx but 501")
	}
}

func TestAnyMethodRetriedOn429And503HonouringRetryAfter(t *testing.T) {
	for _, status := range []int{429, 503} {
		var hits counter
		var bodies []string
		c, s := testClient(t, func(w http.ResponseWriter, r *http.Request) {
			buf := make([]byte, 64)
			n, _ := r.Body.Read(buf)
			bodies = append(bodies, string(buf[:n]))
			if hits.next() == 1 {
				w.Header().Set("Retry-After", "3")
				writeError(w, status, "rate_limit_error", "req_1")
				return
			}
			_, _ = w.Write([]byte(`{}`))
		})
		resp, err := c.transport.Do(context.Background(), postRequest("/v1/x", map[string]int{"n": 1}))
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if hits.get() != 2 || len(s.delays) != 1 || s.delays[0] != 3*time.Second {
			t.Fatalf("status %d: hits=%d delays=%v", status, hits.get(), s.delays)
		}
		if bodies[0] != `{"n":1}` || bodies[1] != bodies[0] {
			t.Fatalf("body not replayed: %q", bodies)
		}
	}
}

func TestConnectionErrorsRetriedForGetAndKeyedMutations(t *testing.T) {
	var hits counter
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		hits.next()
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			_ = conn.Close()
		}
	})
	_, err := c.transport.Do(context.Background(), getRequest("/v1/x"))
	if !errors.Is(err, ErrConnection) || hits.get() != 3 {
		t.Fatalf("GET: hits=%d err=%v", hits.get(), err)
	}
	hits = counter{}
	_, err = c.transport.Do(context.Background(), postRequest("/v1/x", map[string]int{}))
	if !errors.Is(err, ErrConnection) || hits.get() != 3 {
		t.Fatalf("POST: hits=%d err=%v", hits.get(), err)
	}
}

func TestBackoffGrowsWithJitterAndCaps(t *testing.T) {
	p := RetryPolicy{MaxRetries: 5, Initial: 100 * time.Millisecond, Max: time.Second}
	for attempt, base := range []time.Duration{100, 200, 400, 800, 1000, 1000} {
		base *= time.Millisecond
		for range 20 {
			d := p.delay(attempt, nil)
			if d < base/2 || d > base {
				t.Fatalf("attempt %d: delay %v outside [%v, %v]", attempt, d, base/2, base)
			}
		}
	}
}

func TestRetryAfterForms(t *testing.T) {
	h := http.Header{}
	h.Set("Retry-After", "1.5")
	if d, ok := retryAfter(h); !ok || d != 1500*time.Millisecond {
		t.Fatalf("seconds: %v %v", d, ok)
	}
	h.Set("Retry-After", time.Now().Add(time.Hour).UTC().Format(http.TimeFormat))
	if d, ok := retryAfter(h); !ok || d != maxRetryAfter {
		t.Fatalf("date capped: %v %v", d, ok)
	}
	h.Set("Retry-After", "soon")
	if _, ok := retryAfter(h); ok {
		t.Fatal("garbage accepted")
	}
}
