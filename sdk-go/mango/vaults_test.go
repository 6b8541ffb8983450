package mango

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/mango-ai/mango-go/api"
)

const vaultJSON = `{"type":"vault","id":"vlt_1","display_name":"keys","metadata":{"team":"a"},` +
	`"created_at":"2030-01-01T00:00:00Z","updated_at":"2030-01-01T00:00:00Z","archived_at":null}`

const oauthCredentialJSON = `{"type":"vault_credential","id":"vcrd_1","vault_id":"vlt_1","display_name":null,` +
	`"metadata":{},"auth":{"type":"mcp_oauth","mcp_server_url":"https://mcp.example.com/mcp",` +
	`"expires_at":"2030-02-01T00:00:00Z","refresh":{"client_id":"c","token_endpoint":"https://auth.example.com/token",` +
	`"token_endpoint_auth":{"type":"client_secret_basic","client_secret_set":true},"scope":null,"resource":null,` +
	`"refresh_token_set":true},"access_token_set":true},"created_at":"2030-01-01T00:00:00Z",` +
	`"updated_at":"2030-01-01T00:00:00Z","archived_at":null}`

func TestVaultsRoutes(t *testing.T) {
	var requests []string
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		requests = append(requests, r.Method+" "+r.URL.Path)
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Method == http.MethodDelete:
			_, _ = w.Write([]byte(`{"type":"vault_deleted","id":"vlt_1"}`))
		case r.Method == http.MethodGet && r.URL.Path == "/v1/vaults":
			_, _ = w.Write([]byte(`{"data":[` + vaultJSON + `],"next_page":null}`))
		default:
			_, _ = w.Write([]byte(vaultJSON))
		}
	})
	ctx := context.Background()
	created, err := c.Vaults.Create(ctx, api.VaultsCreateParams{DisplayName: "keys", Metadata: &api.Metadata{"team": "a"}})
	if err != nil || created.ID != "vlt_1" || created.ArchivedAt != nil {
		t.Fatalf("create %+v %v", created, err)
	}
	archived := true
	page, err := c.Vaults.List(ctx, api.VaultsListParams{IncludeArchived: &archived})
	if err != nil || len(page.Data) != 1 {
		t.Fatalf("list %+v %v", page, err)
	}
	if _, err := c.Vaults.Get(ctx, "vlt_1"); err != nil {
		t.Fatal(err)
	}
	name := "renamed"
	if _, err := c.Vaults.Update(ctx, "vlt_1", api.VaultsUpdateParams{DisplayName: &name}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Vaults.Archive(ctx, "vlt_1"); err != nil {
		t.Fatal(err)
	}
	deleted, err := c.Vaults.Delete(ctx, "vlt_1")
	if err != nil || deleted.Type != "vault_deleted" {
		t.Fatalf("delete %+v %v", deleted, err)
	}
	want := []string{"POST /v1/vaults", "GET /v1/vaults", "GET /v1/vaults/vlt_1", "POST /v1/vaults/vlt_1",
		"POST /v1/vaults/vlt_1/archive", "DELETE /v1/vaults/vlt_1"}
	if len(requests) != len(want) {
		t.Fatalf("requests %v", requests)
	}
	for i := range want {
		if requests[i] != want[i] {
			t.Fatalf("request %d: %s, want %s", i, requests[i], want[i])
		}
	}
}

func TestVaultCredentialsSendSecretsAndDecodeFlags(t *testing.T) {
	var bodies []map[string]any
	c, _ := testClient(t, func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		if len(raw) > 0 {
			var body map[string]any
			_ = json.Unmarshal(raw, &body)
			bodies = append(bodies, body)
		}
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Method == http.MethodDelete:
			_, _ = w.Write([]byte(`{"type":"vault_credential_deleted","id":"vcrd_1"}`))
		case r.Method == http.MethodGet && r.URL.Path == "/v1/vaults/vlt_1/credentials":
			_, _ = w.Write([]byte(`{"data":[` + oauthCredentialJSON + `],"next_page":null}`))
		default:
			_, _ = w.Write([]byte(oauthCredentialJSON))
		}
	})
	ctx := context.Background()
	auth := api.NewCredentialAuthParamsFromStaticBearerAuthParams(api.StaticBearerAuthParams{
		Type: "static_bearer", MCPServerURL: "https://mcp.example.com/mcp", Token: "tok",
	})
	created, err := c.Vaults.Credentials.Create(ctx, "vlt_1", api.VaultsCredentialsCreateParams{Auth: auth})
	if err != nil || created.VaultID != "vlt_1" {
		t.Fatalf("create %+v %v", created, err)
	}
	sent, _ := bodies[0]["auth"].(map[string]any)
	if sent["token"] != "tok" || sent["type"] != "static_bearer" {
		t.Fatalf("create body %v", bodies[0])
	}
	oauth, err := created.Auth.AsMcpOAuthAuth()
	if err != nil || !oauth.AccessTokenSet || oauth.Refresh == nil || !oauth.Refresh.RefreshTokenSet {
		t.Fatalf("auth %+v %v", oauth, err)
	}
	page, err := c.Vaults.Credentials.List(ctx, "vlt_1", api.VaultsCredentialsListParams{})
	if err != nil || len(page.Data) != 1 {
		t.Fatalf("list %+v %v", page, err)
	}
	if _, err := c.Vaults.Credentials.Get(ctx, "vlt_1", "vcrd_1"); err != nil {
		t.Fatal(err)
	}
	token := "tok-2"
	change := api.NewCredentialAuthUpdateParamsFromStaticBearerAuthUpdateParams(api.StaticBearerAuthUpdateParams{
		Type: "static_bearer", Token: &token,
	})
	if _, err := c.Vaults.Credentials.Update(ctx, "vlt_1", "vcrd_1", api.VaultsCredentialsUpdateParams{Auth: &change}); err != nil {
		t.Fatal(err)
	}
	updated, _ := bodies[1]["auth"].(map[string]any)
	if updated["token"] != "tok-2" {
		t.Fatalf("update body %v", bodies[1])
	}
	deleted, err := c.Vaults.Credentials.Delete(ctx, "vlt_1", "vcrd_1")
	if err != nil || deleted.ID != "vcrd_1" {
		t.Fatalf("delete %+v %v", deleted, err)
	}
}
