"""A USB camera fixed above the board (optional): it takes a still by itself once the board has been still for a
moment and no hand is in view.

``Stillness`` is the pure decision on a stream of frames, so it is tested on made-up frame sequences:
- the board area (the calibrated rail circle, or the whole frame before calibration) is compared frame to frame;
  a frame is calm when few of its pixels changed;
- the board is still when frames have been calm for ``still_s`` seconds;
- a hand is in view when the change since the last still touches the edge of the board area (an arm reaches in
  over the rail) or covers more than a few discs' worth of area (a disc moving or leaving changes much less);
- a new still is taken only when the board differs from the last still (something was shot).
``Watcher`` runs it in a thread on an OpenCV VideoCapture; the page asks for the latest still.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

WORK_SIDE = 320  # frames are compared at this size: enough for a disc, cheap for a thread


@dataclass(frozen=True)
class Still:
    seq: int
    t: float
    image: np.ndarray


@dataclass(frozen=True)
class StillnessConfig:
    still_s: float = 1.0  # how long the board must stay calm
    pixel_delta: int = 25  # grey levels that count as a change
    calm_share: float = 0.002  # share of board pixels allowed to change between calm frames
    change_share: float = 0.001  # share that must differ from the last still for a new one
    hand_share: float = 0.08  # a change larger than this share of the board area is a hand, not discs


def board_mask(shape: tuple[int, int], circle: tuple[float, float, float] | None) -> np.ndarray:
    """The area watched, at work size: the board's rail circle (x, y, r in work pixels) or the whole frame."""
    mask = np.zeros(shape, np.uint8)
    if circle is None:
        mask[1:-1, 1:-1] = 255
    else:
        cv2.circle(mask, (round(circle[0]), round(circle[1])), round(circle[2]), 255, -1)
    return mask


class Stillness:
    """Feed frames with ``update(frame, t)``; it returns True for the frame to keep as a new still."""

    def __init__(self, config: StillnessConfig = StillnessConfig()):
        self.config = config
        self.circle_px: tuple[float, float, float] | None = None  # the board's rail in frame pixels
        self.mask = None
        self.scale = 1.0
        self.prev = None
        self.calm_since = None
        self.last_still = None
        self.hand = False

    def watch_board(self, circle_px: tuple[float, float, float] | None) -> None:
        """Watch only the board (its rail circle in frame pixels, from a calibration) from now on."""
        self.circle_px = circle_px
        self.mask = self.prev = self.last_still = self.calm_since = None

    def _small(self, frame: np.ndarray) -> np.ndarray:
        grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
        if self.mask is None:
            self.scale = min(1.0, WORK_SIDE / max(grey.shape))
            circle = None if self.circle_px is None else tuple(v * self.scale for v in self.circle_px)
            size = (round(grey.shape[1] * self.scale), round(grey.shape[0] * self.scale))
            self.mask = board_mask((size[1], size[0]), circle)
            self.border = cv2.subtract(self.mask, cv2.erode(self.mask, np.ones((5, 5), np.uint8)))
        small = cv2.resize(grey, (self.mask.shape[1], self.mask.shape[0]), interpolation=cv2.INTER_AREA)
        return cv2.GaussianBlur(small, (5, 5), 0)

    def _changed(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        d = cv2.absdiff(a, b) > self.config.pixel_delta
        return d & (self.mask > 0)

    def update(self, frame: np.ndarray, t: float) -> bool:
        small = self._small(frame)
        area = float(np.count_nonzero(self.mask))
        moving = np.inf if self.prev is None else np.count_nonzero(self._changed(small, self.prev))
        calm = moving <= self.config.calm_share * area
        self.prev = small
        if not calm:
            self.calm_since = None
            return False
        if self.calm_since is None:
            self.calm_since = t
        if t - self.calm_since < self.config.still_s:
            return False
        if self.last_still is None:
            self.hand = False
            self.last_still = small
            return True
        change = self._changed(small, self.last_still)
        n = np.count_nonzero(change)
        self.hand = bool(n > self.config.hand_share * area or np.any(change & (self.border > 0)))
        if self.hand or n <= self.config.change_share * area:
            return False
        self.last_still = small
        return True


class Watcher:
    """Reads frames in a thread (``read`` returns a BGR frame or None) and keeps the latest still."""

    def __init__(self, read: Callable[[], np.ndarray | None], stillness: Stillness, clock=time.monotonic,
                 period_s: float = 0.1):
        self.read, self.stillness, self.clock, self.period_s = read, stillness, clock, period_s
        self._lock = threading.Lock()
        self._still: Still | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.error: str | None = None

    def step(self) -> bool:
        """Read one frame; True when it became the new still."""
        frame = self.read()
        if frame is None:
            self.error = "the camera gave no picture"
            return False
        self.error = None
        t = self.clock()
        if not self.stillness.update(frame, t):
            return False
        with self._lock:
            seq = 0 if self._still is None else self._still.seq + 1
            self._still = Still(seq, t, frame.copy())
        return True

    def latest_still(self) -> Still | None:
        with self._lock:
            return self._still

    def status(self) -> dict:
        s = self.latest_still()
        return {"enabled": True, "still": None if s is None else s.seq, "hand": self.stillness.hand,
                "error": self.error}

    def start(self) -> None:
        def loop():
            while not self._stop.is_set():
                self.step()
                self._stop.wait(self.period_s)

        self._thread = threading.Thread(target=loop, name="crokinole-camera", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2)


def open_camera(index: int) -> Callable[[], np.ndarray | None]:
    """A reader for USB camera ``index``; ValueError when it cannot be opened."""
    cap = cv2.VideoCapture(index)
    if not cap.isOpened():
        raise ValueError(f"camera {index} could not be opened")

    def read():
        ok, frame = cap.read()
        return frame if ok else None

    return read


def camera_of(app) -> Watcher | None:
    return app.extensions.get("crokinole_camera")
