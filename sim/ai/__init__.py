"""The computer player and the shot advisor (levels Easy, Medium, Hard, Expert)."""

from sim.ai.levels import LEVELS, Level, UnknownLevelError, level_named
from sim.ai.player import AiBot

__all__ = ["LEVELS", "AiBot", "Level", "UnknownLevelError", "level_named"]
