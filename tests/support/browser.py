"""Fixtures of the real-browser tests (marked `browser`): Debian's headless Chromium driven by Playwright
against Django's live server.

One browser for the whole run, a fresh phone-sized context per test. Playwright never downloads a
browser here: the tests use /usr/bin/chromium (Debian's package). Without it they skip locally and
fail on CI (where .ci/run installs it), so a broken CI machine cannot pass by skipping them.

The page structure and the data-testid hooks these tests use are in docs/PAGES.md.
"""
import os
import shutil
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from rulesref import services as rules_services
from tablekeeper import serving
from rulesref.models import Entry

ROOT = Path(__file__).resolve().parents[2]  # the project
SHOTS = ROOT / "docs" / "screenshots"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# A phone held upright: what players have beside the cards.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
TIMEOUT_MS = 5000

DUEL = {
    "game": "aventuria",
    "mode": "duel",
    "players": [{"name": "Ann", "hero": "DB"}, {"name": "Ben", "hero": "TM"}],
    "options": {"starting_player": 0},
}


def _no_chromium(reason):
    if os.environ.get("CI"):
        pytest.fail(f"{reason}: on CI (.ci/run installs Debian's chromium) the browser tests may not be skipped")
    pytest.skip(f"{reason}: browser tests skipped")


@contextmanager
def _orm_beside_playwright():
    """Playwright's sync API leaves its event loop marked as running on this thread, and Django's
    ORM then refuses to run here (the table flush after each live-server test, the corpus reload).
    This thread does nothing asynchronous of its own, so the check is lifted, but only while a
    browser test runs: never for the rest of the suite or the subprocesses it starts."""
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@contextmanager
def _if_browser(item):
    if item.get_closest_marker("browser"):
        with _orm_beside_playwright():
            yield
    else:
        yield


# These hooks wrap only the tests marked `browser` (tests/browser/ and each game's test_browser.py).
@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    with _if_browser(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    with _if_browser(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    with _if_browser(item):
        return (yield)


@pytest.fixture(scope="module")
def browser():
    """One Chromium per test module; module scope (not session) so that Playwright and its event
    loop are gone before the rest of the suite runs on this thread."""
    executable = shutil.which("chromium")
    if executable is None:
        _no_chromium("Debian's chromium is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:  # an old venv: `make install` brings it
        _no_chromium("playwright is not installed in this venv (pip install -e '.[test]')")
    expect.set_options(timeout=TIMEOUT_MS)
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
    except Exception as exc:
        playwright.stop()
        _no_chromium(f"Chromium at {executable} did not start: {exc}")
    yield chromium
    chromium.close()
    playwright.stop()


class AsgiServer:
    """The app as production serves it (tablekeeper.asgi under uvicorn), in a thread of the test
    process: pages, API and the live streams on one port. Its threads share the test database; the
    broker is the one the settings name (in memory, or Redis on CI's services run)."""

    def __init__(self):
        import uvicorn
        from django.conf import settings
        from django.core.handlers.asgi import ASGIHandler

        from tracker.live.asgi import live_first

        # static files straight from the source folders, as `make run` serves them (no collectstatic)
        settings.WHITENOISE_USE_FINDERS = settings.WHITENOISE_AUTOREFRESH = True
        application = live_first(ASGIHandler())  # as tablekeeper.asgi serves it, less its lifespan

        self.sock = serving.listening_socket("127.0.0.1", 0)
        self.url = f"http://localhost:{self.sock.getsockname()[1]}"
        config = uvicorn.Config(application, loop="asyncio", http="h11", lifespan="off", log_level="warning",
                                timeout_graceful_shutdown=1)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self):
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test's ASGI server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(timeout=5)
        self.sock.close()


@pytest.fixture(scope="session")
def asgi_live_server(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), AsgiServer() as server:
        yield server


@pytest.fixture
def site(browser, asgi_live_server, transactional_db):
    """The server's base URL. Each test that uses it empties the tables when it ends."""
    return asgi_live_server.url


@pytest.fixture
def corpus(site):
    """The rules reference, for the pages that show or link to it. Loaded again for each test that
    asks (the tables were emptied after the previous one); about 2 s, so only where needed."""
    if not Entry.objects.exclude(kind="imported").exists():
        rules_services.corpus_load()


@pytest.fixture
def new_context(browser, site):
    """Make phone contexts (two phones at one table are two contexts); all close after the test.

    An uncaught script error on any page fails the test: a page that throws is broken even when the
    assertions it reached happened to pass.
    """
    contexts = []
    errors = []

    def _new(**options):
        context = browser.new_context(base_url=site, **{**PHONE, **options})
        context.set_default_timeout(TIMEOUT_MS)
        context.on("page", lambda page: page.on("pageerror", lambda exc: errors.append(f"{page.url}: {exc}")))
        contexts.append(context)
        return context

    yield _new
    for context in contexts:
        context.close()
    assert not errors, "uncaught script errors:\n" + "\n".join(errors)


@pytest.fixture
def context(new_context):
    return new_context()


@pytest.fixture
def page(context):
    return context.new_page()


@pytest.fixture
def create_session(context):
    """Create a session over the live server's HTTP API (the server thread shares the database)."""

    def _create(body=None):
        response = context.request.post("/api/sessions/", data=body or DUEL)
        assert response.status == 201, response.text()
        return response.json()

    return _create


@pytest.fixture
def shot():
    """`shot(page, "home")` writes docs/screenshots/home.png, only when SCREENSHOTS=1 (CI leaves the
    committed pictures alone)."""

    def _shot(page, name, wait_hidden=None, **options):
        if os.environ.get("SCREENSHOTS") == "1":
            if wait_hidden:  # e.g. the toast, which covers what the picture is meant to show
                page.get_by_test_id(wait_hidden).wait_for(state="hidden", timeout=10_000)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{name}.png"), **options)

    return _shot


def pytest_terminal_summary(terminalreporter):
    """The run ends saying how many tests it skipped and why, grouped by reason (a skipped browser
    test is a missing Debian `chromium`, never a pass)."""
    skipped = terminalreporter.stats.get("skipped", [])
    if not skipped:
        return
    reasons: dict[str, int] = {}
    for report in skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        reason = reason.removeprefix("Skipped: ")
        reasons[reason] = reasons.get(reason, 0) + 1
    terminalreporter.write_sep("-", f"{len(skipped)} skipped")
    for reason, count in sorted(reasons.items(), key=lambda kv: -kv[1]):
        terminalreporter.write_line(f"{count} skipped: {reason}")
