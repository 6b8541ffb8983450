"""Mango quickstart: an agent with a custom tool, its reply streamed, the tool call answered.

Run after `make dev` and `source .mango/dev.env`:  python examples/quickstart/python/quickstart.py
"""

from __future__ import annotations

import sys
import uuid

from mango import Mango
from mango.types import AgentCustomToolUseEvent, AgentMessageEvent, SessionErrorEvent, SessionStatusIdleEvent

WEATHER_TOOL = {
    "type": "custom",
    "name": "get_weather",
    "description": "Current weather for a city.",
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
}


def get_weather(city: str) -> str:
    """Our application's implementation of the tool the agent calls."""
    return f"18°C and sunny in {city}"


def main() -> int:
    with Mango() as client:  # reads MANGO_BASE_URL and MANGO_API_KEY
        agent = client.agents.create(name="quickstart", model="mango-offline-1", tools=[WEATHER_TOOL])
        environment = client.environments.create(name=f"quickstart-{uuid.uuid4().hex[:8]}")
        session = client.sessions.create(agent=agent.id, environment_id=environment.id)
        print(f"session {session.id}")

        # Open the stream before sending, so no event of the turn is missed.
        with client.sessions.events.stream(session.id) as stream:
            # mango-offline-1 treats a `/tool NAME {json}` line as an order to call that tool;
            # with a real model you would simply ask "What's the weather in Paris?".
            text = 'What is the weather in Paris?\n/tool get_weather {"city": "Paris"}'
            client.sessions.events.send(
                session.id, events=[{"type": "user.message", "content": [{"type": "text", "text": text}]}]
            )
            tool_calls: dict[str, AgentCustomToolUseEvent] = {}
            reply = ""
            for event in stream:
                if isinstance(event, AgentMessageEvent):
                    reply = "".join(block.text for block in event.content)
                    print(f"agent: {reply}")
                elif isinstance(event, AgentCustomToolUseEvent):
                    tool_calls[event.id] = event
                    print(f"tool call: {event.name} {event.input_.to_dict()}")
                elif isinstance(event, SessionErrorEvent):
                    print(f"session error: {event.error.to_dict()}", file=sys.stderr)
                elif isinstance(event, SessionStatusIdleEvent):
                    stop = event.stop_reason
                    if stop.type_ == "end_turn":
                        break
                    if stop.type_ != "requires_action":
                        print(f"the turn stopped: {stop.type_}", file=sys.stderr)
                        return 1
                    # The session waits for a result for every listed tool call.
                    results = []
                    for tool_use_id in stop.event_ids:
                        answer = get_weather(**tool_calls[tool_use_id].input_.to_dict())
                        print(f"tool result: {answer}")
                        results.append(
                            {
                                "type": "user.custom_tool_result",
                                "custom_tool_use_id": tool_use_id,
                                "content": [{"type": "text", "text": answer}],
                            }
                        )
                    client.sessions.events.send(session.id, events=results)
            else:
                print("the stream ended before the turn did", file=sys.stderr)
                return 1
        print(f"final reply: {reply}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
