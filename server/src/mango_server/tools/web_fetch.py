"""The platform-managed ``web_fetch`` executor: one guarded GET, returned as text the model can read.

Every fetch goes through the egress guard (``tools.egress.fetch_bounded``): http(s) only, Mango's
own DNS with every address checked and pinned, at most 5 redirects, bounded size and time. HTML
becomes Markdown-like text (headings, paragraphs, list items, links as ``[text](url)``; scripts,
styles and other non-content elements dropped); ``text/*``, JSON and XML are returned as they
are; anything else is an explicit unsupported-content error. The text is bounded to
``MAX_TEXT_CHARS``. A small converter on the standard library's ``html.parser`` is enough here
because the output only has to be readable, not faithful.

Not responsible for permissions (the tool plane asks or evaluates before calling it), for
choosing between this executor and the provider's native tool, or for retention of the body.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import urljoin

from mango_server.tools.egress import EgressPolicy, EgressRefused, fetch_bounded

MAX_TEXT_CHARS = 100_000
_SKIP = frozenset({"script", "style", "noscript", "template", "svg", "head", "iframe", "object"})
_BLOCK = frozenset({"p", "div", "section", "article", "main", "header", "footer", "br", "tr", "table", "blockquote"})
_TEXTUAL = ("text/", "application/json", "application/xml", "application/xhtml+xml")


@dataclass(frozen=True)
class FetchResult:
    """What the model receives: the text (or the error) and whether it is an error."""

    text: str
    is_error: bool


class _Markdown(HTMLParser):
    def __init__(self, base_url: str) -> None:
        super().__init__(convert_charrefs=True)
        self.base_url = base_url
        self.out: list[str] = []
        self.skipping = 0
        self.href: str | None = None
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self._in_title = True
        if tag in _SKIP:
            self.skipping += 1
        elif tag in _BLOCK:
            self.out.append("\n\n")
        elif re.fullmatch(r"h[1-6]", tag):
            self.out.append("\n\n" + "#" * int(tag[1]) + " ")
        elif tag == "li":
            self.out.append("\n- ")
        elif tag == "a":
            self.href = dict(attrs).get("href")
            self.out.append("[")

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        if tag in _SKIP:
            self.skipping = max(0, self.skipping - 1)
        elif tag == "a":
            self.out.append(f"]({urljoin(self.base_url, self.href)})" if self.href else "]")
            self.href = None
        elif re.fullmatch(r"h[1-6]", tag) or tag in _BLOCK:
            self.out.append("\n\n")

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        if not self.skipping:
            self.out.append(re.sub(r"\s+", " ", data))

    def text(self) -> str:
        body = "".join(self.out)
        body = re.sub(r"[ \t]+\n", "\n", body)
        body = re.sub(r"\n{3,}", "\n\n", body).strip()
        title = self.title.strip()
        return f"# {title}\n\n{body}" if title and not body.startswith("#") else body


def html_to_text(markup: str, base_url: str) -> str:
    """Readable Markdown-like text of an HTML document."""
    parser = _Markdown(base_url)
    parser.feed(markup)
    parser.close()
    return html.unescape(parser.text())


async def web_fetch(policy: EgressPolicy, url: str) -> FetchResult:
    """Fetch ``url`` for the model; every failure is a tool error with a public reason."""
    try:
        fetched = await fetch_bounded(policy, url, headers={"accept": "text/html, text/*;q=0.9, */*;q=0.1"})
    except EgressRefused as exc:
        return FetchResult(f"web_fetch failed: {exc}", True)
    except Exception as exc:  # network errors of every kind are the tool's failure, not the turn's
        return FetchResult(f"web_fetch failed: {type(exc).__name__}", True)
    kind = fetched.content_type.split(";")[0].strip().lower()
    if fetched.status_code >= 400:
        return FetchResult(f"web_fetch failed: {fetched.url} answered HTTP {fetched.status_code}", True)
    if not kind.startswith(_TEXTUAL):
        return FetchResult(
            f"web_fetch: {fetched.url} returned {kind or 'unknown'} content, which is not supported", True
        )
    raw = _decode(fetched.body, fetched.content_type)
    text = html_to_text(raw, fetched.url) if kind in ("text/html", "application/xhtml+xml") else raw
    if len(text) > MAX_TEXT_CHARS:
        text = text[:MAX_TEXT_CHARS] + f"\n\n[truncated at {MAX_TEXT_CHARS} characters]"
    return FetchResult(f"Fetched {fetched.url}\n\n{text}", False)


def _decode(body: bytes, content_type: str) -> str:
    """The body in its declared charset (UTF-8 when none or an unknown one is declared)."""
    charset = re.search(r"charset=([\w-]+)", content_type)
    try:
        return body.decode(charset.group(1) if charset else "utf-8", errors="replace")
    except LookupError:
        return body.decode("utf-8", errors="replace")
