"""How a synthetic photo looks: the board's finish, the camera, the light and the photo's flaws.

A Style is drawn once per photo (or once per before/after pair); the scene says where the discs are.
Colours are RGB tuples; lengths are millimetres.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from vision.synth.camera import Pose

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class BoardLook:
    field: str  # "maple", "stained", "walnut" or "painted"
    surface_rgb: RGB
    grain: float  # strength of the grain streaks, 0..1
    grain_angle_deg: float
    veneer_strips: bool  # visible strips of veneer with slightly different tones
    ditch_rgb: RGB
    ditch_felt: bool
    frame: str  # "round" or "octagon"
    rail_rgb: RGB
    rail_width: float
    ditch_drop: float  # how far the ditch floor lies below the playing surface
    base_height: float  # from the table up to the ditch floor
    line_rgb: RGB
    line_width: float | None  # painted width of the scoring lines; None: the board profile's
    numbers: bool
    decorative_rings: tuple[float, ...]  # radii of thin non-scoring rings, as shares of the surface radius
    peg: str  # "rubber", "brass" or "pin"
    peg_height: float
    hole_rgb: RGB  # bottom of the 20 hole
    table: str  # "planks", "cloth", "carpet" or "plain"
    table_rgb: RGB


@dataclass(frozen=True)
class Lighting:
    azimuth_deg: float  # where the main light comes from
    elevation_deg: float
    ambient: float
    gradient: tuple[float, float, float]  # multiplicative gradient across the picture: (angle_rad, low, high)
    glare: tuple[float, float, float, float] | None  # (u, v) as shares of the picture, radius share, strength
    shadow_band: tuple[float, float, float, float] | None  # (angle_rad, offset share, width share, darkness)
    white_balance: tuple[float, float, float]  # gains on B, G, R
    vignette: float = 0.12  # light lost at the picture's corners (a phone lens's fall-off)


@dataclass(frozen=True)
class Finish:
    noise: float  # sigma of sensor noise in grey levels
    blur: float  # Gaussian sigma in pixels
    jpeg_quality: int


HOLE_FLOORS = ((12, 10, 10), (20, 18, 16), (110, 20, 30))  # the 20 hole's floor: black, dark grey, red felt
# Floors no threshold was measured on (the benchmark's ``novel`` section): bare wood, green and blue felt, grey.
OTHER_HOLE_FLOORS = ((200, 160, 110), (30, 90, 50), (40, 50, 120), (150, 150, 150))


@dataclass(frozen=True)
class Style:
    seed: int  # textures (grain, table) come from this, so a before/after pair shows the same wood
    look: BoardLook
    pose: Pose
    light: Lighting
    finish: Finish


_FIELDS = {
    "maple": [(226, 196, 150), (232, 206, 162), (214, 178, 128), (238, 214, 176)],
    "stained": [(196, 132, 72), (184, 120, 62), (205, 150, 90), (170, 104, 52)],
    "walnut": [(120, 76, 44), (104, 66, 40), (136, 90, 56)],
    "painted": [(28, 50, 110), (20, 22, 26), (30, 80, 50), (150, 36, 34), (200, 180, 150)],
}
_RAILS = [(196, 130, 60), (150, 92, 46), (30, 30, 34), (28, 34, 60), (214, 170, 110), (110, 60, 36)]
_DITCHES = [(150, 40, 40), (26, 26, 30), (120, 70, 40), (30, 36, 70), (40, 70, 40)]
_TABLES = {
    "planks": [(120, 114, 106), (150, 120, 90), (90, 80, 72)],
    "cloth": [(200, 200, 198), (88, 92, 112), (140, 64, 58), (110, 110, 110)],
    "carpet": [(86, 90, 112), (96, 90, 84), (70, 70, 74)],
    "plain": [(236, 236, 234), (180, 178, 170), (210, 200, 186)],
}


def _pick(rng: np.random.Generator, options):
    return options[int(rng.integers(len(options)))]


def _jitter(rng: np.random.Generator, rgb: RGB, amount: float = 10) -> RGB:
    return tuple(int(np.clip(c + rng.normal(0, amount), 0, 255)) for c in rgb)


def random_look(rng: np.random.Generator) -> BoardLook:
    field = _pick(rng, ["maple", "maple", "maple", "stained", "stained", "walnut", "painted", "painted"])
    surface = _jitter(rng, _pick(rng, _FIELDS[field]))
    lum = sum(surface) / 3
    if field == "painted":
        inks = [(220, 70, 50), (235, 230, 215), (230, 200, 60)]
        inks = [c for c in inks if np.abs(np.subtract(c, surface)).sum() > 200] or [(235, 230, 215)]
        line = _pick(rng, inks) if lum < 120 else (30, 30, 30)
    else:
        line = (22, 20, 20) if lum > 90 else _pick(rng, [(235, 228, 210), (220, 190, 80)])
    table = _pick(rng, list(_TABLES))
    rings = []
    if rng.random() < 0.3:
        rings.append(float(rng.uniform(0.08, 0.1)))  # a ring round the hole
    if rng.random() < 0.2:
        rings.append(float(rng.uniform(0.972, 0.985)))  # a border near the edge of the playing surface
    return BoardLook(
        field=field,
        surface_rgb=surface,
        grain=0.0 if field == "painted" else float(rng.uniform(0.3, 1.0)),
        grain_angle_deg=float(rng.uniform(0, 180)),
        veneer_strips=field != "painted" and rng.random() < 0.4,
        ditch_rgb=_jitter(rng, _pick(rng, _DITCHES + [_pick(rng, _RAILS)])),
        ditch_felt=rng.random() < 0.5,
        frame=_pick(rng, ["round", "octagon"]),
        rail_rgb=_jitter(rng, _pick(rng, _RAILS)),
        rail_width=float(rng.uniform(24, 40)),
        ditch_drop=float(rng.uniform(3, 8)),
        base_height=float(rng.uniform(10, 22)),
        line_rgb=line,
        line_width=None if rng.random() < 0.7 else round(float(rng.uniform(1.6, 3.0)), 2),
        numbers=rng.random() < 0.45,
        decorative_rings=tuple(rings),
        peg=_pick(rng, ["rubber", "rubber", "brass", "pin"]),
        peg_height=float(rng.uniform(10, 22)),
        hole_rgb=_pick(rng, list(HOLE_FLOORS)),
        table=table,
        table_rgb=_jitter(rng, _pick(rng, _TABLES[table]), 8),
    )


def random_pose(rng: np.random.Generator) -> Pose:
    # Most phone photos are taken from nearly above; a third are clearly oblique.
    tilt = float(rng.uniform(0, 12) if rng.random() < 0.45 else rng.uniform(12, 50))
    fill = float(0.95 - 0.4 * rng.beta(1.2, 2.5))  # mostly 0.8 to 0.95, as people frame a board
    return Pose(
        tilt_deg=tilt,
        azimuth_deg=float(rng.uniform(0, 360)),
        roll_deg=float(rng.uniform(-180, 180) if rng.random() < 0.5 else rng.normal(0, 6)),
        fill=fill,
        focal=float(rng.uniform(0.7, 1.5)),
        k1=float(rng.uniform(-0.08, 0.04)),
        k2=float(rng.uniform(-0.01, 0.01)),
        shift=(float(rng.uniform(-0.5, 0.5)), float(rng.uniform(-0.5, 0.5))),
    )


def random_lighting(rng: np.random.Generator) -> Lighting:
    glare = None
    if rng.random() < 0.5:
        glare = (float(rng.uniform(0.2, 0.8)), float(rng.uniform(0.2, 0.8)), float(rng.uniform(0.04, 0.15)),
                 float(rng.uniform(0.25, 0.7)))
    band = _shadow_band(rng) if rng.random() < 0.3 else None
    warm = float(rng.normal(0, 0.06))
    return Lighting(
        azimuth_deg=float(rng.uniform(0, 360)),
        elevation_deg=float(rng.uniform(35, 80)),
        ambient=float(rng.uniform(0.45, 0.7)),
        gradient=(float(rng.uniform(0, 2 * np.pi)), float(rng.uniform(0.65, 0.95)), float(rng.uniform(1.0, 1.15))),
        glare=glare,
        shadow_band=band,
        white_balance=(1 - warm, 1.0, 1 + warm),
    )


def relit(light: Lighting, rng: np.random.Generator) -> Lighting:
    """The same lamp moments later, in a second photo: the camera's exposure and white balance settle elsewhere,
    and a player's shadow falls somewhere else, or nowhere."""
    warm = float(rng.normal(0, 0.04))
    band = _shadow_band(rng) if rng.random() < 0.5 else None
    return replace(light, ambient=light.ambient * float(rng.uniform(0.85, 1.15)), shadow_band=band,
                   white_balance=tuple(g * w for g, w in zip(light.white_balance, (1 - warm, 1.0, 1 + warm),
                                                              strict=True)))


def _shadow_band(rng: np.random.Generator) -> tuple[float, float, float, float]:
    """A shadow across the picture (a player, a lamp's arm): angle, offset and width as shares, darkness."""
    return (float(rng.uniform(0, np.pi)), float(rng.uniform(-0.35, 0.35)), float(rng.uniform(0.05, 0.2)),
            float(rng.uniform(0.25, 0.55)))


def random_style(rng: np.random.Generator) -> Style:
    """A random look, camera, light and finish; every choice comes from ``rng``."""
    return Style(
        seed=int(rng.integers(2**31)),
        look=random_look(rng),
        pose=random_pose(rng),
        light=random_lighting(rng),
        finish=Finish(
            noise=float(rng.uniform(1.0, 5.0)),
            blur=float(rng.uniform(0.0, 1.1)),
            jpeg_quality=int(rng.integers(70, 96)),
        ),
    )
