"""How the app is served: uvicorn for `make run` (`python -m tablekeeper.serving`), uvicorn workers under
gunicorn in production (gunicorn.conf.py). Both listen on a socket tuned by `tune`.

A live stream to a phone that vanished without closing (battery gone, walked out of the Wi-Fi) is only
noticed when a write to it goes unacknowledged. Left to the kernel's defaults that takes about a
quarter of an hour of retransmissions; with TCP_USER_TIMEOUT the connection is dropped once sent data
has waited DEAD_AFTER_SECONDS for an acknowledgement, so the next heartbeat (tracker/live) ends a
dead stream within about a minute. Accepted connections inherit the option from the listening socket.
"""
import argparse
import socket

DEAD_AFTER_SECONDS = 45


def tune(sock: socket.socket) -> None:
    if hasattr(socket, "TCP_USER_TIMEOUT"):  # Linux; elsewhere the kernel's own timeout applies
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, DEAD_AFTER_SECONDS * 1000)


def listening_socket(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    tune(sock)
    sock.bind((host, port))
    return sock


def main(argv=None) -> None:
    import uvicorn

    parser = argparse.ArgumentParser(description="Serve Tablekeeper (pages, API, live streams) from one process.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    config = uvicorn.Config("tablekeeper.asgi:application", log_level="warning", timeout_graceful_shutdown=2)
    print(f"Serving on http://{args.host}:{args.port}/ (Ctrl+C to stop)", flush=True)
    uvicorn.Server(config).run(sockets=[listening_socket(args.host, args.port)])


if __name__ == "__main__":
    main()
