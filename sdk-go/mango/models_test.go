package mango

import (
	"context"
	"net/http"
	"testing"
)

const modelsJSON = `{"data":[{"type":"model","id":"mango-offline-1","aliases":["offline"],"context_window":200000,` +
	`"max_output_tokens":8192,"capabilities":{"web_search":true,"web_fetch":false,"citations":false,` +
	`"thinking":true,"image_input":false,"pdf_input":false,"parallel_tool_calls":true,` +
	`"prompt_caching":false,"fast_mode":false}}]}`

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
	if !m.Capabilities.WebSearch || m.Capabilities.WebFetch || !m.Capabilities.ParallelToolCalls {
		t.Fatalf("capabilities %+v", m.Capabilities)
	}
	if len(requests) != 1 || requests[0][:14] != "GET /v1/models" {
		t.Fatalf("requests %v", requests)
	}
}
