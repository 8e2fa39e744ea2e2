"""A phone's event stream read by a test: frames collected in a thread, waited for with a timeout."""
from __future__ import annotations

import json
import queue
import threading

import httpx


class Stream:
    """GET <base>/t/<token>/live/ and collect its frames as (event, data) pairs."""

    def __init__(self, base: str, token: str, since: int | None = None, headers: dict | None = None,
                 page: str | None = None):
        self.frames: queue.Queue = queue.Queue()
        self._stop = threading.Event()
        self.status: int | None = None
        self.body: dict | None = None
        self.headers: httpx.Headers | None = None
        self._opened = threading.Event()
        query = "&".join(f"{k}={v}" for k, v in (("v", since), ("c", page)) if v is not None)
        url = f"{base}/t/{token}/live/" + (f"?{query}" if query else "")
        self._thread = threading.Thread(target=self._read, args=(url, headers or {}), daemon=True)
        self._thread.start()
        if not self._opened.wait(10):
            raise AssertionError("the stream did not answer within 10 s")

    def _read(self, url: str, headers: dict) -> None:
        try:
            with httpx.Client(timeout=httpx.Timeout(10.0, read=30.0)) as client, \
                    client.stream("GET", url, headers=headers) as response:
                self.status, self.headers = response.status_code, response.headers
                if response.status_code != 200:
                    self.body = json.loads(response.read())
                    self._opened.set()
                    return
                self._opened.set()
                event, data = None, []
                for line in response.iter_lines():
                    if self._stop.is_set():
                        return
                    if line.startswith("event: "):
                        event = line[7:]
                    elif line.startswith("data: "):
                        data.append(line[6:])
                    elif line == "" and event:
                        self.frames.put((event, json.loads("".join(data))))
                        event, data = None, []
        except httpx.HTTPError:
            pass
        finally:
            self._opened.set()
            self.frames.put(("closed", {}))

    def next(self, event: str | None = None, timeout: float = 5.0) -> tuple[str, dict]:
        """The next frame (of kind `event`, skipping others); fails after `timeout` seconds."""
        while True:
            try:
                frame = self.frames.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"no {event or 'frame'} within {timeout} s") from None
            if event is None or frame[0] in (event, "closed"):
                return frame

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
