"""The Flask application factory: configuration, the database, the API blueprints and the pages."""

from __future__ import annotations

from flask import Flask

from webapp import db, lan, pages
from webapp.api import camera, catalog, companion, errors, matches, openapi

PHOTO_MAX_MB = 30


def create_app(test_config: dict | None = None) -> Flask:
    """An app on the database at ``test_config["DATABASE"]`` (default: the user's data folder).

    ``JOIN_CODE`` (set by ``crokinole serve --lan``) makes every request carry the code; ``CAMERA`` is a
    ``webapp.camera.Watcher`` for a USB camera above the board. JSON bodies are capped at 64 KiB and photo
    uploads at ``PHOTO_MAX_BYTES``; anything larger is answered with 413.
    """
    app = Flask(__name__)
    app.config.from_mapping(
        DATABASE=str(db.default_db_path()),
        JSON_SORT_KEYS=False,
        MAX_CONTENT_LENGTH=64 * 1024,
        PHOTO_MAX_BYTES=PHOTO_MAX_MB * 1024 * 1024,
        JOIN_CODE=None,
        CAMERA=None,
    )
    if test_config:
        app.config.from_mapping(test_config)
    app.json.sort_keys = False
    db.init_app(app)
    errors.register(app)
    if app.config["JOIN_CODE"]:
        lan.guard(app, app.config["JOIN_CODE"])
    if app.config["CAMERA"] is not None:
        app.extensions["crokinole_camera"] = app.config["CAMERA"]
    for blueprint in (catalog.bp, matches.bp, companion.bp, camera.bp, openapi.bp, pages.bp):
        app.register_blueprint(blueprint)
    return app
