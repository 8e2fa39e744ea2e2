"""Entry bodies are written in YAML block scalars, wrapped at ~100 columns for the diff's sake: the
page must show sentences, not those line ends."""
from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

register = template.Library()


def paragraphs(text: str) -> list[str]:
    """Blank lines part paragraphs; a line starting "- " or "1. " starts a list item; any other line
    end inside a paragraph is only the wrap, so it becomes a space."""
    out: list[str] = []
    for block in (text or "").replace("\r\n", "\n").split("\n\n"):
        lines: list[str] = []
        for raw in block.split("\n"):
            line = raw.strip()
            if not line:
                continue
            starts_item = line.startswith(("- ", "* ")) or (line[:1].isdigit() and ". " in line[:4])
            if lines and not starts_item:
                lines[-1] = f"{lines[-1]} {line}"
            else:
                lines.append(line)
        out.extend(lines)
    return out


@register.filter
def unwrap(text: str):
    return mark_safe("".join(f"<p>{escape(p)}</p>" for p in paragraphs(text)))
