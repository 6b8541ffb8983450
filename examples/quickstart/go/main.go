// Mango quickstart: an agent with a custom tool, its reply streamed, the tool call answered.
// Run after `make dev` and `source .mango/dev.env`:  cd examples/quickstart/go && go run .
package main

import (
	"context"
	"fmt"
	"log"
	"net/http/httptrace"
	"sync"
	"time"

	"github.com/mango-ai/mango-go/api"
	"github.com/mango-ai/mango-go/mango"
)

// getWeather is our application's implementation of the tool the agent calls.
func getWeather(input map[string]any) string { return fmt.Sprint("18°C and sunny in ", input["city"]) }

func main() {
	ctx, client := context.Background(), mango.NewClient() // reads MANGO_BASE_URL and MANGO_API_KEY
	schema := map[string]any{"type": "object", "properties": map[string]any{"city": map[string]any{"type": "string"}}}
	agent := must(client.Agents.Create(ctx, api.AgentsCreateParams{
		Name: "quickstart", Model: api.NewModelParamFromString("mango-offline-1"),
		Tools: []api.AgentTool{api.NewAgentToolFromCustomTool(api.CustomTool{
			Type: "custom", Name: "get_weather", Description: new("Current weather for a city."), InputSchema: schema})},
	}))
	name := fmt.Sprint("quickstart-", time.Now().UnixNano())
	env := must(client.Environments.Create(ctx, api.EnvironmentsCreateParams{Name: name}))
	session := must(client.Sessions.Create(ctx, api.SessionsCreateParams{
		Agent: api.NewAgentRefParamFromString(agent.ID), EnvironmentID: env.ID}))
	fmt.Println("session", session.ID)

	// Open the stream before sending, so no event of the turn is missed: read it in a goroutine
	// and wait until the server has answered (the stream starts at that moment).
	opened, events := make(chan struct{}), make(chan api.SessionStreamEvent)
	trace := &httptrace.ClientTrace{GotFirstResponseByte: sync.OnceFunc(func() { close(opened) })}
	go func() {
		stream := client.Sessions.Events.Stream(httptrace.WithClientTrace(ctx, trace), session.ID, api.SessionsEventsStreamParams{})
		for event, err := range stream {
			events <- must(event, err)
		}
		log.Fatalln("the stream ended before the turn did")
	}()
	<-opened

	// mango-offline-1 treats a `/tool NAME {json}` line as an order to call that tool;
	// with a real model you would simply ask "What's the weather in Paris?".
	send(ctx, client, session.ID, api.NewSessionEventInputFromUserMessageEventParams(api.UserMessageEventParams{
		Type: "user.message", Content: text("What is the weather in Paris?\n/tool get_weather {\"city\": \"Paris\"}")}))
	toolCalls, reply := map[string]api.AgentCustomToolUseEvent{}, ""
	for event := range events {
		switch event.Type {
		case api.SessionStreamEventTypeAgentMessage:
			reply = must(event.AsAgentMessageEvent()).Content[0].Text
			fmt.Println("agent:", reply)
		case api.SessionStreamEventTypeAgentCustomToolUse:
			call := must(event.AsAgentCustomToolUseEvent())
			toolCalls[call.ID] = call
			fmt.Println("tool call:", call.Name, call.Input)
		case api.SessionStreamEventTypeSessionError:
			log.Println("session error:", must(event.AsSessionErrorEvent()).Error.Message)
		case api.SessionStreamEventTypeSessionStatusIdle:
			stop := must(event.AsSessionStatusIdleEvent()).StopReason
			if stop.Type == api.StopReasonTypeEndTurn {
				fmt.Println("final reply:", reply)
				return
			}
			// The session waits for a result for every listed tool call (anything else is fatal here).
			var results []api.SessionEventInput
			for _, id := range must(stop.AsRequiresActionStopReason()).EventIDs {
				answer := getWeather(toolCalls[id].Input)
				fmt.Println("tool result:", answer)
				results = append(results, api.NewSessionEventInputFromUserCustomToolResultEventParams(
					api.UserCustomToolResultEventParams{Type: "user.custom_tool_result", CustomToolUseID: id, Content: text(answer)}))
			}
			send(ctx, client, session.ID, results...)
		}
	}
}

func text(s string) []api.UserContentBlock {
	return []api.UserContentBlock{api.NewUserContentBlockFromTextBlock(api.TextBlock{Type: "text", Text: s})}
}

func send(ctx context.Context, client *mango.Client, sessionID string, events ...api.SessionEventInput) {
	must(client.Sessions.Events.Send(ctx, sessionID, api.SessionsEventsSendParams{Events: events}))
}

// must stops the program on an error (each error names what was wrong and its request id).
func must[T any](value T, err error) T {
	if err != nil {
		log.Fatalln(err)
	}
	return value
}
