"""Playing the next shot of a saved match, by a human (a shot from the request) or by the computer.

No Flask and no database here: a turn takes a SavedMatch and returns what happened, the API saves it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from sim.bots import Bot, BotFailedError, make_bot
from sim.game import Game, State
from sim.match import forfeit_shot
from sim.play import Played, play
from sim.shot import IllegalShotError, Shot, check_shot
from webapp.store import BOARD, HUMAN, SavedMatch, ShotRecord
from webapp.views import outcome_json

REPLAY_FPS = 60


# Computer players a web request may name, easiest first. Other bot specs (exec:COMMAND runs a program) are never
# reachable from the web.
LEVELS = (
    ("ai:easy", "Easy"),
    ("ai:medium", "Medium"),
    ("ai:hard", "Hard"),
    ("ai:expert", "Expert"),
    ("greedy", "Greedy"),
)


class UnknownLevelError(ValueError):
    """A computer level the web app does not offer."""


class TurnError(ValueError):
    """A shot asked for at the wrong moment: the match is over, or the other kind of player is to shoot."""


@dataclass(frozen=True)
class Turn:
    played: Played
    record: ShotRecord
    bot_call: bool


@lru_cache(maxsize=len(LEVELS))
def _bot(spec: str) -> Bot:
    return make_bot(spec)


def bot_for(spec: str) -> Bot:
    """The bot for an offered level, built once (bots keep no state between shots).

    Raises UnknownLevelError for a spec the web app does not offer, or the bot module's ValueError when the
    computer player for that level is not installed.
    """
    if spec not in dict(LEVELS):
        raise UnknownLevelError(f"unknown computer level {spec!r}; choose one of {', '.join(dict(LEVELS))}")
    return _bot(spec)


def controller_to_shoot(match: SavedMatch) -> tuple[int, str]:
    player = match.game.to_shoot(match.state)
    if player is None:
        raise TurnError("the match is over")
    controller = match.controllers[match.game.players[player].team]
    if controller == BOARD:
        raise TurnError("this match is played on a real board: send photos to /api/companion instead")
    return player, controller


def bot_rng(match: SavedMatch) -> np.random.Generator:
    """The generator for the computer's next shot: the same match replays the same computer shots."""
    return np.random.default_rng([match.seed, match.bot_calls])


def _played(game: Game, state: State, player: int, controller: str, shot: Shot) -> Turn:
    played = play(game, state, shot, fps=REPLAY_FPS)
    record = ShotRecord(player, controller, shot, state, outcome_json(game, player, controller, played))
    return Turn(played, record, controller != HUMAN)


def human_turn(match: SavedMatch, shot: Shot) -> Turn:
    """A human's shot; IllegalShotError for a shot that cannot be played (nothing is changed)."""
    player, controller = controller_to_shoot(match)
    if controller != HUMAN:
        name = match.game.players[player].name
        raise TurnError(f"it is {name}'s turn, and the computer plays {name}")
    check_shot(shot)
    return _played(match.game, match.state, player, controller, shot)


def computer_turn(match: SavedMatch) -> Turn:
    """The computer's shot; a bot that picks an impossible shot forfeits it, as in headless matches."""
    player, controller = controller_to_shoot(match)
    if controller == HUMAN:
        raise TurnError(f"it is {match.game.players[player].name}'s turn, and a person plays them")
    game, state = match.game, match.state
    try:
        shot = bot_for(controller).choose(game, state, player, bot_rng(match))
        return _played(game, state, player, controller, shot)
    except (BotFailedError, IllegalShotError):
        return _played(game, state, player, controller, forfeit_shot(game, state, player))
