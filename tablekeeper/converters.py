"""URL parts that can only be what they name: a path no session or entry could have is a 404
before any view runs, without a query (a NUL in one made PostgreSQL answer 500)."""
from django.urls import register_converter


class TokenConverter:
    """A session's edit or view token (tracker.models.new_token: URL-safe base64)."""

    regex = r"[A-Za-z0-9_-]{1,64}"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


class KeyConverter(TokenConverter):
    """A reference entry's key or an engine rule id: `<game>.faq-dodge`, `<game>.R12`."""

    regex = r"[A-Za-z0-9][A-Za-z0-9._-]{0,119}"


def register() -> None:
    register_converter(TokenConverter, "token")
    register_converter(KeyConverter, "key")
