"""Evidence on the photo: every disc's outline in its team's colour with its points; uncertain calls marked, and
where a disc may be unseen (glare, an outline not counted)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.hole import hole_plane
from vision.score import PhotoScore

UNSURE_BGR = (0, 215, 255)  # amber ring and '?' for a call the players should look at


def look_outlines(score: PhotoScore, n: int = 48) -> list[np.ndarray]:
    """Where a disc may be unseen, as closed outlines of ``n`` image points each: the patches glare washes out
    (``PhotoScore.washed``) and, a disc's size, the disc-like outlines not counted (``PhotoScore.doubtful``)."""
    ang = np.linspace(0, 2 * np.pi, n, endpoint=False)
    circles = list(score.washed) + [(x, y, score.board.disc_r) for x, y in score.doubtful]
    return [score.top_plane.circle_to_image(x, y, r, ang) for x, y, r in circles]


def draw_overlay(image: np.ndarray, score: PhotoScore) -> np.ndarray:
    """A copy of ``image`` with each disc's top-face outline, team colour and points drawn on it."""
    out = image.copy()
    scale = max(1.0, max(out.shape[:2]) / 1200)
    thick = max(1, int(round(2 * scale)))
    colours = {t: tuple(int(c) for c in rgb[::-1]) for t, rgb in zip(score.teams, score.team_colours, strict=True)}
    for ring in look_outlines(score):  # dashed: look there for a disc
        ring = np.round(ring)
        for a, b in zip(ring[::2], np.roll(ring, -1, axis=0)[::2], strict=True):
            cv2.line(out, tuple(int(v) for v in a), tuple(int(v) for v in b), UNSURE_BGR, thick, cv2.LINE_AA)
    ang = np.linspace(0, 2 * np.pi, 48, endpoint=False)
    for d in score.discs:
        plane = hole_plane(score) if d.points == 20 else score.top_plane
        pts = np.round(plane.circle_to_image(d.x_mm, d.y_mm, d.r_mm, ang)).astype(np.int32)
        colour = colours[d.team]
        halo = (255, 255, 255) if sum(colour) < 300 else (0, 0, 0)
        cv2.polylines(out, [pts], True, halo, thick + 2, cv2.LINE_AA)
        cv2.polylines(out, [pts], True, colour, thick, cv2.LINE_AA)
        if d.uncertain:
            big = np.round(plane.circle_to_image(d.x_mm, d.y_mm, 1.35 * d.r_mm, ang))
            cv2.polylines(out, [big.astype(np.int32)], True, UNSURE_BGR, thick, cv2.LINE_AA)
        label = f"{d.points}{'?' if d.uncertain else ''}"
        org = (int(d.px[0] - 9 * scale * len(label) / 2), int(d.px[1] + 7 * scale))
        cv2.putText(out, label, org, cv2.FONT_HERSHEY_SIMPLEX, 0.6 * scale, halo, thick + 2, cv2.LINE_AA)
        cv2.putText(out, label, org, cv2.FONT_HERSHEY_SIMPLEX, 0.6 * scale, colour, thick, cv2.LINE_AA)
    totals = "  ".join(f"{t} {p}" for t, p in score.totals.items()) + ("  (uncertain)" if score.uncertain else "")
    cv2.putText(out, totals, (int(10 * scale), int(30 * scale)), cv2.FONT_HERSHEY_SIMPLEX, 0.8 * scale,
                (0, 0, 0), thick + 3, cv2.LINE_AA)
    cv2.putText(out, totals, (int(10 * scale), int(30 * scale)), cv2.FONT_HERSHEY_SIMPLEX, 0.8 * scale,
                (255, 255, 255), thick, cv2.LINE_AA)
    return out
