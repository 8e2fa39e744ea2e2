"""The one server entry point: pages, API and the live streams (tracker/live) from one ASGI app; the
streams and unchanged polls are answered ahead of Django's request stack (tracker/live/asgi.py).

`make run` serves it with uvicorn in one process; production runs uvicorn workers under gunicorn
(README, "Production"). The lifespan start is where the embedded default's housekeeping timer
starts; with a broker, Celery beat does that work instead and the timer does nothing.
"""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablekeeper.settings")
django_application = get_asgi_application()

from tracker.live.asgi import live_first  # noqa: E402 (needs the apps loaded above)

served = live_first(django_application)


async def application(scope, receive, send):
    if scope["type"] != "lifespan":
        await served(scope, receive, send)
        return
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            from tracker import housekeeping

            housekeeping.start()
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return
