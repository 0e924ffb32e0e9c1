"""The Flask application factory: configuration, the database, the API blueprints and the pages."""

from __future__ import annotations

from flask import Flask

from webapp import db, pages
from webapp.api import catalog, errors, matches, openapi


def create_app(test_config: dict | None = None) -> Flask:
    """An app on the database at ``test_config["DATABASE"]`` (default: the user's data folder)."""
    app = Flask(__name__)
    app.config.from_mapping(DATABASE=str(db.default_db_path()), JSON_SORT_KEYS=False, MAX_CONTENT_LENGTH=64 * 1024)
    if test_config:
        app.config.from_mapping(test_config)
    app.json.sort_keys = False
    db.init_app(app)
    errors.register(app)
    for blueprint in (catalog.bp, matches.bp, openapi.bp, pages.bp):
        app.register_blueprint(blueprint)
    return app
