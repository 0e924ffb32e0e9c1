"""The fixed camera's automatic capture on made-up frame sequences: a still once the board settles, none while a
hand is in view or the board keeps moving, none when nothing changed since the last still."""

import cv2
import numpy as np

from webapp.camera import Stillness, StillnessConfig, Watcher

SIZE = (480, 640)  # rows, cols
CENTRE, RAIL = (320, 240), 200


def board(discs=(), hand=None, rng=None):
    img = np.full((*SIZE, 3), 40, np.uint8)
    cv2.circle(img, CENTRE, RAIL, (140, 190, 220), -1)
    for x, y in discs:
        cv2.circle(img, (x, y), 10, (20, 20, 20), -1)
    if hand is not None:  # an arm reaching in from the right edge over the rail
        x, y = hand
        cv2.rectangle(img, (x, y - 30), (SIZE[1], y + 30), (120, 160, 200), -1)
        cv2.circle(img, (x, y), 35, (120, 160, 200), -1)
    if rng is not None:
        img = np.clip(img.astype(int) + rng.integers(-3, 4, img.shape), 0, 255).astype(np.uint8)
    return img


def feed(det, frames, fps=10, t0=0.0):
    """Times (s) at which a still was taken."""
    return [t0 + k / fps for k, f in enumerate(frames) if det.update(f, t0 + k / fps)]


def detector():
    det = Stillness(StillnessConfig(still_s=1.0))
    det.watch_board((*CENTRE, RAIL + 15))
    return det


def test_a_still_board_is_captured_once_after_it_settles():
    rng = np.random.default_rng(1)
    det = detector()
    taken = feed(det, [board(rng=rng) for _ in range(40)])
    assert len(taken) == 1 and 1.0 <= taken[0] <= 1.3  # after a second of calm, and only once


def test_a_shot_is_captured_only_after_the_hand_has_gone_and_the_disc_stopped():
    rng = np.random.default_rng(2)
    det = detector()
    frames = [board(rng=rng) for _ in range(20)]  # t 0..1.9: the empty board, captured once
    frames += [board(hand=(500 - 10 * k, 240), rng=rng) for k in range(10)]  # an arm reaches in
    frames += [board(hand=(400, 240), rng=rng) for _ in range(20)]  # and rests there, still
    frames += [board(discs=[(320 - 8 * k, 140)], rng=rng) for k in range(8)]  # the disc slides, hand gone
    frames += [board(discs=[(264, 140)], rng=rng) for _ in range(20)]  # and stops
    taken = feed(det, frames)
    assert len(taken) == 2
    assert taken[1] >= (20 + 10 + 20 + 8) / 10 + 1.0  # not while the hand rested, only after the disc stopped


def test_a_hand_resting_on_the_board_blocks_capture():
    rng = np.random.default_rng(3)
    det = detector()
    feed(det, [board(discs=[(300, 300)], rng=rng) for _ in range(15)])
    assert feed(det, [board(discs=[(300, 300)], hand=(380, 250), rng=rng) for _ in range(30)], t0=2.0) == []
    assert det.hand


def test_outside_the_board_is_ignored_and_a_moving_board_is_never_still():
    rng = np.random.default_rng(4)
    det = detector()
    frames = [board(rng=rng) for _ in range(15)]
    for k in range(30):  # a person walks past in the corner of the frame, far from the board
        f = board(rng=rng)
        cv2.rectangle(f, (0, 10 * k % 400), (60, 10 * k % 400 + 60), (250, 250, 250), -1)
        frames.append(f)
    assert len(feed(det, frames)) == 1
    jitter = detector()
    moving = [board(discs=[(200 + 6 * k, 240)], rng=rng) for k in range(30)]
    assert feed(jitter, moving) == []


def test_the_watcher_keeps_the_latest_still_for_the_page():
    rng = np.random.default_rng(5)
    frames = iter([board(rng=rng) for _ in range(15)] + [None])
    clock = iter(np.arange(0, 10, 0.1))
    w = Watcher(lambda: next(frames), detector(), clock=lambda: float(next(clock)))
    assert w.latest_still() is None and w.status()["still"] is None
    for _ in range(16):
        w.step()
    assert w.latest_still().seq == 0 and w.latest_still().image.shape == (*SIZE, 3)
    assert w.status() == {"enabled": True, "still": 0, "hand": False, "error": "the camera gave no picture"}
