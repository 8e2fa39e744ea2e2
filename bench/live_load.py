"""The phones of bench/live.py that are not browsers: raw HTTP/1.1 over asyncio sockets.

Raw sockets rather than httpx because a thousand connections must cost this process far less than
they cost the server, on a machine of two cores. Run as its own process (`python -m bench.live_load
hold|poll HOST PORT`, tokens as a JSON list on the first stdin line) so that the server's CPU figures
are the server's alone; it then answers the commands `mark` (restart the counters), `stats` (print
them as one JSON line) and `quit` on stdin. bench/live.py also imports `Stream` for the fan-out.
"""
from __future__ import annotations

import asyncio
import json
import random
import resource
import statistics
import sys
import time
from collections import Counter


def raise_nofile() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


class Stream:
    """One GET /t/<token>/live/: uvicorn sends it chunked, one chunk per frame (or per 64 KB of one)."""

    def __init__(self, stats: Counter | None = None):
        self.stats = stats if stats is not None else Counter()  # "bytes" read, headers and chunking included
        self.status = None
        self.writer = None
        self._buf = b""

    async def open(self, host: str, port: int, path: str) -> int:
        self.reader, self.writer = await asyncio.open_connection(host, port)
        self.writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
        head = await self.reader.readuntil(b"\r\n\r\n")
        self.stats["bytes"] += len(head)
        self.status = int(head.split(b" ", 2)[1])
        return self.status

    async def frame(self) -> tuple[str, bytes] | None:
        """The next (event, data); ("", b"") for the `retry:` preamble; None once the stream ends."""
        while b"\n\n" not in self._buf:
            size_line = await self.reader.readline()
            size = int(size_line.strip() or b"0", 16) if size_line else 0
            if size == 0:
                return None
            chunk = await self.reader.readexactly(size + 2)
            self.stats["bytes"] += len(size_line) + size + 2
            self._buf += chunk[:-2]
        raw, self._buf = self._buf.split(b"\n\n", 1)
        event, data = "", []
        for line in raw.split(b"\n"):
            if line.startswith(b"event: "):
                event = line[7:].decode()
            elif line.startswith(b"data: "):
                data.append(line[6:])
        return event, b"\n".join(data)

    async def first(self) -> tuple[str, bytes] | None:
        """The first real frame (the server's answer to ?v=: `hb` when the phone is current)."""
        while (found := await self.frame()) is not None and not found[0]:
            pass
        return found

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def _pct(values, p):
    values = sorted(values)
    return (statistics.median(values) if p == 50 else values[max(0, int(len(values) * p / 100) - 1)]) if values else None


async def hold(host, port, tokens, stats: Counter, ready: asyncio.Event):
    """Every token's stream held open and read, as a phone lying on the table does; a stream the
    server ends is opened again (and counted), as the page would."""
    opening = asyncio.Semaphore(25)  # a table sits down over seconds, not all in the same millisecond
    settled = 0

    async def phone(token):
        nonlocal settled
        first = True
        while True:
            stream = Stream(stats)
            try:
                async with opening:
                    status = await stream.open(host, port, f"/t/{token}/live/?v=0")
                    stats[f"status {status}"] += 1
                    found = await stream.first() if status == 200 else None
                if first:
                    settled += 1
                    first = False
                    if settled == len(tokens):
                        ready.set()
                if found is None:
                    stats["refused" if status != 200 else "ended"] += 1
                    stream.close()
                    if status != 200:
                        return
                    continue
                stats[found[0]] += 1
                while (found := await stream.frame()) is not None:
                    stats[found[0] or "retry"] += 1
                stats["ended"] += 1
            except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
                stats[f"error {type(exc).__name__}"] += 1
                await asyncio.sleep(1.5)
            finally:
                stream.close()

    return [asyncio.create_task(phone(t)) for t in tokens]


async def poll(host, port, tokens, stats: Counter, ready: asyncio.Event, latencies: list, every=1.5):
    """Every token polled each `every` seconds on a kept-alive connection with its ETag, as the page
    does while its stream is down: every answer is a 304 (the sessions are fresh, at version 0). A
    phone waits for each answer before its next poll, so a server that cannot keep up is polled
    less often and answers later: both show in the figures."""

    async def phone(token):
        reader = writer = None
        etag = '"0"'
        await asyncio.sleep(random.uniform(0, every))  # phones do not poll in step
        while True:
            try:
                if writer is None:
                    reader, writer = await asyncio.open_connection(host, port)
                inm = f"If-None-Match: {etag}\r\n" if etag else ""
                t0 = time.perf_counter()
                writer.write(f"GET /api/sessions/{token}/ HTTP/1.1\r\nHost: {host}:{port}\r\n{inm}\r\n".encode())
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                status = int(lines[0].split(" ", 2)[1])
                fields = {k.lower(): v.strip() for k, _, v in (h.partition(":") for h in lines[1:] if h)}
                if int(fields.get("content-length", 0)):
                    await reader.readexactly(int(fields["content-length"]))
                etag = fields.get("etag", etag)
                latencies.append((time.perf_counter() - t0) * 1000)
                stats[f"status {status}"] += 1
                if fields.get("connection", "").lower() == "close":
                    writer.close()
                    writer = None
            except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
                stats[f"error {type(exc).__name__}"] += 1
                writer = None
            await asyncio.sleep(every)  # as table.js: the next poll `every` after the answer

    async def started():
        await asyncio.sleep(every + 1)  # every phone has begun
        ready.set()

    return [asyncio.create_task(phone(t)) for t in tokens] + [asyncio.create_task(started())]


async def main(kind, host, port):
    raise_nofile()
    loop = asyncio.get_running_loop()
    tokens = json.loads(await loop.run_in_executor(None, sys.stdin.readline))
    stats, ready, latencies = Counter(), asyncio.Event(), []
    if kind == "hold":
        tasks = await hold(host, port, tokens, stats, ready)
    else:
        tasks = await poll(host, port, tokens, stats, ready, latencies)
    await asyncio.wait_for(ready.wait(), 120)
    marked = time.monotonic()
    print(json.dumps({"ready": True, **stats}), flush=True)
    while (command := (await loop.run_in_executor(None, sys.stdin.readline)).strip()) not in ("quit", ""):
        if command == "mark":
            stats.clear()
            latencies.clear()
            marked = time.monotonic()
        elif command == "stats":
            print(json.dumps({**stats, "seconds": time.monotonic() - marked, "n": len(latencies),
                              "p50": _pct(latencies, 50), "p95": _pct(latencies, 95)}), flush=True)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


if __name__ == "__main__":
    import uvloop  # the cheapest loop there is (pinned): the less this process costs, the less it skews

    uvloop.install()
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
