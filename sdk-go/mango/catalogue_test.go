package mango

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/mango-ai/mango-go/api"
)

// TestErrorCatalogue proves every catalogued error.type reaches the typed error of its status,
// from an HTTP answer and from an SSE error event alike.
func TestErrorCatalogue(t *testing.T) {
	typeByStatus := map[int]string{}
	for _, entry := range api.ErrorCatalogue {
		t.Run(entry.Type, func(t *testing.T) {
			body := []byte(fmt.Sprintf(`{"type":"error","error":{"type":%q,"message":"m"},"request_id":"req_1"}`, entry.Type))
			fromResponse := newAPIError(entry.Status, http.Header{}, body)
			fromEvent := eventError(body)
			if fmt.Sprintf("%T", fromResponse) != fmt.Sprintf("%T", fromEvent) {
				t.Fatalf("HTTP gives %T, SSE gives %T", fromResponse, fromEvent)
			}
			if _, untyped := fromEvent.(*APIError); untyped {
				t.Fatalf("status %d has no typed error", entry.Status)
			}
			var apiErr *APIError
			if !errors.As(fromEvent, &apiErr) || apiErr.Status != entry.Status || apiErr.Type != entry.Type {
				t.Fatalf("got %+v", apiErr)
			}
			if !errors.Is(fromEvent, statusSentinels[entry.Status]) {
				t.Fatalf("%v does not match the sentinel of %d", fromEvent, entry.Status)
			}
			got := fmt.Sprintf("%T", fromEvent)
			if seen, ok := typeByStatus[entry.Status]; ok && seen != got {
				t.Fatalf("status %d maps to %s and %s", entry.Status, seen, got)
			}
			typeByStatus[entry.Status] = got
		})
	}
	seen := map[string]int{}
	for status, name := range typeByStatus {
		if other, ok := seen[name]; ok {
			t.Fatalf("%s serves both %d and %d", name, other, status)
		}
		seen[name] = status
	}
}

func TestNotImplementedIs501(t *testing.T) {
	if api.ErrorStatus["not_implemented"] != http.StatusNotImplemented {
		t.Fatalf("not_implemented is %d", api.ErrorStatus["not_implemented"])
	}
	err := eventError([]byte(`{"type":"error","error":{"type":"not_implemented","message":"later"}}`))
	var e *NotImplementedError
	if !errors.As(err, &e) || e.Status != http.StatusNotImplemented || !errors.Is(err, ErrNotImplemented) {
		t.Fatalf("got %v", err)
	}
}
