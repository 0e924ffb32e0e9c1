"""``crokinole serve``: the web app on a local address, with matches saved in an SQLite file."""

from __future__ import annotations

from webapp.cli import CommandError
from webapp.db import default_db_path

NAME = "serve"
HELP = "Serve the web app (play in the browser); matches are saved after every shot."


def add_arguments(p) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=5000, help="port (default 5000)")
    p.add_argument("--db", metavar="PATH", help=f"SQLite file for saved matches (default {default_db_path()})")


def run(args) -> int:
    from webapp.app import create_app

    if not 0 < args.port < 65536:
        raise CommandError(f"port must be 1 to 65535, not {args.port}")
    app = create_app({"DATABASE": args.db} if args.db else None)
    print(f"Crokinole: open http://{args.host}:{args.port}/  (matches saved in {app.config['DATABASE']})", flush=True)
    app.run(host=args.host, port=args.port, threaded=True, use_reloader=False)
    return 0
