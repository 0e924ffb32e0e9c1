"""What the browser tests share: Debian's Chromium with the project's flags, and the real app served live."""

import threading
from contextlib import contextmanager
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from webapp.app import create_app

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
needs_chromium = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium is not installed (make browser)")


class LiveServer:
    """The real app on 127.0.0.1 and a free port, in a thread; ``api`` talks to the same app directly."""

    def __init__(self, db_path):
        self.app = create_app({"DATABASE": str(db_path)})
        self.api = self.app.test_client()
        self.server = make_server("127.0.0.1", 0, self.app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        if self.thread.is_alive():
            self.server.shutdown()
            self.server.server_close()
            self.thread.join(5)


@contextmanager
def launch_chromium():
    """Headless Debian Chromium (never a browser Playwright downloads), closed on exit."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def error_checked_page(browser, **context_options):
    """A new page whose JavaScript errors fail the test when it is closed (a generator for fixtures)."""
    context = browser.new_context(**context_options)
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, errors
