"""What tests that start server processes of their own share: a free port, and the URL of the database
the test runs on, for the processes to open the same one."""
import socket
import urllib.parse

from django.db import connection


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def database_url() -> str:
    """The URL of the database this test runs on (the test database, not the configured one)."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        # A file, never shared-cache memory: the server processes must open the same database.
        assert not connection.is_in_memory_db(), "server processes need a file database"
        return f"sqlite:///{db['NAME']}"
    user = urllib.parse.quote(db["USER"] or "")
    password = f":{urllib.parse.quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    host = db["HOST"] or "127.0.0.1"
    port = f":{db['PORT']}" if db.get("PORT") else ""
    return f"postgres://{user}{password}@{host}{port}/{db['NAME']}"
