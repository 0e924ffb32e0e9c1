"""The computer player and the shot advisor (levels Easy, Medium, Hard, Expert)."""

from sim.ai.advisor import AdviceError, Suggestion, advise
from sim.ai.levels import LEVELS, Level, UnknownLevelError, level_named
from sim.ai.player import AiBot

__all__ = ["LEVELS", "AdviceError", "AiBot", "Level", "Suggestion", "UnknownLevelError", "advise", "level_named"]
