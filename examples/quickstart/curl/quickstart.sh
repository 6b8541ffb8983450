#!/usr/bin/env bash
# Mango quickstart with curl: an agent with a custom tool, its reply streamed, the tool call answered.
# Run after `make dev` and `source .mango/dev.env`:  bash examples/quickstart/curl/quickstart.sh
# JSON is read with python3 (already needed by `make dev`), so nothing else has to be installed.
set -euo pipefail
: "${MANGO_BASE_URL:?source .mango/dev.env first}" "${MANGO_API_KEY:?source .mango/dev.env first}"
auth=(-H "authorization: Bearer $MANGO_API_KEY")

pick() { # pick a.b.0: print one field of the JSON on stdin (list items one per line)
  python3 -c 'import json, sys
v = json.load(sys.stdin)
for k in sys.argv[1].split("."):
    v = v[int(k)] if isinstance(v, list) else v.get(k)
print("\n".join(v) if isinstance(v, list) else ("" if v is None else v))' "$1"
}
post() { # post PATH JSON: print the answer's id; on 4xx/5xx print the error (it has a request_id) and fail
  local answer
  answer=$(curl -sS --fail-with-body "${auth[@]}" -H "content-type: application/json" -d "$2" "$MANGO_BASE_URL$1") ||
    { echo "POST $1 failed: $answer" >&2; return 1; }
  pick id <<<"$answer"
}

tool='{"type": "custom", "name": "get_weather", "description": "Current weather for a city.",
  "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}'
agent=$(post /v1/agents "{\"name\": \"quickstart\", \"model\": \"mango-offline-1\", \"tools\": [$tool]}")
environment=$(post /v1/environments "{\"name\": \"quickstart-$(date +%s)-$RANDOM\"}")
session=$(post /v1/sessions "{\"agent\": \"$agent\", \"environment_id\": \"$environment\"}")
echo "session $session"

# Open the stream before sending, so no event of the turn is missed: the stream starts when the
# server answers, so wait for its status line (curl -D) before going on.
tmp=$(mktemp -d)
exec 3< <(exec curl -sSN --fail "${auth[@]}" -D "$tmp/headers" "$MANGO_BASE_URL/v1/sessions/$session/events/stream")
stream_pid=$!
trap 'kill "$stream_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
until grep -qs "^HTTP/" "$tmp/headers"; do kill -0 "$stream_pid" || exit 1; sleep 0.1; done

# mango-offline-1 treats a `/tool NAME {json}` line as an order to call that tool;
# with a real model you would simply ask "What's the weather in Paris?".
post "/v1/sessions/$session/events" '{"events": [{"type": "user.message", "content": [{"type": "text",
  "text": "What is the weather in Paris?\n/tool get_weather {\"city\": \"Paris\"}"}]}]}' >/dev/null

reply=""
while IFS= read -r line <&3; do
  [[ $line == data:* ]] || continue # only data: lines carry the event; pings match no case below
  event=${line#data: }
  case $(pick type <<<"$event") in
    agent.message)
      reply=$(pick content.0.text <<<"$event")
      echo "agent: $reply" ;;
    agent.custom_tool_use)
      echo "tool call: $(pick name <<<"$event") $(pick input.city <<<"$event")" ;;
    session.error)
      echo "session error: $(pick error.message <<<"$event")" >&2 ;;
    session.status_idle)
      stop=$(pick stop_reason.type <<<"$event")
      [[ $stop == end_turn ]] && { echo "final reply: $reply"; exit 0; }
      [[ $stop == requires_action ]] || { echo "the turn stopped: $stop" >&2; exit 1; }
      # The session waits for a result for every listed tool call (here: always Paris).
      for id in $(pick stop_reason.event_ids <<<"$event"); do
        echo "tool result: 18°C and sunny in Paris"
        post "/v1/sessions/$session/events" "{\"events\": [{\"type\": \"user.custom_tool_result\",
          \"custom_tool_use_id\": \"$id\", \"content\": [{\"type\": \"text\", \"text\": \"18°C and sunny in Paris\"}]}]}" >/dev/null
      done ;;
  esac
done
echo "the stream ended before the turn did" >&2
exit 1
