package mango

// Auto-paging: Transport.Pages follows next_page cursors for the generated ...AutoPaging
// methods, which decode each item into its type. Collect drains any such sequence.

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"

	"github.com/mango-ai/mango-go/api"
)

type page struct {
	Data     []json.RawMessage `json:"data"`
	NextPage *string           `json:"next_page"`
}

// Pages yields every item of every page, requesting the next page until next_page is null.
func (t *Transport) Pages(ctx context.Context, req *api.Request) iter.Seq2[json.RawMessage, error] {
	return func(yield func(json.RawMessage, error) bool) {
		current := req
		for {
			p, err := t.page(ctx, current)
			if err != nil {
				yield(nil, err)
				return
			}
			for _, item := range p.Data {
				if !yield(item, nil) {
					return
				}
			}
			if p.NextPage == nil || *p.NextPage == "" {
				return
			}
			current = withPage(req, *p.NextPage)
		}
	}
}

func (t *Transport) page(ctx context.Context, req *api.Request) (*page, error) {
	resp, err := t.Do(ctx, req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var p page
	if err := json.NewDecoder(resp.Body).Decode(&p); err != nil {
		return nil, fmt.Errorf("mango: decoding a %s page: %w", req.OperationID, err)
	}
	return &p, nil
}

// withPage copies req with its page parameter replaced by cursor.
func withPage(req *api.Request, cursor string) *api.Request {
	next := *req
	next.Query = nil
	for _, q := range req.Query {
		if q.Name != "page" {
			next.Query = append(next.Query, q)
		}
	}
	next.Query = append(next.Query, api.QueryParam{Name: "page", Value: cursor})
	return &next
}

// Collect drains seq into a slice, stopping at the first error.
func Collect[T any](seq iter.Seq2[T, error]) ([]T, error) {
	var out []T
	for item, err := range seq {
		if err != nil {
			return out, err
		}
		out = append(out, item)
	}
	return out, nil
}
