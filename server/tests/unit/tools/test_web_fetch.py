"""The managed web_fetch executor: guarded, bounded, HTML as readable text, failures as tool errors."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from mango_server.tools.egress import EgressPolicy
from mango_server.tools.web_fetch import html_to_text, web_fetch

PAGE = (
    b"<html><head><title>Teapots</title><style>p {color: red}</style><script>alert(1)</script></head>"
    b'<body><h1>Teapots</h1><p>Our <a href="/catalog">catalog</a> &amp; more.</p>'
    b"<ul><li>one</li><li>two</li></ul></body></html>"
)


class _Pages(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        routes = {
            "/page": (200, "text/html; charset=utf-8", PAGE),
            "/plain": (200, "text/plain", b"just text"),
            "/image": (200, "image/png", b"\x89PNG"),
            "/missing": (404, "text/html", b"no"),
        }
        if self.path.startswith("/hop"):
            n = int(self.path[4:] or 0)
            self.send_response(302)
            self.send_header("Location", f"/hop{n + 1}" if n < 10 else "/page")
            self.end_headers()
            return
        status, kind, body = routes.get(self.path, (404, "text/plain", b""))
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Pages)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


ALLOW = EgressPolicy.from_setting("127.0.0.1/32")


def test_html_becomes_readable_text() -> None:
    text = html_to_text(PAGE.decode(), "https://shop.example/x")
    assert text == "# Teapots\n\nOur [catalog](https://shop.example/catalog) & more.\n\n- one\n- two"


async def test_a_page_is_fetched_as_text(base: str) -> None:
    result = await web_fetch(ALLOW, f"{base}/page")
    assert not result.is_error
    assert "[catalog](" in result.text
    assert "alert" not in result.text


async def test_plain_text_is_returned_as_is(base: str) -> None:
    assert (await web_fetch(ALLOW, f"{base}/plain")).text.endswith("just text")


async def test_binary_and_http_errors_are_tool_errors(base: str) -> None:
    image, missing = await web_fetch(ALLOW, f"{base}/image"), await web_fetch(ALLOW, f"{base}/missing")
    assert image.is_error
    assert "image/png" in image.text
    assert missing.is_error
    assert "404" in missing.text


async def test_loopback_is_refused_without_the_allowlist(base: str) -> None:
    result = await web_fetch(EgressPolicy(), f"{base}/page")
    assert result.is_error
    assert "loopback" in result.text


async def test_at_most_five_redirects_are_followed(base: str) -> None:
    assert not (await web_fetch(ALLOW, f"{base}/hop6")).is_error  # 5 hops to /page
    result = await web_fetch(ALLOW, f"{base}/hop0")
    assert result.is_error
    assert "redirects" in result.text
