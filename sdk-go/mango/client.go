// Package mango is the Go client for the Mango managed-agents API.
//
// NewClient builds a Client whose generated services (package api) mirror the spec's
// operationIds: client.Sessions.Events.Stream(ctx, sessionID, params). This package owns the
// hand-written half: configuration, the net/http transport, retries, typed errors, auto-paging
// and the server-sent event reader. It does not define wire types; those are generated.
package mango

import (
	"net/http"
	"os"
	"time"

	"github.com/mango-ai/mango-go/api"
)

// DefaultBaseURL is used when neither WithBaseURL nor MANGO_BASE_URL is set.
const DefaultBaseURL = "http://127.0.0.1:8000"

// Client is a Mango API client; its embedded Services expose every operation.
type Client struct {
	*api.Services

	transport *Transport
}

// Option configures a Client.
type Option func(*config)

type config struct {
	baseURL    string
	apiKey     string
	httpClient *http.Client
	header     http.Header
	retry      RetryPolicy
	reconnects int
}

// WithBaseURL sets the server URL (default: MANGO_BASE_URL, then DefaultBaseURL).
func WithBaseURL(u string) Option { return func(c *config) { c.baseURL = u } }

// WithAPIKey sets the bearer credential (default: MANGO_API_KEY).
func WithAPIKey(key string) Option { return func(c *config) { c.apiKey = key } }

// WithHTTPClient sets the HTTP client (default: a client with no overall timeout, so streams last).
func WithHTTPClient(hc *http.Client) Option { return func(c *config) { c.httpClient = hc } }

// WithHeader adds a header to every request.
func WithHeader(name, value string) Option {
	return func(c *config) { c.header.Set(name, value) }
}

// WithMaxRetries sets how many times a retryable failure is retried (default 2).
func WithMaxRetries(n int) Option { return func(c *config) { c.retry.MaxRetries = max(n, 0) } }

// WithRetryBackoff sets the first and the largest retry delay (defaults 500ms and 8s).
func WithRetryBackoff(initial, maximum time.Duration) Option {
	return func(c *config) { c.retry.Initial, c.retry.Max = initial, maximum }
}

// WithStreamReconnects bounds consecutive reconnects of an event stream (default 5).
func WithStreamReconnects(n int) Option { return func(c *config) { c.reconnects = max(n, 0) } }

// idleConnTimeout keeps pooled connections for less time than the server keeps them open
// (MANGO_API_KEEPALIVE_SECONDS, 75 s by default), so a request never goes out on a connection the
// server is closing. net/http's default (90 s) is above it.
const idleConnTimeout = 30 * time.Second

var defaultHTTPClient = newDefaultHTTPClient()

func newDefaultHTTPClient() *http.Client {
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.IdleConnTimeout = idleConnTimeout
	return &http.Client{Transport: transport}
}

// NewClient builds a Client from opts, falling back to MANGO_BASE_URL and MANGO_API_KEY.
func NewClient(opts ...Option) *Client {
	cfg := config{
		baseURL:    os.Getenv("MANGO_BASE_URL"),
		apiKey:     os.Getenv("MANGO_API_KEY"),
		httpClient: defaultHTTPClient,
		header:     http.Header{},
		retry:      DefaultRetryPolicy(),
		reconnects: 5,
	}
	for _, opt := range opts {
		opt(&cfg)
	}
	if cfg.baseURL == "" {
		cfg.baseURL = DefaultBaseURL
	}
	t := &Transport{
		baseURL:    trimSlash(cfg.baseURL),
		apiKey:     cfg.apiKey,
		http:       cfg.httpClient,
		header:     cfg.header,
		retry:      cfg.retry,
		reconnects: cfg.reconnects,
		sleep:      sleepContext,
	}
	return &Client{Services: api.NewServices(t), transport: t}
}

// BaseURL is the server URL requests go to.
func (c *Client) BaseURL() string { return c.transport.baseURL }

func trimSlash(s string) string {
	for len(s) > 0 && s[len(s)-1] == '/' {
		s = s[:len(s)-1]
	}
	return s
}
