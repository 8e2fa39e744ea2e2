"""A user's own rulebook (plain text or Markdown), split by its headings into `imported` entries."""
from __future__ import annotations

import re
from dataclasses import dataclass

from django.conf import settings
from django.utils.text import slugify

MAX_BODY = 20_000

MARKDOWN_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
NUMBERED_HEADING = re.compile(r"^(\d+(?:\.\d+)*)\.?\s+\S")
SENTENCE_END = (".", ",", ";", ":", "!", "?", ")", "\"", "'")


class ImportError_(ValueError):
    """The file cannot be imported; the message says why, and nothing was changed."""


@dataclass
class Part:
    path: list[str]
    body: str


def decode(data: bytes) -> str:
    if not data or not data.strip():
        raise ImportError_("The file is empty.")
    limit = settings.RULEBOOK_MAX_BYTES
    if len(data) > limit:
        raise ImportError_(f"The file has {len(data):,} bytes; a rulebook may have at most {limit:,}.")
    if b"\x00" in data[:65536]:
        raise ImportError_("This looks like a binary file; upload plain text or Markdown.")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ImportError_("The file is not UTF-8 text; upload plain text or Markdown.") from None


def _heading(line: str, next_line: str | None, markdown: bool) -> tuple[int, str] | None:
    m = MARKDOWN_HEADING.match(line)
    if m:
        return len(m.group(1)), m.group(2).strip()
    if markdown:
        return None
    text = line.strip()
    # Plain text: a short line that is not a sentence, followed by text, reads as a heading.
    if not (2 <= len(text) <= 80) or text.endswith(SENTENCE_END) or not next_line or not next_line.strip():
        return None
    if len(text.split()) > 10 or not (text[0].isupper() or text[0].isdigit()):
        return None
    n = NUMBERED_HEADING.match(text)
    # numbered sections sit under the unnumbered title above them ("House Rules" > "1 Setup")
    return (n.group(1).count(".") + 2 if n else 1), text


def split(text: str) -> list[Part]:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    markdown = any(MARKDOWN_HEADING.match(line) for line in lines)
    parts: list[Part] = []
    path: list[tuple[int, str]] = []
    body: list[str] = []

    def flush():
        content = "\n".join(body).strip()
        if path and content:
            parts.append(Part([t for _, t in path], content[:MAX_BODY]))
        body.clear()

    for i, line in enumerate(lines):
        following = next((n for n in lines[i + 1:i + 3] if n.strip()), None)
        heading = _heading(line, following, markdown) if line.strip() else None
        if heading:
            flush()
            level, title = heading
            path = [(lv, t) for lv, t in path if lv < level] + [(level, title)]
        else:
            body.append(line)
    flush()
    if not parts:
        raise ImportError_("No headings found: the rulebook needs headings to be split into entries.")
    return parts


def entries(game: str, parts: list[Part]) -> list[dict]:
    out, used = [], set()
    for n, part in enumerate(parts, 1):
        slug = slugify(part.path[-1])[:80] or "section"
        key = f"{game}.imported-{n}-{slug}"
        used.add(key)
        out.append({
            "key": key, "title": part.path[-1][:300], "section": " > ".join(part.path)[:300], "body": part.body,
            "position": n,
        })
    return out
