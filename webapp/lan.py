"""Serving on the local network: a random join code in the address, a cookie once it was given, a QR code.

On 127.0.0.1 nobody else can reach the app, so there is no code. With ``--lan`` anyone on the network could,
so every page and API call without the code (in ``?code=`` or the cookie it sets) is refused with 403.
"""

from __future__ import annotations

import io
import secrets
import socket

from flask import Flask, jsonify, request

COOKIE = "crokinole_code"


def new_code() -> str:
    return secrets.token_urlsafe(6)


def guard(app: Flask, code: str) -> None:
    """Refuse every request that does not carry ``code``; a request with ``?code=`` sets the cookie."""

    @app.before_request
    def _check():
        given = request.args.get("code") or request.cookies.get(COOKIE) or ""
        if not secrets.compare_digest(given.encode(), code.encode()):
            return jsonify({"error": "this Crokinole server needs its join code: open the address (or scan the "
                                     "QR code) shown where the server was started"}), 403
        return None

    @app.after_request
    def _remember(resp):
        if request.args.get("code") == code:
            resp.set_cookie(COOKIE, code, max_age=7 * 86400, httponly=True, samesite="Lax")
        return resp


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, from its host name (no packet is sent)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return sorted({i[4][0] for i in infos if not i[4][0].startswith("127.")})


def qr_text(url: str) -> str:
    """The address as a QR code drawn with block characters, for the terminal."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()
