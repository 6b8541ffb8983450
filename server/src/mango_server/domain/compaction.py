"""Extractive compaction: a smaller projection of a transcript that a model request can still use.

Role: given the ordered transcript entries (one per provider message row, keyed
``<trigger_id>:<position>``, grouped into turns by trigger) and a token target, choose what a
request sends instead of everything: the head that pins the task, a summary entry standing for
what was left out, and the most recent turns. Oversized ``tool_result`` blocks are shrunk first.

Invariants (tested): entries are only kept, dropped or, for ``tool_result`` blocks, shrunk in place
(every other field of a kept block, opaque or unknown, is untouched); an assistant entry is never
edited, so a server-tool block (``server_tool_use`` with its result) is kept or dropped whole;
within a turn a ``tool_use`` entry and the entry answering it are dropped together; the result
starts with a user entry. The projection is a plain value; the caller persists it as an immutable
snapshot and never rewrites the transcript rows.

Not responsible for: measuring requests (``domain.tokens``), deciding when to compact
(``domain.context_policy``) or storage.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from mango_server.domain.json import JsonObject
from mango_server.domain.tokens import BYTES_PER_TOKEN, estimate_message

__all__ = [
    "POLICY_VERSION",
    "Entry",
    "Projection",
    "apply_projection",
    "compact",
    "dropped_entries",
    "summary_budget",
    "turn_of",
    "with_summary",
]

POLICY_VERSION = "extractive-1"
_OMITTED = "[... {count} characters of this tool result were omitted by context compaction ...]"
_SUMMARY_LINE_CHARS = 200


@dataclass(frozen=True, slots=True)
class Entry:
    """One provider message: its transcript key, role and exact blocks."""

    key: str
    role: str
    blocks: list[JsonObject]
    #: The provider message of this entry alone, built once: the requests of a Session's rounds, built from
    #: the entries its process keeps between them, then share it, and comparing one request with the last
    #: (``domain.tokens.Prefix.same``) finds the same objects instead of comparing them by value.
    message: dict[str, object] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", {"role": self.role, "content": self.blocks})


@dataclass(frozen=True, slots=True)
class Projection:
    """What a compacted request sends: kept keys in order, shrunk blocks and one summary entry."""

    kept: list[str]
    replaced: dict[str, list[JsonObject]] = field(default_factory=dict)
    summary: str | None = None
    summary_index: int = 0
    horizon: str | None = None  # the last transcript key the projection covers


def turn_of(key: str) -> str:
    """The trigger id part of a transcript key."""
    return key.rpartition(":")[0]


def _cost(entry: Entry) -> int:
    return estimate_message(entry.message)


def _shrink_result(block: JsonObject, limit_chars: int) -> JsonObject:
    content = block.get("content")
    text = content if isinstance(content, str) else _joined_text(content)
    if len(text) <= limit_chars:
        return block
    keep = max(limit_chars // 2, 1)
    note = _OMITTED.format(count=len(text) - 2 * keep)
    return {**block, "content": [{"type": "text", "text": f"{text[:keep]}\n{note}\n{text[-keep:]}"}]}


def _joined_text(content: object) -> str:
    if not isinstance(content, list):
        return "" if content is None else str(content)
    return "\n".join(str(part.get("text", "")) for part in content if isinstance(part, Mapping))


def _shrink_entries(entries: Sequence[Entry], limit_chars: int) -> dict[str, list[JsonObject]]:
    """Replacement blocks for user entries whose ``tool_result`` blocks exceed ``limit_chars``."""
    replaced: dict[str, list[JsonObject]] = {}
    for entry in entries:
        if entry.role != "user" or not any(b.get("type") == "tool_result" for b in entry.blocks):
            continue
        blocks = [_shrink_result(b, limit_chars) if b.get("type") == "tool_result" else b for b in entry.blocks]
        if any(new is not old for new, old in zip(blocks, entry.blocks, strict=True)):
            replaced[entry.key] = blocks
    return replaced


def _turns(entries: Sequence[Entry]) -> list[list[Entry]]:
    turns: list[list[Entry]] = []
    for entry in entries:
        if turns and turn_of(turns[-1][-1].key) == turn_of(entry.key):
            turns[-1].append(entry)
        else:
            turns.append([entry])
    return turns


def _rounds(turn: list[Entry]) -> list[list[Entry]]:
    """The droppable units of a turn after its opening entry: an assistant entry and the user entry answering it."""
    units: list[list[Entry]] = []
    for entry in turn[1:]:
        if entry.role == "assistant" or not units:
            units.append([entry])
        else:
            units[-1].append(entry)
    return units


def _summary(dropped: Sequence[Entry], max_tokens: int) -> str:
    """An extractive summary: the opening of the omitted user messages, newest kept first when space runs out."""
    head = (
        f"[Context compaction: {len(dropped)} earlier messages of this conversation were omitted to fit "
        "the model's context window. The user's omitted messages began:]"
    )
    room = (max_tokens - 16) * BYTES_PER_TOKEN - len(head.encode())
    lines: list[str] = []
    for entry in reversed(dropped):
        if entry.role != "user" or any(b.get("type") == "tool_result" for b in entry.blocks):
            continue
        text = " ".join(str(b.get("text", "")) for b in entry.blocks if b.get("type") == "text").strip()
        line = "- " + " ".join(text.split())[:_SUMMARY_LINE_CHARS]
        cost = len(line.encode()) + 1
        if not text or cost > room:
            break
        lines.insert(0, line)
        room -= cost
    return "\n".join([head, *lines])


def compact(entries: Sequence[Entry], target: int, fixed_cost: int) -> Projection:
    """Project ``entries`` to fit ``target`` tokens (``fixed_cost`` is the system prompt and tools)."""
    if not entries:
        return Projection(kept=[])
    budget = max(target - fixed_cost, 1)
    summary_room = summary_budget(target, fixed_cost)
    replaced = _shrink_entries(entries[:-1], max(budget * 3 // 8, 200)) | _shrink_entries(
        entries[-1:], max(budget * 3 // 2, 400)
    )
    view = [Entry(e.key, e.role, replaced.get(e.key, e.blocks)) for e in entries]
    turns = _turns(view)
    head = _head(turns, budget // 4)
    tail = _fit_tail(turns[1:] if head else turns, budget - sum(map(_cost, head)) - summary_room)
    kept_keys = {e.key for e in head} | {e.key for e in tail}
    dropped = [e for e in view if e.key not in kept_keys]
    return Projection(
        kept=[e.key for e in head] + [e.key for e in tail],
        replaced={k: v for k, v in replaced.items() if k in kept_keys},
        summary=_summary(dropped, summary_room) if dropped else None,
        summary_index=len(head),
        horizon=entries[-1].key,
    )


def summary_budget(target: int, fixed_cost: int) -> int:
    """The tokens a projection for ``target`` leaves its summary entry (extractive or model-written)."""
    return max(max(target - fixed_cost, 1) // 10, 64)


def dropped_entries(projection: Projection, entries: Sequence[Entry]) -> list[Entry]:
    """The entries up to the projection's horizon that it leaves out (what its summary stands for)."""
    if projection.horizon is None:
        return []
    keys = [e.key for e in entries]
    covered = entries[: keys.index(projection.horizon) + 1] if projection.horizon in keys else list(entries)
    kept = set(projection.kept)
    return [e for e in covered if e.key not in kept]


def with_summary(projection: Projection, text: str, max_tokens: int) -> Projection:
    """The projection with a model-written summary instead of the extractive one, cut to ``max_tokens``."""
    limit = max(max_tokens - 48, 16) * BYTES_PER_TOKEN  # room for the note and the cut marker
    raw = text.strip().encode()
    if len(raw) > limit:
        text = raw[:limit].decode(errors="ignore") + " [...]"
    note = "[Context compaction: earlier messages of this conversation were replaced by this summary:]\n"
    return Projection(
        projection.kept, projection.replaced, note + text.strip(), projection.summary_index, projection.horizon
    )


def _head(turns: list[list[Entry]], budget: int) -> list[Entry]:
    """The first turn (it pins the task) when it fits ``budget``, else its opening message alone, else nothing."""
    if len(turns) < 2:
        return []
    if sum(map(_cost, turns[0])) <= budget:
        return turns[0]
    return turns[0][:1] if _cost(turns[0][0]) <= budget else []


def _fit_tail(turns: list[list[Entry]], budget: int) -> list[Entry]:
    """The most recent whole turns that fit; the current turn always, minus middle rounds if it alone is too big."""
    if not turns:
        return []
    current = _fit_turn(turns[-1], budget)
    used = sum(map(_cost, current))
    kept: list[Entry] = list(current)
    for turn in reversed(turns[:-1]):
        cost = sum(map(_cost, turn))
        if used + cost > budget:
            break
        kept = turn + kept
        used += cost
    return kept


def _fit_turn(turn: list[Entry], budget: int) -> list[Entry]:
    """The turn's opening entry plus its latest rounds that fit (the last round always)."""
    if sum(map(_cost, turn)) <= budget:
        return turn
    rounds = _rounds(turn)
    kept = rounds[-1] if rounds else []
    used = _cost(turn[0]) + sum(map(_cost, kept))
    for unit in reversed(rounds[:-1]):
        cost = sum(map(_cost, unit))
        if used + cost > budget:
            break
        kept = unit + kept
        used += cost
    return [turn[0], *kept]


def apply_projection(
    projection: Projection | None, entries: Sequence[Entry], summary_key: str = "summary"
) -> list[Entry]:
    """The entries a request sends: the projection's kept entries and summary, then everything after its horizon."""
    if projection is None or projection.horizon is None:
        return list(entries)
    keys = [e.key for e in entries]
    if projection.horizon not in keys:
        return list(entries)
    after = entries[keys.index(projection.horizon) + 1 :]
    by_key = {e.key: e for e in entries}
    kept = [
        Entry(k, by_key[k].role, projection.replaced.get(k, by_key[k].blocks)) for k in projection.kept if k in by_key
    ]
    if projection.summary is not None:
        note = Entry(summary_key, "user", [{"type": "text", "text": projection.summary}])
        kept.insert(min(projection.summary_index, len(kept)), note)
    return [*kept, *after]
