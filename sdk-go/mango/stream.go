package mango

// Server-sent events: Transport.Stream connects, parses event/data/id lines, drops pings,
// turns an error event into the typed *APIError and, when the connection drops mid-stream,
// reconnects with Last-Event-ID (a bounded number of consecutive times). The generated
// methods decode each event's data into the event union, which keeps unknown types verbatim.
// A stream the server ends cleanly ends the sequence.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"iter"
	"net/http"
	"strings"

	"github.com/mango-ai/mango-go/api"
)

// Stream yields the events answered to req, resuming after dropped connections.
func (t *Transport) Stream(ctx context.Context, req *api.Request) iter.Seq2[api.StreamEvent, error] {
	return func(yield func(api.StreamEvent, error) bool) {
		s := &sseState{lastID: req.Header.Get("Last-Event-ID")}
		for {
			resp, err := t.send(ctx, withLastEventID(req, s.lastID), "text/event-stream")
			if err != nil {
				yield(api.StreamEvent{}, err)
				return
			}
			dropped, stop := s.read(resp.Body, yield)
			_ = resp.Body.Close()
			if stop || dropped == nil {
				return
			}
			if ctx.Err() != nil {
				yield(api.StreamEvent{}, connectionError(ctx, ctx.Err()))
				return
			}
			if s.failures >= t.reconnects {
				yield(api.StreamEvent{}, &ConnectionError{Err: dropped})
				return
			}
			if err := t.sleep(ctx, t.retry.delay(s.failures, nil)); err != nil {
				yield(api.StreamEvent{}, connectionError(ctx, err))
				return
			}
			s.failures++
		}
	}
}

func withLastEventID(req *api.Request, id string) *api.Request {
	if id == "" {
		return req
	}
	next := *req
	next.Header = req.Header.Clone()
	if next.Header == nil {
		next.Header = http.Header{}
	}
	next.Header.Set("Last-Event-ID", id)
	return &next
}

type sseState struct {
	lastID   string
	failures int
}

// read parses one connection's events. dropped is the read error when the connection broke
// (nil when the server ended the stream); stop is true when the caller stopped or an error event ended it.
func (s *sseState) read(body io.Reader, yield func(api.StreamEvent, error) bool) (dropped error, stop bool) {
	reader := bufio.NewReader(body)
	var event, id string
	var data []string
	hasData := false
	for {
		line, err := reader.ReadString('\n')
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil, false
			}
			return err, false
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if hasData {
				if !s.dispatch(event, id, strings.Join(data, "\n"), yield) {
					return nil, true
				}
			}
			event, data, hasData = "", nil, false
			continue
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		name, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch name {
		case "event":
			event = value
		case "data":
			data, hasData = append(data, value), true
		case "id":
			if !strings.Contains(value, "\x00") {
				id, s.lastID = value, value
			}
		}
	}
}

// dispatch hands one event to yield; it reports whether reading should go on.
func (s *sseState) dispatch(event, id, data string, yield func(api.StreamEvent, error) bool) bool {
	switch event {
	case "ping":
		return true
	case "error":
		yield(api.StreamEvent{}, eventError([]byte(data)))
		return false
	}
	if event == "" {
		event = "message"
	}
	s.failures = 0
	return yield(api.StreamEvent{Event: event, ID: id, Data: json.RawMessage(data)}, nil)
}
