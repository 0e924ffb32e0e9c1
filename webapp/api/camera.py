"""The server's USB camera (``crokinole serve --camera N``): whether there is one and its latest still."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from webapp.camera import camera_of

bp = Blueprint("camera", __name__, url_prefix="/api/camera")


@bp.get("")
def status():
    cam = camera_of(current_app)
    return jsonify({"enabled": False, "still": None, "hand": False, "error": None} if cam is None else cam.status())
