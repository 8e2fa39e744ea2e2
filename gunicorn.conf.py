# Production: `gunicorn -c gunicorn.conf.py tablekeeper.asgi:application` (README, "Production").
# ASGI workers, so that each holds many idle live streams at almost no cost; any number of hosts,
# with REDIS_URL set, since the streams hear of changes through Redis.
import os

from tablekeeper import serving

bind = os.environ.get("BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "uvicorn_worker.UvicornWorker"
graceful_timeout = 5  # open streams end with the worker; the phones reconnect to another at once
keepalive = 30


def when_ready(server):
    for listener in server.LISTENERS:
        serving.tune(listener.sock)
