"""The one place that reads photos: real format from the bytes, EXIF orientation, size checked before decoding.

Phones and web pages hand us files whose extension lies (a WEBP named .jpg), giant panoramas and truncated
uploads. Pillow reads only the header first, so an image too large to hold is refused before any pixel is
decoded, and every failure becomes one ``ImageReadError`` with a message a person can act on. JPEGs, nearly
every photo, are decoded by libjpeg-turbo straight to BGR (simplejpeg): Pillow's decode and copy to numpy took
0.19 s of a 12-megapixel photo's 1 s budget, simplejpeg takes 0.05 s, to the same pixels.
"""

from __future__ import annotations

import io
import math
import os
import warnings
from pathlib import Path

import cv2
import numpy as np
import simplejpeg
from PIL import ExifTags, Image, ImageOps, UnidentifiedImageError

from calibration.model import MAX_FOCAL_SHARE, MIN_FOCAL_SHARE

MAX_PIXELS = 100_000_000
"""Refuse images with more pixels than this (100 megapixels) before decoding them."""

_FORMATS = ("JPEG", "PNG", "WEBP", "BMP", "TIFF", "GIF")
FILM_DIAGONAL_MM = math.hypot(36.0, 24.0)  # a 35 mm equivalent focal length is a share of this diagonal
FOCAL_35MM_TAG = 0xA405  # EXIF FocalLengthIn35mmFilm, which phones write into every photo
_UPRIGHT = {  # EXIF orientation -> the turn that makes the photo upright (as ImageOps.exif_transpose)
    2: lambda a: cv2.flip(a, 1), 3: lambda a: cv2.rotate(a, cv2.ROTATE_180), 4: lambda a: cv2.flip(a, 0),
    5: cv2.transpose, 6: lambda a: cv2.rotate(a, cv2.ROTATE_90_CLOCKWISE),
    7: lambda a: cv2.flip(cv2.transpose(a), -1), 8: lambda a: cv2.rotate(a, cv2.ROTATE_90_COUNTERCLOCKWISE),
}


class ImageReadError(ValueError):
    """The bytes are not a photo we can read (empty, not an image, truncated, too large, unknown format)."""


def read_image(source: str | os.PathLike | bytes, *, max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """Decode a photo to a BGR uint8 array, upright as its EXIF orientation says."""
    name, data = _load(source)
    if not data:
        raise ImageReadError(f"{name}: empty file (0 bytes)")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            img = Image.open(io.BytesIO(data), formats=_FORMATS)
            w, h = img.size
            if w * h > max_pixels:
                raise ImageReadError(
                    f"{name}: image is {w}x{h} = {w * h / 1e6:.0f} megapixels, more than {max_pixels / 1e6:.0f}"
                )
            if img.format == "JPEG" and img.mode in ("RGB", "L"):
                try:
                    return _upright(simplejpeg.decode_jpeg(data, colorspace="BGR", strict=True), img)
                except ValueError:  # truncated, or only a libjpeg warning (stray bytes before a marker, which
                    pass  # some cameras write): Pillow's decode below tells the two apart
            img.load()
    except ImageReadError:
        raise
    except UnidentifiedImageError:
        raise ImageReadError(f"{name}: not an image in a known format ({', '.join(_FORMATS)})") from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ImageReadError(f"{name}: image too large to decode safely ({exc})") from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise ImageReadError(f"{name}: cannot decode {img_format(data)} data ({exc})") from None
    img = _eight_bit(ImageOps.exif_transpose(img))
    rgb = np.asarray(img.convert("RGB"))
    return cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR)


def lens_focal_px(source: str | os.PathLike | bytes) -> float | None:
    """The lens's focal length in the photo's pixels as its camera recorded it (EXIF FocalLengthIn35mmFilm), or
    None when the photo does not say (or is no photo: this is a hint, never an error).

    A 35 mm equivalent is the lens's share of the frame's diagonal, so it holds however the photo was scaled; a
    crop keeps the tag but shortens the diagonal, so a cropped photo reads a shorter lens by the crop's factor (a
    4:3 phone photo cropped square: 8%). A lens outside the believed range (MIN_FOCAL_SHARE to MAX_FOCAL_SHARE of
    the long side) is a tag written wrong, and None. Seen square-on, the board's rings cannot give the focal length,
    and a guess puts the camera's height (and so where a disc's raised face stands) off: by a factor of 1.4 at the
    median over square-on renders, 2.5 to 10 through a phone's tele lens or a camera across the room.
    """
    lens = _lens(source)
    if lens is None:
        return None
    f35, size = lens
    focal = f35 / FILM_DIAGONAL_MM * math.hypot(*size)
    return focal if MIN_FOCAL_SHARE <= focal / max(size) <= MAX_FOCAL_SHARE else None


def focal_35mm(source: str | os.PathLike | bytes) -> float | None:
    """The 35 mm equivalent focal length (mm) the photo's EXIF records, or None (see ``lens_focal_px``)."""
    lens = _lens(source)
    return None if lens is None else lens[0]


def _lens(source) -> tuple[float, tuple[int, int]] | None:
    """The EXIF 35 mm equivalent focal length and the photo's size, read from its header alone."""
    try:
        _, data = _load(source)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=_FORMATS) as img:
                size = img.size
                f35 = img.getexif().get_ifd(ExifTags.IFD.Exif).get(FOCAL_35MM_TAG)
    except (ImageReadError, Image.DecompressionBombError, OSError, SyntaxError, ValueError, TypeError):
        return None
    return (float(f35), size) if isinstance(f35, int | float) and f35 > 0 else None


def _upright(bgr: np.ndarray, header: Image.Image) -> np.ndarray:
    """The decoded pixels turned as the header's EXIF orientation says (simplejpeg does not read EXIF)."""
    turn = _UPRIGHT.get(header.getexif().get(ExifTags.Base.Orientation))
    return turn(bgr) if turn else bgr


def _eight_bit(img: Image.Image) -> Image.Image:
    """16-bit grey (a scan, a raw converter's PNG or TIFF) scaled to 8 bits: Pillow's own conversion clips every
    level over 255 to white, and the photo read as one blank sheet ("too blurred"). 16-bit colour Pillow reduces
    itself."""
    if not (img.mode.startswith("I;16") or img.mode == "I"):
        return img
    grey = np.asarray(img, dtype=np.float64)
    full = 65535.0 if img.mode != "I" or grey.max() > 255 else 255.0
    return Image.fromarray(np.clip(np.rint(grey * (255.0 / full)), 0, 255).astype(np.uint8), "L")


def img_format(data: bytes) -> str:
    """A short name for the format the bytes start with, for error messages."""
    signatures = {b"\xff\xd8\xff": "JPEG", b"\x89PNG": "PNG", b"GIF8": "GIF", b"BM": "BMP"}
    for sig, fmt in signatures.items():
        if data.startswith(sig):
            return fmt
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WEBP"
    return "image"


def _load(source: str | os.PathLike | bytes) -> tuple[str, bytes]:
    if isinstance(source, bytes | bytearray | memoryview):
        return "image", bytes(source)
    path = Path(source)
    try:
        return path.name, path.read_bytes()
    except IsADirectoryError:
        raise ImageReadError(f"{path}: is a directory, not an image") from None
    except FileNotFoundError:
        raise ImageReadError(f"{path}: no such file") from None
