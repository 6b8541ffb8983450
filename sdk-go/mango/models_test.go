package mango

import (
	"context"
	"net/http"
	"testing"
)

const modelsJSON = `{"data":[{"type":"model","id":"mango-offline-1","display_name":"mango-offline-1",` +
	`"created_at":"1970-01-01T00:00:00Z","lifecycle":"active","aliases":["offline"],"context_window":200000,` +
	`"max_input_tokens":200000,"max_output_tokens":8192,"max_tokens":8192,` +
	`"capabilities":{"web_search":true,"web_fetch":false,"citations":false,` +
	`"thinking":true,"image_input":false,"pdf_input":false,"parallel_tool_calls":true,` +
	`"prompt_caching":false,"fast_mode":false}}],"has_more":false,"first_id":"mango-offline-1",` +
	`"last_id":"mango-offline-1"}`

func TestModelsListDecodesTheOfferedModels(t *testing.T) {
	var requests []string
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		requests = append(requests, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization"))
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(modelsJSON))
	})
	models, err := c.Models.List(context.Background())
	if err != nil || len(models.Data) != 1 {
		t.Fatalf("list %+v %v", models, err)
	}
	m := models.Data[0]
	if m.ID != "mango-offline-1" || len(m.Aliases) != 1 || m.ContextWindow != 200000 || m.MaxOutputTokens != 8192 {
		t.Fatalf("model %+v", m)
	}
	if m.DisplayName != "mango-offline-1" || m.MaxInputTokens != 200000 || m.MaxTokens != 8192 || m.CreatedAt.Year() != 1970 {
		t.Fatalf("model %+v", m)
	}
	if models.HasMore || models.LastID == nil || *models.LastID != "mango-offline-1" {
		t.Fatalf("page %+v", models)
	}
	if !m.Capabilities.WebSearch || m.Capabilities.WebFetch || !m.Capabilities.ParallelToolCalls {
		t.Fatalf("capabilities %+v", m.Capabilities)
	}
	if len(requests) != 1 || requests[0][:14] != "GET /v1/models" {
		t.Fatalf("requests %v", requests)
	}
}
