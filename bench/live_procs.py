"""The processes bench/live.py starts, and what /proc says of them (psutil is not installed here):
the servers under test, and the client processes of bench/live_load.py that play the idle phones."""
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
DB = ROOT / "var" / "bench-live.sqlite3"
TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def machine_busy() -> tuple[int, int]:
    """(busy, total) jiffies of the whole machine: whatever else runs here shows in the report."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return sum(fields) - fields[3] - fields[4], sum(fields)


class Proc:
    """A process this bench started: CPU and memory read from /proc (psutil is not installed)."""

    def __init__(self, args, **kwargs):
        self.proc = subprocess.Popen(args, cwd=ROOT, **kwargs)

    def sample(self) -> dict:
        status = dict(line.split(":", 1) for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines())
        stat = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return {"t": time.monotonic(), "cpu": (int(stat[11]) + int(stat[12])) / TICK,
                "rss": int(status["VmRSS"].split()[0]) * 1024, "threads": int(status["Threads"]),
                "fds": len(os.listdir(f"/proc/{self.proc.pid}/fd"))}

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def cpu_percent(a: dict, b: dict) -> float:
    return (b["cpu"] - a["cpu"]) / (b["t"] - a["t"]) * 100


class Server(Proc):
    def __init__(self, name: str, **env):
        self.port, self.log = free_port(), ROOT / "var" / f"bench-live-{name}.log"
        self.base = f"http://127.0.0.1:{self.port}"
        clean = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "LIVE_REDIS_URL", "DJANGO_SETTINGS_MODULE")}
        super().__init__([sys.executable, "-m", "uvicorn", "tablekeeper.asgi:application", "--host", "127.0.0.1",
                          "--port", str(self.port), "--lifespan", "on", "--log-level", "warning",
                          "--timeout-graceful-shutdown", "2"],
                         env={**clean, "DATABASE_URL": f"sqlite:///{DB}", "API_RATE_SESSIONS": "off",
                              "API_RATE_ACTIONS": "off", "DEBUG": "false", "LIVE_MAX_PER_ADDRESS": "5000", **env},
                         stdout=self.log.open("w"), stderr=subprocess.STDOUT)

    def wait_ready(self) -> "Server":
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, f"{self.base} exited; see {self.log}"
            try:
                if httpx.get(f"{self.base}/api/games/", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.2)
        raise RuntimeError(f"{self.base} did not answer within 30 s")

    def session(self, body: dict, client: httpx.Client | None = None) -> dict:
        """A new session, `body` as bench/live.py has it from the game's BENCH (bench.browser.tapped_game)."""
        response = (client or httpx).post(f"{self.base}/api/sessions/", json=body, timeout=10)
        assert response.status_code == 201, response.text[:300]
        return response.json()

    def complaints(self) -> list[str]:
        """Distinct warnings and errors the server logged (it logs nothing else at this level)."""
        lines = [line.strip() for line in self.log.read_text(errors="replace").splitlines() if line.strip()]
        return sorted({line[:160] for line in lines})


class Phones(Proc):
    """bench/live_load.py in its own process: `hold` streams open or `poll` every 1.5 s."""

    def __init__(self, kind, server: Server, tokens):
        super().__init__([sys.executable, "-m", "bench.live_load", kind, "127.0.0.1", str(server.port)],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            self.send(json.dumps(tokens))
            self.ready = self.read()
        except BaseException:
            self.stop()  # never left behind, whatever failed
            raise

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self) -> dict:
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("bench.live_load ended early")
        return json.loads(line)

    def stats(self) -> dict:
        self.send("stats")
        return self.read()

    def stop(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=15)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            pass  # gone already, or stuck: terminated below
        super().stop()
