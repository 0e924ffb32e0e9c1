"""Vision: score a round from a board photo, judge a shot from a before and an after photo.

    from vision import score_photo, check_shot
    score = score_photo("photo.jpg", teams={"red": (176, 40, 44), "black": (32, 32, 32)})
    score.to_json(); score.to_state()          # the JSON of `crokinole score`; a sim State for advice
    check = check_shot("before.jpg", "after.jpg", shooter="red", rules="casual")
"""

from vision.score import NoBoardError, PhotoDisc, PhotoScore, score_photo
from vision.shotcheck import ShotCheck, ShotCheckError, check_shot
from vision.teams import TeamColoursError, parse_teams

__all__ = [
    "NoBoardError",
    "PhotoDisc",
    "PhotoScore",
    "ShotCheck",
    "ShotCheckError",
    "TeamColoursError",
    "check_shot",
    "parse_teams",
    "score_photo",
]
