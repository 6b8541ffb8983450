package mango

// Error hierarchy (all usable with errors.Is and errors.As):
//
//	*APIError                      any non-2xx answer: Status, Type, Message, RequestID, Body
//	  *BadRequestError             400  (errors.Is(err, ErrBadRequest))
//	  *AuthenticationError         401  ErrAuthentication
//	  *PermissionDeniedError       403  ErrPermissionDenied
//	  *NotFoundError               404  ErrNotFound
//	  *MethodNotAllowedError       405  ErrMethodNotAllowed
//	  *ConflictError               409  ErrConflict
//	  *PreconditionFailedError     412  ErrPreconditionFailed
//	  *RequestTooLargeError        413  ErrRequestTooLarge
//	  *RateLimitError              429  ErrRateLimit
//	  *InternalServerError         500  ErrInternalServer
//	  *NotImplementedError         501  ErrNotImplemented
//	  *ServiceUnavailableError     503  ErrServiceUnavailable
//	*ConnectionError               no answer (ErrConnection); wraps the net/http error
//	  *TimeoutError                the request timed out (ErrTimeout, also ErrConnection)
//
// Each typed status error embeds *APIError, so errors.As(err, &apiErr) works for every status.
// An HTTP answer picks its type by status. An SSE error event has no status, so its error.type is
// looked up in the spec's error catalogue (api.ErrorStatus, generated from x-mango-error-catalogue;
// an unknown type counts as a 500). A test walks api.ErrorCatalogue, so every catalogued type
// reaches the typed error of its status.

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/mango-ai/mango-go/api"
)

// Sentinels matched by errors.Is against the typed errors of this package.
var (
	ErrBadRequest         = errors.New("mango: bad request")
	ErrAuthentication     = errors.New("mango: authentication failed")
	ErrPermissionDenied   = errors.New("mango: permission denied")
	ErrNotFound           = errors.New("mango: not found")
	ErrMethodNotAllowed   = errors.New("mango: method not allowed")
	ErrConflict           = errors.New("mango: conflict")
	ErrPreconditionFailed = errors.New("mango: precondition failed")
	ErrRequestTooLarge    = errors.New("mango: request too large")
	ErrRateLimit          = errors.New("mango: rate limited")
	ErrInternalServer     = errors.New("mango: internal server error")
	ErrNotImplemented     = errors.New("mango: not implemented")
	ErrServiceUnavailable = errors.New("mango: service unavailable")
	ErrConnection         = errors.New("mango: connection error")
	ErrTimeout            = errors.New("mango: request timed out")
)

var statusSentinels = map[int]error{
	http.StatusBadRequest:            ErrBadRequest,
	http.StatusUnauthorized:          ErrAuthentication,
	http.StatusForbidden:             ErrPermissionDenied,
	http.StatusNotFound:              ErrNotFound,
	http.StatusMethodNotAllowed:      ErrMethodNotAllowed,
	http.StatusConflict:              ErrConflict,
	http.StatusPreconditionFailed:    ErrPreconditionFailed,
	http.StatusRequestEntityTooLarge: ErrRequestTooLarge,
	http.StatusTooManyRequests:       ErrRateLimit,
	http.StatusInternalServerError:   ErrInternalServer,
	http.StatusNotImplemented:        ErrNotImplemented,
	http.StatusServiceUnavailable:    ErrServiceUnavailable,
}

// APIError is an error answer from the server (or an SSE error event).
type APIError struct {
	// Status is the HTTP status (for an SSE error event: the status its type maps to).
	Status int
	// Type is the envelope's error.type (for example "not_found_error").
	Type string
	// Message is the envelope's error.message.
	Message string
	// RequestID is the request-id header, else the envelope's request_id.
	RequestID string
	// Body is the raw answer body.
	Body []byte
	// Header holds the response headers (nil for SSE error events).
	Header http.Header
}

func (e *APIError) Error() string {
	msg := fmt.Sprintf("mango: %d", e.Status)
	if e.Type != "" {
		msg += " " + e.Type
	}
	if e.Message != "" {
		msg += ": " + e.Message
	}
	if e.RequestID != "" {
		msg += " (request " + e.RequestID + ")"
	}
	return msg
}

// Is matches the sentinel of e's status.
func (e *APIError) Is(target error) bool {
	sentinel, ok := statusSentinels[e.Status]
	return ok && sentinel == target
}

// Typed errors, one per documented status; each wraps the *APIError.
type (
	BadRequestError         struct{ *APIError }
	AuthenticationError     struct{ *APIError }
	PermissionDeniedError   struct{ *APIError }
	NotFoundError           struct{ *APIError }
	MethodNotAllowedError   struct{ *APIError }
	ConflictError           struct{ *APIError }
	PreconditionFailedError struct{ *APIError }
	RequestTooLargeError    struct{ *APIError }
	RateLimitError          struct{ *APIError }
	InternalServerError     struct{ *APIError }
	NotImplementedError     struct{ *APIError }
	ServiceUnavailableError struct{ *APIError }
)

func (e *BadRequestError) Unwrap() error         { return e.APIError }
func (e *AuthenticationError) Unwrap() error     { return e.APIError }
func (e *PermissionDeniedError) Unwrap() error   { return e.APIError }
func (e *NotFoundError) Unwrap() error           { return e.APIError }
func (e *MethodNotAllowedError) Unwrap() error   { return e.APIError }
func (e *ConflictError) Unwrap() error           { return e.APIError }
func (e *PreconditionFailedError) Unwrap() error { return e.APIError }
func (e *RequestTooLargeError) Unwrap() error    { return e.APIError }
func (e *RateLimitError) Unwrap() error          { return e.APIError }
func (e *InternalServerError) Unwrap() error     { return e.APIError }
func (e *NotImplementedError) Unwrap() error     { return e.APIError }
func (e *ServiceUnavailableError) Unwrap() error { return e.APIError }

// typed wraps e in the error type of its status; other statuses stay *APIError.
func typed(e *APIError) error {
	switch e.Status {
	case http.StatusBadRequest:
		return &BadRequestError{e}
	case http.StatusUnauthorized:
		return &AuthenticationError{e}
	case http.StatusForbidden:
		return &PermissionDeniedError{e}
	case http.StatusNotFound:
		return &NotFoundError{e}
	case http.StatusMethodNotAllowed:
		return &MethodNotAllowedError{e}
	case http.StatusConflict:
		return &ConflictError{e}
	case http.StatusPreconditionFailed:
		return &PreconditionFailedError{e}
	case http.StatusRequestEntityTooLarge:
		return &RequestTooLargeError{e}
	case http.StatusTooManyRequests:
		return &RateLimitError{e}
	case http.StatusInternalServerError:
		return &InternalServerError{e}
	case http.StatusNotImplemented:
		return &NotImplementedError{e}
	case http.StatusServiceUnavailable:
		return &ServiceUnavailableError{e}
	}
	return e
}

// envelope is the one error body every 4xx/5xx answer and SSE error event carries.
type envelope struct {
	Error struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
	RequestID string `json:"request_id"`
}

// newAPIError builds the typed error for an answer; a body that is no envelope keeps its bytes.
func newAPIError(status int, header http.Header, body []byte) error {
	e := &APIError{Status: status, Body: body, Header: header}
	var env envelope
	if json.Unmarshal(body, &env) == nil {
		e.Type, e.Message, e.RequestID = env.Error.Type, env.Error.Message, env.RequestID
	}
	if id := header.Get("request-id"); id != "" {
		e.RequestID = id
	}
	if e.Message == "" {
		e.Message = http.StatusText(status)
	}
	return typed(e)
}

// eventError builds the typed error of an SSE error event.
func eventError(data []byte) error {
	e := &APIError{Status: http.StatusInternalServerError, Body: data}
	var env envelope
	if json.Unmarshal(data, &env) == nil {
		e.Type, e.Message, e.RequestID = env.Error.Type, env.Error.Message, env.RequestID
		if status, ok := api.ErrorStatus[env.Error.Type]; ok {
			e.Status = status
		}
	}
	return typed(e)
}

// ConnectionError means no answer arrived: refused, reset or dropped connection.
type ConnectionError struct{ Err error }

func (e *ConnectionError) Error() string { return "mango: connection error: " + e.Err.Error() }

// Unwrap returns the underlying net/http error.
func (e *ConnectionError) Unwrap() error { return e.Err }

// Is matches ErrConnection.
func (e *ConnectionError) Is(target error) bool { return target == ErrConnection }

// TimeoutError means the request timed out; it is also a ConnectionError.
type TimeoutError struct{ ConnectionError }

func (e *TimeoutError) Error() string { return "mango: request timed out: " + e.Err.Error() }

// Unwrap returns the embedded ConnectionError.
func (e *TimeoutError) Unwrap() error { return &e.ConnectionError }

// Is matches ErrTimeout and ErrConnection.
func (e *TimeoutError) Is(target error) bool { return target == ErrTimeout || target == ErrConnection }
