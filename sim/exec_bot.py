"""A bot in another process speaking JSON lines over stdin/stdout (see docs/bot-protocol.md).

Nothing the other process does can crash a match: an answer that comes late, is not a legal shot, or never
comes because the process died raises ``BotFailedError``, and the match runner forfeits that one shot. A bot
that fails its hello, or dies, stays failed: its later shots are forfeited at once.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading

import numpy as np

from sim.bots import BotFailedError
from sim.game import Game, State
from sim.shot import Shot, check_shot

PROTOCOL = 1
HELLO_TIMEOUT_S = 10.0  # starting a process (an interpreter, a model) may take longer than one shot


class ExecBot:
    def __init__(self, command: str, *, timeout_s: float = 5.0, hello_timeout_s: float = HELLO_TIMEOUT_S):
        self._proc: subprocess.Popen | None = None  # first, so close() works even if the checks below fail
        self.argv = shlex.split(command)
        if not self.argv:
            raise BotFailedError("exec: needs a command, e.g. exec:python examples/straight_bot.py")
        if not timeout_s > 0:
            raise BotFailedError(f"the bot time limit must be positive, not {timeout_s}")
        self.name = f"exec:{command}"
        self.timeout_s = timeout_s
        self.hello_timeout_s = hello_timeout_s
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._failed: str | None = None
        self._turn = 0
        self._started = False

    # -- the Bot interface ---------------------------------------------------------------------------------------
    def choose(self, game: Game, state: State, player: int, rng: np.random.Generator) -> Shot:
        if not self._started:
            self._started = True
            self._start(game)
        if self._failed:
            raise BotFailedError(self._failed)
        self._drain()  # a late answer to an earlier turn must not be taken as this turn's
        self._turn += 1
        p = game.players[player]
        self._send(
            {
                "type": "turn",
                "turn": self._turn,
                "player": player,
                "team": p.team,
                "seat": p.seat.name.lower(),
                "state": state.to_json(),
                "seed": int(rng.integers(2**31)),
            }
        )
        msg = self._receive(self.timeout_s, "shot")
        if msg.get("turn", self._turn) != self._turn:
            raise BotFailedError(f"{self.name} answered turn {msg.get('turn')!r} during turn {self._turn}")
        try:
            shot = Shot.from_json(msg)
            check_shot(shot)
        except ValueError as exc:
            raise BotFailedError(f"{self.name} sent an impossible shot: {exc}") from None
        return shot

    def close(self) -> None:
        """Say goodbye, then make sure the process is gone."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if proc.poll() is None:
                proc.stdin.write(json.dumps({"type": "bye"}) + "\n")
                proc.stdin.flush()
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def __del__(self):
        self.close()

    # -- the pipe ----------------------------------------------------------------------------------------------
    def _start(self, game: Game) -> None:
        try:
            self._proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as exc:
            self._failed = f"{self.name} could not start: {exc}"
            return
        threading.Thread(target=self._read_lines, args=(self._proc.stdout,), daemon=True).start()
        players = [{"name": p.name, "team": p.team, "seat": p.seat.name.lower()} for p in game.players]
        hello = {"type": "hello", "protocol": PROTOCOL, "game": game.to_json(), "players": players}
        try:
            self._send({**hello, "time_limit_s": self.timeout_s})
            self._receive(self.hello_timeout_s, "ready")
        except BotFailedError as exc:
            self._failed = f"{exc} (at hello: every shot of this bot is forfeited)"

    def _read_lines(self, stream) -> None:
        for line in stream:
            self._lines.put(line)
        self._lines.put(None)

    def _send(self, msg: dict) -> None:
        try:
            self._proc.stdin.write(json.dumps(msg, separators=(",", ":")) + "\n")
            self._proc.stdin.flush()
        except (OSError, ValueError):
            self._failed = f"{self.name} is not listening (the process has ended)"
            raise BotFailedError(self._failed) from None

    def _drain(self) -> None:
        while True:
            try:
                if self._lines.get_nowait() is None:
                    self._failed = f"{self.name} has ended"
                    self._lines.put(None)
                    return
            except queue.Empty:
                return

    def _receive(self, timeout: float, kind: str) -> dict:
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise BotFailedError(f"{self.name} did not answer within {timeout:g} s") from None
        if line is None:
            self._lines.put(None)
            self._failed = f"{self.name} has ended"
            raise BotFailedError(self._failed)
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            raise BotFailedError(f"{self.name} sent something that is not JSON: {line[:80]!r}") from None
        if not isinstance(msg, dict) or msg.get("type") != kind:
            raise BotFailedError(f"{self.name} sent {line[:80]!r} where a {kind!r} message was due")
        return msg

