"""The live table: every committed change pushed to the phones that follow the session, as server-sent
events (docs/LIVE.md says why SSE and how it is served). The ETag poll stays as the fallback."""
from .broker import channel_for, get_broker


def publish(session_pk: str, version: int) -> None:
    """Tell every stream on the session that it is now at `version`. Call it after the commit
    (`transaction.on_commit`), so that no phone is told of a change it cannot read yet."""
    get_broker().publish(channel_for(session_pk), version)


__all__ = ["channel_for", "get_broker", "publish"]
