package mango

// Retry rules shared by requests, paging and stream reconnects.
//
// Any method is retried on 429 and 503, which the server sends before doing any work. A GET (or
// HEAD), and a mutation carrying an Idempotency-Key, is retried on connection errors and 5xx
// answers (but 501). The Transport gives every mutation a fresh key reused by its retries, so
// the server replays a committed create or event send instead of running it twice; a mutation
// without a key is never retried otherwise. Delays grow exponentially with jitter and honour
// Retry-After.

import (
	"context"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

// maxRetryAfter caps how long a Retry-After answer can make a call wait.
const maxRetryAfter = 60 * time.Second

// RetryPolicy bounds and paces retries.
type RetryPolicy struct {
	// MaxRetries is how many times one call is retried after its first attempt.
	MaxRetries int
	// Initial is the delay before the first retry; it doubles per retry up to Max.
	Initial time.Duration
	// Max caps the exponential delay.
	Max time.Duration
}

// DefaultRetryPolicy retries twice, starting at 500ms and never waiting more than 8s.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{MaxRetries: 2, Initial: 500 * time.Millisecond, Max: 8 * time.Second}
}

func safeMethod(method string) bool { return method == http.MethodGet || method == http.MethodHead }

func (p RetryPolicy) retryConnection(method string, attempt int, keyed bool) bool {
	return attempt < p.MaxRetries && (keyed || safeMethod(method))
}

func (p RetryPolicy) retryStatus(method string, status, attempt int, keyed bool) bool {
	if attempt >= p.MaxRetries {
		return false
	}
	if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
		return true
	}
	return status >= 500 && status != http.StatusNotImplemented && (keyed || safeMethod(method))
}

// delay is Retry-After when the answer carries one, else exponential backoff with equal jitter.
func (p RetryPolicy) delay(attempt int, header http.Header) time.Duration {
	if d, ok := retryAfter(header); ok {
		return d
	}
	base := p.Initial << min(attempt, 30)
	if base > p.Max || base <= 0 {
		base = p.Max
	}
	if base <= 0 {
		return 0
	}
	half := base / 2
	return half + rand.N(half+1)
}

// retryAfter reads Retry-After as seconds or an HTTP date, capped at maxRetryAfter.
func retryAfter(header http.Header) (time.Duration, bool) {
	value := header.Get("Retry-After")
	if value == "" {
		return 0, false
	}
	var d time.Duration
	if secs, err := strconv.ParseFloat(value, 64); err == nil {
		d = time.Duration(secs * float64(time.Second))
	} else if at, err := http.ParseTime(value); err == nil {
		d = time.Until(at)
	} else {
		return 0, false
	}
	return min(max(d, 0), maxRetryAfter), true
}

func sleepContext(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}
