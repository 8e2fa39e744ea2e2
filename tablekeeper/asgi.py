"""The one server entry point: pages, API and the live streams (tracker/live) from one ASGI app.

`make run` serves it with uvicorn in one process; production runs uvicorn workers under gunicorn
(README, "Production"). The lifespan start is where the embedded default's housekeeping timer
starts; with a broker, Celery beat does that work instead and the timer does nothing.
"""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablekeeper.settings")
django_application = get_asgi_application()


async def application(scope, receive, send):
    if scope["type"] != "lifespan":
        await django_application(scope, receive, send)
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
