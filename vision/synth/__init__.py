"""Synthetic crokinole photos with exact truth, for testing calibration and scoring.

    scene = random_scene(rng, CLUB)
    style = random_style(rng)
    image, truth = render(scene, style, rng)                  # BGR uint8, truth dict (saved as .json)
    (img_b, t_b), (img_a, t_a) = render_pair(before, after, style, rng)
"""

from vision.synth.camera import Camera, Pose
from vision.synth.layouts import OTHER_TEAM_SETS, TEAM_SETS, random_scene, recoloured
from vision.synth.render import SceneError, render, render_pair
from vision.synth.scene import Scene, SceneDisc
from vision.synth.style import Style, random_style

__all__ = [
    "OTHER_TEAM_SETS",
    "TEAM_SETS",
    "Camera",
    "Pose",
    "Scene",
    "SceneDisc",
    "SceneError",
    "Style",
    "random_scene",
    "random_style",
    "recoloured",
    "render",
    "render_pair",
]
