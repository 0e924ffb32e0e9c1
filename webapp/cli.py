"""The ``crokinole`` command line: one subcommand a module in ``webapp.commands``.

Each command module has ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``. Bad input ends
with a non-zero exit status and one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

COMMANDS = (
    "calibrate",
    "match",
    "shot",
    "score",
    "check_shot",
    "serve",
    "render",
)


class CommandError(Exception):
    """A user-facing failure: printed as one line on stderr, exit status ``code``."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="crokinole", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        module = importlib.import_module(f"webapp.commands.{name}")
        p = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args._run(args)
    except CommandError as exc:
        print(f"crokinole {args.command}: {exc}", file=sys.stderr)
        return exc.code
    except BrokenPipeError:  # the reader stopped (``| head -1``): nothing to tell it, and no error to tell
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # the flush at exit would fail again
        return 1
    except (ValueError, OSError) as exc:
        print(f"crokinole {args.command}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
