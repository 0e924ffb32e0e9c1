"""Reading request bodies strictly: a JSON object with known keys and values of the right type, or ApiError."""

from __future__ import annotations

import json
import math

from flask import request

from webapp.api.errors import ApiError


def json_object(allowed: frozenset[str], *, empty_ok: bool) -> dict:
    """The request body as a dict; an empty body is ``{}`` when ``empty_ok``. Unknown keys are refused."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        if empty_ok:
            return {}
        raise ApiError("the request needs a JSON object body")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ApiError(f"the body is not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ApiError(f"the body must be a JSON object, not {type(data).__name__}")
    unknown = set(data) - allowed
    if unknown:
        raise ApiError(f"unknown field(s) {', '.join(sorted(unknown))}; allowed: {', '.join(sorted(allowed))}")
    return data


def number(data: dict, key: str, *, required: bool = True) -> float | None:
    if key not in data:
        if required:
            raise ApiError(f"missing field {key!r} (a number)")
        return None
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ApiError(f"{key!r} must be a finite number, not {json.dumps(value)}")
    return float(value)


def integer(data: dict, key: str, lo: int, hi: int) -> int | None:
    """An optional whole number in [lo, hi]."""
    if data.get(key) is None:
        return None
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ApiError(f"{key!r} must be a whole number from {lo} to {hi}, not {json.dumps(value)}")
    return value


def string(data: dict, key: str, default: str | None = None) -> str | None:
    if data.get(key) is None:
        return default
    value = data[key]
    if not isinstance(value, str):
        raise ApiError(f"{key!r} must be a string, not {json.dumps(value)}")
    return value
