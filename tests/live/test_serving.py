"""How the app is served (tablekeeper/serving.py, gunicorn.conf.py): a vanished phone's connection is
dropped once sent data waits too long for an acknowledgement, on every connection the socket accepts."""
import runpy
import socket
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from tablekeeper import serving

ROOT = Path(__file__).resolve().parents[2]
linux_only = pytest.mark.skipif(not hasattr(socket, "TCP_USER_TIMEOUT"), reason="TCP_USER_TIMEOUT is Linux's")


@linux_only
def test_connections_accepted_by_the_served_socket_give_up_on_a_silent_phone():
    listener = serving.listening_socket("127.0.0.1", 0)
    listener.listen()
    with listener, socket.create_connection(listener.getsockname()):
        accepted, _ = listener.accept()
        with accepted:
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT) == serving.DEAD_AFTER_SECONDS * 1000
    plain = socket.socket()
    with plain:  # the kernel's own default, for comparison: none
        assert plain.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT) == 0


@linux_only
def test_gunicorn_runs_asgi_workers_on_tuned_sockets():
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    module, _, name = config["worker_class"].rpartition(".")
    __import__(module)
    assert hasattr(sys.modules[module], name)
    sock = socket.socket()
    with sock:
        config["when_ready"](SimpleNamespace(LISTENERS=[SimpleNamespace(sock=sock)]))
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT) == serving.DEAD_AFTER_SECONDS * 1000
