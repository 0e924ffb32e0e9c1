"""The four computer levels as data: how steady the hand is, what the level tries and how carefully it checks.

Hand noise is the brief's (it must not be tuned). Everything else is this package's design:
- ``spots``: where on its line the level looks from (Easy only the middle and a couple of spots).
- ``twenty_overshoot``: how far past the hole centre the level means a 20 to run (mm). Lower levels are timid
  and aim to just reach the hole; Expert tries a ladder and lets its noisy checks pick the surest.
- ``takeout_speeds``: release speeds for hits (mm/s); ``cuts``: fractions of a disc width to hit off-centre.
- ``families``: which kinds of shot the level thinks of at all.
- ``per_target``: how many spots with a clear view it tries for each disc it wants to hit.
- ``max_screen`` / ``finalists`` / ``samples`` / ``extra``: how many candidates it screens without noise, how
  many get noisy rollouts, samples each, and extra samples for the two leaders.
- ``risk``: weight of the spread of outcomes in the value (mean - risk * std).
- ``exposure``: weight of a cheap "which of my discs can the next player see" penalty (Medium).
- ``lookahead``: how many leaders get a one-reply look-ahead (Hard, Expert); 0 for none.
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.bots import Hand


class UnknownLevelError(ValueError):
    """A level name that is not easy, medium, hard or expert."""


@dataclass(frozen=True)
class Level:
    name: str
    hand: Hand
    spots: tuple[float, ...]
    twenty_overshoot: tuple[float, ...]
    takeout_speeds: tuple[float, ...]
    cuts: tuple[float, ...]
    families: frozenset[str]
    per_target: int
    max_screen: int
    finalists: int
    samples: int
    extra: int
    risk: float
    exposure: float
    lookahead: int
    parallel: bool


_ALL = frozenset({"twenty", "takeout", "stick", "cut", "carom", "raise", "draw", "hide"})

LEVELS: dict[str, Level] = {
    lv.name: lv
    for lv in (
        Level(
            "easy",
            Hand(2.5, 0.12),
            spots=(0.0, -0.4, 0.4),
            twenty_overshoot=(5.0,),
            takeout_speeds=(2000.0,),
            cuts=(),
            families=frozenset({"twenty", "takeout"}),
            per_target=2,
            max_screen=8,
            finalists=3,
            samples=6,
            extra=0,
            risk=0.0,
            exposure=0.0,
            lookahead=0,
            parallel=False,
        ),
        Level(
            "medium",
            Hand(2.0, 0.08),
            spots=(0.0, -0.3, 0.3, -0.6, 0.6),
            twenty_overshoot=(20.0,),
            takeout_speeds=(1500.0, 2500.0),
            cuts=(),
            families=frozenset({"twenty", "takeout", "stick", "draw"}),
            per_target=3,
            max_screen=30,
            finalists=5,
            samples=10,
            extra=6,
            risk=0.1,
            exposure=0.3,
            lookahead=0,
            parallel=False,
        ),
        Level(
            "hard",
            Hand(1.0, 0.05),
            spots=(0.0, -0.2, 0.2, -0.4, 0.4, -0.6, 0.6, -0.8, 0.8),
            twenty_overshoot=(12.0,),
            takeout_speeds=(1300.0, 2000.0, 3000.0),
            cuts=(-0.4, 0.4),
            families=_ALL - {"carom", "raise"},
            per_target=3,
            max_screen=70,
            finalists=8,
            samples=12,
            extra=12,
            risk=0.15,
            exposure=0.0,
            lookahead=3,
            parallel=True,
        ),
        Level(
            "expert",
            Hand(0.9, 0.045),
            spots=tuple(s / 10 for s in range(-9, 10)),
            twenty_overshoot=(45.0, 60.0, 75.0),
            takeout_speeds=(1200.0, 1700.0, 2400.0, 3200.0),
            cuts=(-0.6, -0.3, 0.3, 0.6),
            families=_ALL,
            per_target=4,
            max_screen=110,
            finalists=8,
            samples=14,
            extra=24,
            risk=0.2,
            exposure=0.0,
            lookahead=4,
            parallel=True,
        ),
    )
}


def level_named(name: str) -> Level:
    try:
        return LEVELS[name.lower()]
    except KeyError:
        raise UnknownLevelError(f"unknown level {name!r}; choose one of {', '.join(LEVELS)}") from None
