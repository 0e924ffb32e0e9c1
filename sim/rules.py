"""Rule variants as data: named presets plus the knobs that tell them apart (see REFERENCE.md)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from enum import StrEnum


class FoulRemoval(StrEnum):
    """What a foul takes off the board besides the shot disc."""

    SHOT_ONLY = "shot-only"  # shot disc only; every other disc goes back where it was
    SHOT_AND_MOVED = "shot-and-moved"  # shot disc and every disc it moved
    SHOT_AND_OWN_TOUCHED = "shot-and-own-touched"  # shot disc and the shooter's own discs it touched (NCA)


class NoHiding(StrEnum):
    """How the no-hiding rule on an open board is judged."""

    OFF = "off"
    TOUCHING = "touching"  # touching the 15 line is enough
    INSIDE = "inside"  # must be clear inside the 15 line


class MatchFormat(StrEnum):
    POINTS = "points"  # cancellation points to a target (casual: 100)
    ROUNDS = "rounds"  # a fixed number of rounds, 2 for a round win and 1 each for a tie (NCA: 4)
    MATCH_POINTS = "match-points"  # 2/1/0 a round until a side reaches the target (championship: 8)


class RulesError(ValueError):
    """Unknown preset or an impossible knob value."""


@dataclass(frozen=True)
class Rules:
    name: str
    discs_per_player: int
    foul_removal: FoulRemoval
    no_hiding: NoHiding
    match_format: MatchFormat
    target: int  # points to win (POINTS), rounds to play (ROUNDS) or match points to win (MATCH_POINTS)

    def __post_init__(self):
        if not 1 <= self.discs_per_player <= 16:
            raise RulesError(f"discs per player must be 1 to 16, not {self.discs_per_player}")
        if not 1 <= self.target <= 10_000:
            raise RulesError(f"target must be 1 to 10000, not {self.target}")
        for field, kind in (("foul_removal", FoulRemoval), ("no_hiding", NoHiding), ("match_format", MatchFormat)):
            value = getattr(self, field)
            try:
                object.__setattr__(self, field, kind(value))
            except ValueError:
                choices = ", ".join(k.value for k in kind)
                raise RulesError(f"{field.replace('_', ' ')} must be one of {choices}, not {value!r}") from None

    def with_knobs(self, **knobs) -> Rules:
        """A copy with some knobs changed; the name gains a '+' to show it is no longer the plain preset."""
        unknown = set(knobs) - set(self.to_json())
        if unknown:
            raise RulesError(f"unknown rule knob(s): {', '.join(sorted(unknown))}")
        changed = {k: v for k, v in knobs.items() if v is not None}
        if not changed:
            return self
        name = self.name if self.name.endswith("+") else self.name + "+"
        return replace(self, **{"name": name, **changed})

    def to_json(self) -> dict:
        return {k: str(v) if isinstance(v, StrEnum) else v for k, v in asdict(self).items()}

    @classmethod
    def from_json(cls, data: dict) -> Rules:
        try:
            return cls(**data)
        except TypeError as exc:
            raise RulesError(f"bad rules object: {exc}") from None


PRESETS: dict[str, Rules] = {
    r.name: r
    for r in (
        # The digital game of the brief: 12 discs, a foul removes the shot disc and all it moved, to 100.
        Rules("casual", 12, FoulRemoval.SHOT_AND_MOVED, NoHiding.TOUCHING, MatchFormat.POINTS, 100),
        # NCA singles: 8 discs, 4 rounds scored 2/1/0.
        Rules("nca", 8, FoulRemoval.SHOT_AND_OWN_TOUCHED, NoHiding.TOUCHING, MatchFormat.ROUNDS, 4),
        # Crokinole Club's casual duels: only the shot disc comes off, no-hiding not enforced.
        Rules("club-casual", 8, FoulRemoval.SHOT_ONLY, NoHiding.OFF, MatchFormat.POINTS, 100),
    )
}


def rules_named(name: str) -> Rules:
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(f"unknown rules {name!r}; choose one of {', '.join(PRESETS)}") from None
