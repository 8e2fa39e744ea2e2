"""DRF's JSON renderer, written by orjson where it can: the answer to a tap carries the whole table
state, and encoding it was the largest piece of the answer's own time. The same text as DRF's compact
output (UTF-8, U+2028 and U+2029 escaped so the text is also valid JavaScript); whatever orjson would
write otherwise (a datetime, a dataclass, an int beyond 64 bits, a lazy string) and an `indent` asked
for in the Accept header take DRF's own road."""
import orjson
from rest_framework.renderers import JSONRenderer

_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


class FastJSONRenderer(JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None:
            return b""
        if self.get_indent(accepted_media_type, renderer_context or {}) is None:
            try:
                text = orjson.dumps(data, option=_OPTIONS)
            except TypeError:
                pass
            else:
                return text.replace(b"\xe2\x80\xa8", b"\\u2028").replace(b"\xe2\x80\xa9", b"\\u2029")
        return super().render(data, accepted_media_type, renderer_context)
