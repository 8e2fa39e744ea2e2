"""Who hears that a session moved on: every stream open on it, in this process or (with Redis) in any.

A message is only a version number. A stream keeps the newest one it was offered, never a queue:
a phone that reads slowly skips straight to the newest version, whose fragment carries the whole
table, so nothing is buffered without bound however far behind a reader falls.

Two brokers with one interface: `MemoryBroker` for the embedded default (one process, no Redis)
and `RedisBroker` for production, where one Redis pub/sub connection per process listens to the
channels its streams need and hands each message to them. Connection counting for the limits
lives here too, since it must be shared exactly as widely as the streams are.
"""
from __future__ import annotations

import asyncio
import hashlib
import logging
import threading
import time

log = logging.getLogger(__name__)


def channel_for(session_pk: str) -> str:
    # The edit token is a capability: what goes over Redis is a digest of it, never the token.
    return "tk:live:" + hashlib.sha256(session_pk.encode()).hexdigest()[:32]


class Subscription:
    """One open stream: the newest version offered to it, and a way to wait for the next one."""

    def __init__(self, broker: "Broker", channel: str, loop: asyncio.AbstractEventLoop, session_pk: str = ""):
        self.broker, self.channel, self.loop, self.session_pk = broker, channel, loop, session_pk
        self.newest = 0
        self.resync = False  # the broker lost messages (Redis reconnected): read the version again
        self._wake = asyncio.Event()

    def offer(self, version: int) -> None:
        """Called on the subscription's own event loop."""
        if version > self.newest:
            self.newest = version
            self._wake.set()

    def lost_track(self) -> None:
        self.resync = True
        self._wake.set()

    def nudge(self) -> None:
        self._wake.set()

    async def wait(self, timeout: float) -> bool:
        """True when something arrived, False when `timeout` passed quietly."""
        try:
            await asyncio.wait_for(self._wake.wait(), timeout)
        except asyncio.TimeoutError:
            return False
        self._wake.clear()
        return True

    async def close(self) -> None:
        await self.broker.unsubscribe(self)


class Broker:
    """The shape both brokers share. `publish` is called from ordinary (sync) request code."""

    def publish(self, channel: str, version: int) -> None:
        raise NotImplementedError

    async def subscribe(self, channel: str, session_pk: str = "") -> Subscription:
        raise NotImplementedError

    async def unsubscribe(self, sub: Subscription) -> None:
        raise NotImplementedError

    async def admit(self, key: str, member: str, limit: int, ttl: float) -> bool:
        """Count `member` among `key`'s open connections unless `limit` are open already."""
        raise NotImplementedError

    async def keep(self, key: str, member: str, ttl: float) -> None:
        """The connection is still alive: its place is kept `ttl` seconds more."""
        raise NotImplementedError

    async def leave(self, key: str, member: str) -> None:
        raise NotImplementedError


class _LocalFanOut:
    """The subscriptions of this process by channel; safe to offer to from any thread."""

    def __init__(self):
        self._subs: dict[str, set[Subscription]] = {}
        self._lock = threading.Lock()

    def add(self, sub: Subscription) -> bool:
        """True when it is the channel's first subscription here."""
        with self._lock:
            subs = self._subs.setdefault(sub.channel, set())
            subs.add(sub)
            return len(subs) == 1

    def remove(self, sub: Subscription) -> bool:
        """True when the channel has no subscription left here."""
        with self._lock:
            subs = self._subs.get(sub.channel)
            if subs is None:
                return False
            subs.discard(sub)
            if not subs:
                del self._subs[sub.channel]
                return True
            return False

    def channels(self) -> list[str]:
        with self._lock:
            return list(self._subs)

    def sessions(self) -> dict[str, str]:
        """{channel: session pk} of every channel followed here."""
        with self._lock:
            return {channel: next(iter(subs)).session_pk for channel, subs in self._subs.items() if subs}

    def resync(self, channel: str) -> None:
        """The channel's streams read their session again (it may be gone)."""
        with self._lock:
            subs = list(self._subs.get(channel, ()))
        for sub in subs:
            try:
                sub.loop.call_soon_threadsafe(sub.lost_track)
            except RuntimeError:
                pass

    def deliver(self, channel: str, version: int) -> None:
        with self._lock:
            subs = list(self._subs.get(channel, ()))
        for sub in subs:
            try:
                sub.loop.call_soon_threadsafe(sub.offer, version)
            except RuntimeError:  # its loop has closed: the stream is gone
                pass

    def lost_track(self) -> None:
        with self._lock:
            subs = [s for group in self._subs.values() for s in group]
        for sub in subs:
            try:
                sub.loop.call_soon_threadsafe(sub.lost_track)
            except RuntimeError:
                pass


class MemoryBroker(Broker):
    """One process: `make run` serves the pages, the API and the streams from one ASGI process."""

    def __init__(self):
        self.local = _LocalFanOut()
        self._seats: dict[str, dict[str, float]] = {}
        self._seat_lock = threading.Lock()

    def publish(self, channel: str, version: int) -> None:
        self.local.deliver(channel, version)

    async def subscribe(self, channel: str, session_pk: str = "") -> Subscription:
        sub = Subscription(self, channel, asyncio.get_running_loop(), session_pk)
        self.local.add(sub)
        return sub

    async def unsubscribe(self, sub: Subscription) -> None:
        self.local.remove(sub)

    async def admit(self, key, member, limit, ttl):
        now = time.monotonic()
        with self._seat_lock:
            seats = {m: t for m, t in self._seats.get(key, {}).items() if t > now}
            if member not in seats and len(seats) >= limit:
                self._seats[key] = seats
                return False
            seats[member] = now + ttl
            self._seats[key] = seats
            return True

    async def keep(self, key, member, ttl):
        with self._seat_lock:
            self._seats.setdefault(key, {})[member] = time.monotonic() + ttl

    async def leave(self, key, member):
        with self._seat_lock:
            seats = self._seats.get(key, {})
            seats.pop(member, None)
            if not seats:
                self._seats.pop(key, None)


class RedisBroker(Broker):
    """Many processes on many hosts: a tap recorded by any of them reaches the streams of all."""

    def __init__(self, url: str):
        import redis
        import redis.asyncio

        self.url = url
        self.local = _LocalFanOut()
        self._sync = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        self._async_module = redis.asyncio
        self._per_loop: dict[asyncio.AbstractEventLoop, _LoopListener] = {}
        self._guard = threading.Lock()

    def publish(self, channel: str, version: int) -> None:
        try:
            self._sync.publish(channel, str(version))
        except Exception:  # the tap is committed; phones that miss this catch up by their poll
            log.warning("live: could not publish %s v%s", channel, version, exc_info=True)

    def _listener(self) -> "_LoopListener":
        loop = asyncio.get_running_loop()
        with self._guard:
            if loop not in self._per_loop:
                self._per_loop[loop] = _LoopListener(self, loop)
            return self._per_loop[loop]

    async def subscribe(self, channel: str, session_pk: str = "") -> Subscription:
        listener = self._listener()
        sub = Subscription(self, channel, listener.loop, session_pk)
        if self.local.add(sub):
            await listener.listen(channel)
        return sub

    async def unsubscribe(self, sub: Subscription) -> None:
        if self.local.remove(sub):
            await self._listener().forget(sub.channel)

    # Seats: a sorted set per key, members scored by when their place lapses, so that the places
    # of a process that died without saying goodbye free themselves.
    async def admit(self, key, member, limit, ttl):
        client = self._listener().client
        now = time.time()
        async with client.pipeline(transaction=True) as pipe:
            pipe.zremrangebyscore(key, "-inf", now)
            pipe.zadd(key, {member: now + ttl})
            pipe.zcard(key)
            pipe.expire(key, int(ttl) + 1)
            _, _, count, _ = await pipe.execute()
        if count > limit:
            await client.zrem(key, member)
            return False
        return True

    async def keep(self, key, member, ttl):
        client = self._listener().client
        # added again if a stream of the same page ended meanwhile and took the shared seat with it
        await client.zadd(key, {member: time.time() + ttl})
        await client.expire(key, int(ttl) + 1)

    async def leave(self, key, member):
        await self._listener().client.zrem(key, member)


class _LoopListener:
    """The one pub/sub connection of a process (of an event loop) and the task that reads it."""

    def __init__(self, broker: RedisBroker, loop: asyncio.AbstractEventLoop):
        self.broker, self.loop = broker, loop
        self.client = broker._async_module.Redis.from_url(broker.url, socket_connect_timeout=2)
        self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        self.task: asyncio.Task | None = None

    async def listen(self, channel: str) -> None:
        await self.pubsub.subscribe(channel)
        if self.task is None or self.task.done():
            self.task = self.loop.create_task(self._read())

    async def forget(self, channel: str) -> None:
        try:
            await self.pubsub.unsubscribe(channel)
        except Exception:  # the connection is down; it resubscribes only what is still wanted
            pass

    async def _read(self) -> None:
        while self.broker.local.channels():
            try:
                message = await self.pubsub.get_message(timeout=5.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("live: Redis pub/sub dropped; reconnecting", exc_info=True)
                await self._reconnect()
                continue
            if message and message.get("type") == "message":
                channel = message["channel"].decode() if isinstance(message["channel"], bytes) else message["channel"]
                try:
                    version = int(message["data"])
                except (TypeError, ValueError):
                    continue
                self.broker.local.deliver(channel, version)

    async def _reconnect(self) -> None:
        await asyncio.sleep(1.0)
        try:
            await self.pubsub.aclose()
        except Exception:
            pass
        self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        wanted = self.broker.local.channels()
        try:
            if wanted:
                await self.pubsub.subscribe(*wanted)
        except Exception:
            return  # the next read fails again and comes back here
        # whatever was published while the connection was down is unknown: every stream re-reads
        self.broker.local.lost_track()


_broker: Broker | None = None
_broker_lock = threading.Lock()


def get_broker() -> Broker:
    from django.conf import settings

    global _broker
    with _broker_lock:
        if _broker is None:
            url = settings.LIVE_REDIS_URL
            _broker = RedisBroker(url) if url else MemoryBroker()
        return _broker
