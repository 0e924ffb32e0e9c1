"""Every API failure is a 4xx JSON ``{"error": message}``: bad input never shows a traceback or an HTML page."""

from __future__ import annotations

from flask import Flask, jsonify, request
from werkzeug.exceptions import HTTPException

from calibration import CalibrationFormatError, ImageReadError, ManualPointsError
from sim.ai import AdviceError
from sim.board import UnknownBoardError
from sim.bots import UnknownBotError
from sim.game import GameError
from sim.rules import RulesError
from sim.shot import IllegalShotError
from vision import NoBoardError
from webapp.companion import CompanionError
from webapp.corrections import CorrectionError
from webapp.store import StaleMatchError, UnknownMatchError
from webapp.turns import TurnError


class ApiError(ValueError):
    """A request the API refuses, with the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


# Domain errors and the status each one means at the API.
STATUS = (
    (UnknownMatchError, 404),
    (StaleMatchError, 409),
    (TurnError, 409),
    (IllegalShotError, 422),
    (UnknownBoardError, 400),
    (UnknownBotError, 400),
    (RulesError, 400),
    (GameError, 400),
    (ImageReadError, 422),
    (NoBoardError, 422),
    (ManualPointsError, 422),
    (CalibrationFormatError, 422),
    (CorrectionError, 422),
    (CompanionError, 409),
    (AdviceError, 409),
)


def error(message: str, status: int):
    return jsonify({"error": message}), status


def register(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def _api_error(exc: ApiError):
        return error(str(exc), exc.status)

    for kind, status in STATUS:
        app.register_error_handler(kind, lambda exc, status=status: error(str(exc), status))

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException):
        if exc.code == 413:
            limit = request.max_content_length or app.config["MAX_CONTENT_LENGTH"]
            return error(f"the request is too large (at most {limit / 1048576:.1f} MB); nothing was saved", 413)
        if request.path.startswith("/api/"):
            return error(exc.description or exc.name, exc.code or 500)
        return exc

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception):
        """A bug, not bad input: logged with its traceback; the API still answers in JSON."""
        app.logger.exception("unexpected error on %s %s", request.method, request.path)
        if request.path.startswith("/api/"):
            return error(f"internal error ({type(exc).__name__}); nothing was saved", 500)
        return "Internal error", 500
