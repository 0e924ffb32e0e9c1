"""``crokinole serve``: the web app on a local address, with matches saved in an SQLite file.

``--lan`` listens on every interface, prints the address with its join code and a QR code to scan with a phone;
``--camera N`` watches USB camera N above the board and takes a still whenever the board settles.
"""

from __future__ import annotations

from webapp.cli import CommandError
from webapp.db import default_db_path

NAME = "serve"
HELP = "Serve the web app (play in the browser, or keep score at a real board); matches are saved as they go."


def add_arguments(p) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=5000, help="port (default 5000)")
    p.add_argument("--db", metavar="PATH", help=f"SQLite file for saved matches (default {default_db_path()})")
    p.add_argument("--lan", action="store_true",
                   help="listen on the local network (0.0.0.0) and require the printed join code")
    p.add_argument("--camera", type=int, metavar="N", help="watch USB camera N (OpenCV) fixed above the board")


def run(args) -> int:
    import waitress

    from webapp import lan
    from webapp.app import create_app

    if not 0 < args.port < 65536:
        raise CommandError(f"port must be 1 to 65535, not {args.port}")
    host = "0.0.0.0" if args.lan and args.host == "127.0.0.1" else args.host
    config = {"DATABASE": args.db} if args.db else {}
    if args.lan:
        config["JOIN_CODE"] = lan.new_code()
    watcher = None
    if args.camera is not None:
        from webapp.camera import Stillness, Watcher, open_camera

        try:
            watcher = Watcher(open_camera(args.camera), Stillness())
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        config["CAMERA"] = watcher
        watcher.start()
    app = create_app(config or None)
    if args.lan:
        code = config["JOIN_CODE"]
        addresses = lan.lan_addresses() or ["<this computer's address>"]
        urls = [f"http://{a}:{args.port}/?code={code}" for a in addresses]
        print("Crokinole on the local network. Open on a phone (same Wi-Fi):", flush=True)
        for u in urls:
            print(f"  {u}")
        if addresses[0][0].isdigit():
            print(lan.qr_text(urls[0]), flush=True)
        print(f"Join code: {code}  (matches saved in {app.config['DATABASE']})", flush=True)
    else:
        print(f"Crokinole: open http://{host}:{args.port}/  (matches saved in {app.config['DATABASE']})", flush=True)
    try:
        waitress.serve(app, host=host, port=args.port, threads=8, ident="crokinole")
    finally:
        if watcher is not None:
            watcher.stop()
    return 0
