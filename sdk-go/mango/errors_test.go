package mango

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/mango-ai/mango-go/api"
)

func getRequest(path string) *api.Request {
	return &api.Request{OperationID: "test.get", Method: http.MethodGet, Path: path, Security: []string{"WorkspaceKey"}}
}

func postRequest(path string, body any) *api.Request {
	return &api.Request{OperationID: "test.post", Method: http.MethodPost, Path: path, Security: []string{"WorkspaceKey"}, Body: body}
}

func TestErrorsPerStatus(t *testing.T) {
	cases := []struct {
		status   int
		typ      string
		sentinel error
		as       func(error) bool
	}{
		{400, "invalid_request_error", ErrBadRequest, func(err error) bool { var e *BadRequestError; return errors.As(err, &e) }},
		{401, "authentication_error", ErrAuthentication, func(err error) bool { var e *AuthenticationError; return errors.As(err, &e) }},
		{403, "permission_error", ErrPermissionDenied, func(err error) bool { var e *PermissionDeniedError; return errors.As(err, &e) }},
		{404, "not_found_error", ErrNotFound, func(err error) bool { var e *NotFoundError; return errors.As(err, &e) }},
		{405, "method_not_allowed", ErrMethodNotAllowed, func(err error) bool { var e *MethodNotAllowedError; return errors.As(err, &e) }},
		{409, "conflict_error", ErrConflict, func(err error) bool { var e *ConflictError; return errors.As(err, &e) }},
		{412, "precondition_failed", ErrPreconditionFailed, func(err error) bool { var e *PreconditionFailedError; return errors.As(err, &e) }},
		{413, "request_too_large", ErrRequestTooLarge, func(err error) bool { var e *RequestTooLargeError; return errors.As(err, &e) }},
		{429, "rate_limit_error", ErrRateLimit, func(err error) bool { var e *RateLimitError; return errors.As(err, &e) }},
		{500, "api_error", ErrInternalServer, func(err error) bool { var e *InternalServerError; return errors.As(err, &e) }},
		{501, "not_implemented", ErrNotImplemented, func(err error) bool { var e *NotImplementedError; return errors.As(err, &e) }},
		{503, "overloaded", ErrServiceUnavailable, func(err error) bool { var e *ServiceUnavailableError; return errors.As(err, &e) }},
	}
	for _, tc := range cases {
		t.Run(tc.typ, func(t *testing.T) {
			c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
				writeError(w, tc.status, tc.typ, "req_42")
			}, WithMaxRetries(0))
			_, err := c.transport.Do(context.Background(), postRequest("/v1/things", map[string]int{"a": 1}))
			var apiErr *APIError
			if !errors.As(err, &apiErr) {
				t.Fatalf("not an *APIError: %v", err)
			}
			if apiErr.Status != tc.status || apiErr.Type != tc.typ || apiErr.RequestID != "req_42" || apiErr.Message != "nope" {
				t.Fatalf("got %+v", apiErr)
			}
			if !errors.Is(err, tc.sentinel) || !tc.as(err) {
				t.Fatalf("%v does not match its status", err)
			}
			if errors.Is(err, ErrConflict) != (tc.status == 409) {
				t.Fatalf("%v matches another status", err)
			}
		})
	}
}

func TestErrorWithoutEnvelopeKeepsBody(t *testing.T) {
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("request-id", "req_7")
		w.WriteHeader(http.StatusTeapot)
		_, _ = w.Write([]byte("short and stout"))
	})
	_, err := c.transport.Do(context.Background(), getRequest("/v1/x"))
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 418 || string(apiErr.Body) != "short and stout" || apiErr.RequestID != "req_7" {
		t.Fatalf("got %#v", err)
	}
}

func TestConnectionAndTimeoutErrors(t *testing.T) {
	c := NewClient(WithBaseURL("http://127.0.0.1:1"), WithMaxRetries(0))
	_, err := c.transport.Do(context.Background(), getRequest("/v1/x"))
	var connErr *ConnectionError
	if !errors.As(err, &connErr) || !errors.Is(err, ErrConnection) || errors.Is(err, ErrTimeout) {
		t.Fatalf("got %#v", err)
	}

	block := make(chan struct{})
	srv, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) { <-block })
	defer close(block)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = srv.transport.Do(ctx, getRequest("/v1/x"))
	var timeout *TimeoutError
	if !errors.As(err, &timeout) || !errors.Is(err, ErrTimeout) || !errors.Is(err, ErrConnection) {
		t.Fatalf("got %#v", err)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("deadline not wrapped: %v", err)
	}
}
