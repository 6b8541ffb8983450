package mango

import (
	"context"
	"net/http"
	"testing"
)

func TestNewClientReadsEnvironment(t *testing.T) {
	var auth string
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		_, _ = w.Write([]byte(`{}`))
	})
	t.Setenv("MANGO_BASE_URL", c.BaseURL()+"/")
	t.Setenv("MANGO_API_KEY", "env-key")
	env := NewClient()
	if env.BaseURL() != c.BaseURL() {
		t.Fatalf("base URL %q, want %q", env.BaseURL(), c.BaseURL())
	}
	resp, err := env.transport.Do(context.Background(), getRequest("/v1/sessions/sesn_1"))
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if auth != "Bearer env-key" {
		t.Fatalf("authorization %q", auth)
	}
}

func TestOptionsOverrideEnvironment(t *testing.T) {
	t.Setenv("MANGO_BASE_URL", "http://env.invalid")
	t.Setenv("MANGO_API_KEY", "env-key")
	c := NewClient(WithBaseURL("http://opt.invalid"), WithAPIKey("opt-key"))
	if c.BaseURL() != "http://opt.invalid" || c.transport.apiKey != "opt-key" {
		t.Fatalf("options ignored: %q %q", c.BaseURL(), c.transport.apiKey)
	}
}

func TestDefaultBaseURL(t *testing.T) {
	t.Setenv("MANGO_BASE_URL", "")
	if got := NewClient().BaseURL(); got != DefaultBaseURL {
		t.Fatalf("base URL %q", got)
	}
}

func TestPublicOperationsSendNoCredential(t *testing.T) {
	var auth []string
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Values("Authorization")
		_, _ = w.Write([]byte(`{"status":"ok"}`))
	})
	if _, err := c.System.Health(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(auth) != 0 {
		t.Fatalf("health sent %v", auth)
	}
}
