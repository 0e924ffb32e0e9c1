"""Photos sent to the web app: decoded through ``calibration.read_image``, kept as the JPEG that was scored.

The server holds one upload in memory at a time, so it refuses images above ``WEB_MAX_PIXELS`` (phones take
12 to 50 megapixels) before decoding, and scales very large ones down to ``MAX_SIDE`` so that what is scored,
stored and shown is one picture with one set of pixel coordinates. The kept JPEG carries the upload's lens (its
35 mm equivalent focal length, which scaling leaves as it is), so a photo scored again is scored as it was.
"""

from __future__ import annotations

import struct

import cv2
import numpy as np
from PIL import ExifTags, Image

from calibration import ImageReadError, read_image
from calibration.imageio import FOCAL_35MM_TAG

WEB_MAX_PIXELS = 50_000_000
MAX_SIDE = 4096
JPEG_QUALITY = 92


def decode_upload(data: bytes) -> np.ndarray:
    """The upright BGR photo; ImageReadError for anything that is not a photo we can take."""
    image = read_image(data, max_pixels=WEB_MAX_PIXELS)
    scale = MAX_SIDE / max(image.shape[:2])
    if scale < 1:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return image


def encode_jpeg(image: np.ndarray, focal_35mm: float | None = None) -> bytes:
    """The photo as the JPEG the app keeps; with ``focal_35mm``, its lens recorded as a camera records it."""
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    if not ok:
        raise ImageReadError("could not encode the photo as JPEG")
    jpeg = buf.tobytes()
    if focal_35mm is None:
        return jpeg
    exif = Image.Exif()
    exif.get_ifd(ExifTags.IFD.Exif)[FOCAL_35MM_TAG] = int(round(focal_35mm))
    app1 = exif.tobytes()
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + jpeg[2:]  # after the start marker


def decode_stored(data: bytes) -> np.ndarray:
    """A photo this app stored itself (already checked and upright)."""
    return read_image(data)


def patch_colour(image: np.ndarray, x: float, y: float, radius_px: float) -> tuple[int, int, int]:
    """Median RGB of the pixels within ``radius_px`` of (x, y): the colour of the disc a person tapped."""
    h, w = image.shape[:2]
    r = max(2, int(round(radius_px)))
    x0, x1 = max(0, int(x) - r), min(w, int(x) + r + 1)
    y0, y1 = max(0, int(y) - r), min(h, int(y) + r + 1)
    if x0 >= x1 or y0 >= y1:
        raise ValueError(f"the point ({x:.0f}, {y:.0f}) is outside the {w}x{h} photo")
    yy, xx = np.mgrid[y0:y1, x0:x1]
    inside = (xx - x) ** 2 + (yy - y) ** 2 <= r * r
    b, g, rr = (np.median(image[y0:y1, x0:x1][inside], axis=0)).astype(int)
    return int(rr), int(g), int(b)
