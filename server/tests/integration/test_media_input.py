"""Images and PDFs as model input on the real platform, each model adapter against its local stand-in.

An image message (inline base64 or by File id) and a PDF by File id reach a model whose catalogue entry
declares ``image_input`` / ``pdf_input``: the Messages stand-in receives image and document blocks, the
Chat Completions stand-in ``image_url`` data URLs and ``file`` parts; an image a custom tool returns
reaches the model with the tool's result. A model that declares neither refuses them with a 400 that
names the capability, before anything is admitted. Content is judged by its bytes: a PNG declared as
JPEG and a text File sent as an image are refused, a PNG uploaded as ``photo.jpg`` is sent as the PNG it
is; the image size limit (lowered here through ``MANGO_MEDIA_IMAGE_MAX_BYTES``) answers 400. An image
an MCP tool returns reaches a model that accepts images, and is named in a note for one that does not.
"""

from __future__ import annotations

import base64
import io
import json
import struct
import time
import zlib
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import yaml
from mango_server.devstack import DevStack, Platform, Tenant
from pypdf import PdfWriter

from ..support.fake_messages import FakeMessagesServer, MessageReply
from ..support.fake_openai import ChatReply, FakeOpenAIServer, FakeToolCall
from ..support.mcp_server import McpTestServer
from ._client import CUSTOM_TOOL, client, history, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(300)]

MESSAGES_KEY = "sk-media-messages"
IMAGE_LIMIT = 4096  # MANGO_MEDIA_IMAGE_MAX_BYTES for this platform
WINDOW = {"context_window": 200000, "max_output_tokens": 4096}
MEDIA = {"image_input": True, "pdf_input": True}


def png(width: int = 1, height: int = 1, padding: int = 0) -> bytes:
    """A real PNG (RGB, one colour), optionally padded with a private ancillary chunk to grow it."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\x10\x80\xf0" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    extra = chunk(b"pADd", b"\x00" * padding) if padding else b""
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + extra
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def pdf(pages: int = 2) -> bytes:
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(width=200, height=200)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


@pytest.fixture(scope="module")
def fakes() -> Iterator[tuple[FakeMessagesServer, FakeOpenAIServer]]:
    messages, chat = FakeMessagesServer(api_key=MESSAGES_KEY), FakeOpenAIServer(api_key=None)
    messages.start()
    chat.start()
    try:
        yield messages, chat
    finally:
        messages.stop()
        chat.stop()


@pytest.fixture(scope="module")
def platform(
    mango_services: DevStack,
    fakes: tuple[FakeMessagesServer, FakeOpenAIServer],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Platform]:
    messages, chat = fakes
    folder = tmp_path_factory.mktemp("media")
    models = [
        {"id": "mango-offline-1", "adapter": "offline", **WINDOW},
        {
            "id": "vision-claude",
            "adapter": "messages",
            "base_url": messages.base_url,
            "credential": {"env": "MEDIA_MESSAGES_KEY"},
            "capabilities": MEDIA,
            **WINDOW,
        },
        {"id": "vision-gpt", "adapter": "openai-chat", "base_url": chat.base_url, "capabilities": MEDIA, **WINDOW},
        {"id": "text-gpt", "adapter": "openai-chat", "base_url": chat.base_url, **WINDOW},
    ]
    catalogue = folder / "models.yaml"
    catalogue.write_text(yaml.safe_dump({"default": "mango-offline-1", "models": models}))
    env = {
        "MANGO_MODELS_FILE": str(catalogue),
        "MEDIA_MESSAGES_KEY": MESSAGES_KEY,
        "MANGO_MEDIA_IMAGE_MAX_BYTES": str(IMAGE_LIMIT),
        "MANGO_EGRESS_ALLOW": "127.0.0.1/32",  # the MCP test server
    }
    running = Platform(mango_services, folder, extra_env=env)
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def tenant(platform: Platform) -> Tenant:
    return platform.create_tenant("media")


def _session(http: httpx.Client, model: str, mcp_url: str | None = None) -> str:
    body: dict[str, Any] = {"name": f"media-{model}", "model": model, "tools": [CUSTOM_TOOL]}
    if mcp_url is not None:
        body["mcp_servers"] = [{"type": "url", "name": "tests", "url": mcp_url}]
        policy = {"permission_policy": {"type": "always_allow"}}
        body["tools"] = [{"type": "mcp_toolset", "mcp_server_name": "tests", "default_config": policy}]
    agent = http.post("/v1/agents", json=body)
    assert agent.status_code == 200, agent.text
    env = http.post("/v1/environments", json={"name": f"media-{model}-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    session = http.post("/v1/sessions", json={"agent": agent.json()["id"], "environment_id": env.json()["id"]})
    assert session.status_code == 200, session.text
    return str(session.json()["id"])


def _upload(http: httpx.Client, name: str, data: bytes, mime: str) -> str:
    response = http.post("/v1/files", files={"file": (name, data, mime)})
    assert response.status_code == 200, response.text
    return str(response.json()["id"])


def _send(http: httpx.Client, sid: str, *content: dict[str, Any]) -> httpx.Response:
    return http.post(
        f"/v1/sessions/{sid}/events", json={"events": [{"type": "user.message", "content": list(content)}]}
    )


def _last_user_content(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in body["messages"] if m["role"] == "user"][-1]["content"]


def _image(data: bytes, media_type: str = "image/png") -> dict[str, Any]:
    return {"type": "image", "source": {"type": "base64", "media_type": media_type, "data": b64(data)}}


def test_images_and_a_pdf_reach_the_messages_adapter(
    platform: Platform, tenant: Tenant, fakes: tuple[FakeMessagesServer, FakeOpenAIServer]
) -> None:
    fake = fakes[0]
    fake.reset()
    image, document = png(2, 2), pdf(3)
    with client(platform, tenant) as http:
        sid = _session(http, "vision-claude")
        photo = _upload(http, "photo.jpg", image, "image/jpeg")  # a PNG by its bytes, whatever its name says
        report = _upload(http, "report.bin", document, "application/octet-stream")
        fake.enqueue(MessageReply(content=[{"type": "text", "text": "Two squares and a report."}]))
        sent = _send(
            http,
            sid,
            {"type": "text", "text": "What do you see?"},
            _image(image),
            {"type": "image", "source": {"type": "file", "file_id": photo}},
            {"type": "document", "source": {"type": "file", "file_id": report}, "title": "Report"},
        )
        assert sent.status_code == 200, sent.text
        # The public event keeps the File sources exactly as sent.
        assert sent.json()["data"][0]["content"][2] == {"type": "image", "source": {"type": "file", "file_id": photo}}
        wait_status(http, sid, "end_turn", timeout=60)
        # Deleting the File after admission changes nothing: the next request replays the snapshot.
        assert http.delete(f"/v1/files/{photo}").status_code == 200
        fake.enqueue(MessageReply(content=[{"type": "text", "text": "Still two squares."}]))
        assert _send(http, sid, {"type": "text", "text": "And now?"}).status_code == 200
        wait_status(http, sid, "end_turn", timeout=60)
    first, second = fake.bodies()[-2:]
    assert next(m for m in second["messages"] if m["role"] == "user")["content"] == _last_user_content(first)
    content = _last_user_content(first)
    assert content[0] == {"type": "text", "text": "What do you see?"}
    assert content[1] == {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": b64(image)}}
    assert content[2] == {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": b64(image)}}
    assert content[3] == {
        "type": "document",
        "source": {"type": "base64", "media_type": "application/pdf", "data": b64(document)},
        "title": "Report",
    }


def test_an_image_a_custom_tool_returns_reaches_the_model(
    platform: Platform, tenant: Tenant, fakes: tuple[FakeMessagesServer, FakeOpenAIServer]
) -> None:
    fake = fakes[0]
    fake.reset()
    image = png(3, 1)
    call = {"type": "tool_use", "id": "toolu_chart_1", "name": "get_weather", "input": {"city": "Oslo"}}
    with client(platform, tenant) as http:
        sid = _session(http, "vision-claude")
        fake.enqueue(
            MessageReply(content=[call], stop_reason="tool_use"),
            MessageReply(content=[{"type": "text", "text": "A chart."}]),
        )
        assert _send(http, sid, {"type": "text", "text": "weather chart?"}).status_code == 200
        [pending] = wait_status(http, sid, "requires_action", timeout=60)["stop_reason"]["event_ids"]
        result = {
            "type": "user.custom_tool_result",
            "custom_tool_use_id": pending,
            "content": [{"type": "text", "text": "the chart:"}, _image(image)],
        }
        answered = http.post(f"/v1/sessions/{sid}/events", json={"events": [result]})
        assert answered.status_code == 200, answered.text
        wait_status(http, sid, "end_turn", timeout=60)
    [tool_result] = [b for b in _last_user_content(fake.bodies()[-1]) if b.get("type") == "tool_result"]
    assert tool_result["tool_use_id"] == "toolu_chart_1"
    assert tool_result["content"] == [
        {"type": "text", "text": "the chart:"},
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": b64(image)}},
    ]


def test_images_and_a_pdf_reach_the_chat_completions_adapter(
    platform: Platform, tenant: Tenant, fakes: tuple[FakeMessagesServer, FakeOpenAIServer]
) -> None:
    fake = fakes[1]
    fake.reset()
    image, document = png(1, 2), pdf(1)
    with client(platform, tenant) as http:
        sid = _session(http, "vision-gpt")
        report = _upload(http, "report.pdf", document, "application/pdf")
        fake.enqueue(ChatReply(content="Seen."))
        sent = _send(
            http,
            sid,
            {"type": "text", "text": "Look."},
            _image(image),
            {"type": "document", "source": {"type": "file", "file_id": report}, "title": "report"},
        )
        assert sent.status_code == 200, sent.text
        wait_status(http, sid, "end_turn", timeout=60)
    parts = _last_user_content(fake.bodies()[-1])
    assert parts == [
        {"type": "text", "text": "Look."},
        {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{b64(image)}"}},
        {
            "type": "file",
            "file": {"filename": "report.pdf", "file_data": f"data:application/pdf;base64,{b64(document)}"},
        },
    ]


def test_a_chat_tool_result_image_follows_in_a_user_message(
    platform: Platform, tenant: Tenant, fakes: tuple[FakeMessagesServer, FakeOpenAIServer]
) -> None:
    fake = fakes[1]
    fake.reset()
    image = png(2, 1)
    with client(platform, tenant) as http:
        sid = _session(http, "vision-gpt")
        fake.enqueue(
            ChatReply(content=None, tool_calls=[FakeToolCall("call_chart_1", "get_weather", '{"city": "Rome"}')]),
            ChatReply(content="A chart."),
        )
        assert _send(http, sid, {"type": "text", "text": "chart?"}).status_code == 200
        [pending] = wait_status(http, sid, "requires_action", timeout=60)["stop_reason"]["event_ids"]
        result = {"type": "user.custom_tool_result", "custom_tool_use_id": pending, "content": [_image(image)]}
        assert http.post(f"/v1/sessions/{sid}/events", json={"events": [result]}).status_code == 200
        wait_status(http, sid, "end_turn", timeout=60)
    messages = fake.bodies()[-1]["messages"]
    tool = [m for m in messages if m["role"] == "tool"][-1]
    assert tool["tool_call_id"] == "call_chart_1"
    assert "follows in the next user message" in tool["content"]
    after = messages[messages.index(tool) + 1]
    assert after["role"] == "user"
    assert after["content"][1] == {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{b64(image)}"}}


def test_a_model_without_image_or_pdf_input_refuses_them_at_admission(
    platform: Platform, tenant: Tenant, fakes: tuple[FakeMessagesServer, FakeOpenAIServer]
) -> None:
    fake = fakes[1]
    fake.reset()
    with client(platform, tenant) as http:
        sid = _session(http, "text-gpt")
        refused = _send(http, sid, {"type": "text", "text": "see?"}, _image(png()))
        assert refused.status_code == 400, refused.text
        message = refused.json()["error"]["message"]
        assert "events[0].content[1]" in message
        assert "image_input" in message
        assert "text-gpt" in message
        assert "vision-claude" in message  # the models that do accept images
        report = _upload(http, "r.pdf", pdf(1), "application/pdf")
        refused = _send(http, sid, {"type": "document", "source": {"type": "file", "file_id": report}})
        assert refused.status_code == 400, refused.text
        assert "pdf_input" in refused.json()["error"]["message"]
        # Nothing was admitted and no turn ran: the Session never called the model.
        assert [e for e in history(http, sid) if e["type"] == "user.message"] == []
        assert http.get(f"/v1/sessions/{sid}").json()["status"] == "idle"
    assert fake.bodies() == []


def test_content_is_judged_by_its_bytes_and_bounded(platform: Platform, tenant: Tenant) -> None:
    with client(platform, tenant) as http:
        sid = _session(http, "vision-claude")
        mislabelled = _send(http, sid, _image(png(), "image/jpeg"))
        assert mislabelled.status_code == 400, mislabelled.text
        assert "a PNG image, not a JPEG image" in mislabelled.json()["error"]["message"]
        not_image = _upload(http, "notes.png", b"just some text, not pixels", "image/png")
        refused = _send(http, sid, {"type": "image", "source": {"type": "file", "file_id": not_image}})
        assert refused.status_code == 400, refused.text
        assert "not a PNG, JPEG, GIF or WebP image" in refused.json()["error"]["message"]
        fake_pdf = {"type": "base64", "media_type": "application/pdf", "data": b64(b"%PDF-1.7 truncated")}
        refused = _send(http, sid, {"type": "document", "source": fake_pdf})
        assert refused.status_code == 400, refused.text
        assert "cannot be read" in refused.json()["error"]["message"]
        large = png(padding=IMAGE_LIMIT)
        too_big = _send(http, sid, _image(large))
        assert too_big.status_code == 400, too_big.text
        assert f"at most {IMAGE_LIMIT} bytes" in too_big.json()["error"]["message"]
        big_file = _upload(http, "big.png", large, "image/png")
        too_big = _send(http, sid, {"type": "image", "source": {"type": "file", "file_id": big_file}})
        assert too_big.status_code == 400, too_big.text
        assert "MANGO_MEDIA_IMAGE_MAX_BYTES" in too_big.json()["error"]["message"]
        assert [e for e in history(http, sid) if e["type"] == "user.message"] == []


@pytest.mark.parametrize(("model", "shown"), [("vision-claude", True), ("vision-gpt", True), ("text-gpt", False)])
def test_an_image_an_mcp_tool_returns_reaches_a_model_that_accepts_images(
    platform: Platform, tenant: Tenant, fakes: tuple[FakeMessagesServer, FakeOpenAIServer], model: str, shown: bool
) -> None:
    messages, chat = fakes
    fake: FakeMessagesServer | FakeOpenAIServer = messages if model == "vision-claude" else chat
    fake.reset()
    if isinstance(fake, FakeMessagesServer):
        call = {"type": "tool_use", "id": "toolu_pic_1", "name": "picture", "input": {}}
        fake.enqueue(
            MessageReply(content=[call], stop_reason="tool_use"), MessageReply(content=[{"type": "text", "text": "ok"}])
        )
    else:
        fake.enqueue(
            ChatReply(content=None, tool_calls=[FakeToolCall("toolu_pic_1", "picture", "{}")]), ChatReply(content="ok")
        )
    with McpTestServer() as server, client(platform, tenant) as http:
        sid = _session(http, model, server.url)
        assert _send(http, sid, {"type": "text", "text": "draw"}).status_code == 200
        wait_status(http, sid, "end_turn", timeout=90)
        [result] = [e for e in history(http, sid) if e["type"] == "agent.mcp_tool_result"]
        assert result["content"] == [{"type": "text", "text": "[image: image/png]"}]
    body = fake.bodies()[-1]
    picture = "iVBORw0KGgo="  # the PNG signature the test server's picture tool returns
    if isinstance(fake, FakeMessagesServer):
        [tool_result] = [b for b in _last_user_content(body) if b.get("type") == "tool_result"]
        image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": picture}}
        assert tool_result["content"] == [{"type": "text", "text": "[image: image/png]"}, image]
        return
    user = body["messages"][-1]
    parts = [p for p in user["content"] if isinstance(p, dict)] if user["role"] == "user" else []
    sent = {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{picture}"}}
    assert (sent in parts) is shown
    if not shown:
        tool = [m for m in body["messages"] if m["role"] == "tool"][-1]
        assert "does not accept image input" in json.dumps(tool["content"])
