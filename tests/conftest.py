"""Shared fixtures: a web app on a fresh SQLite file in a temporary folder."""

import pytest

from webapp.app import create_app


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "matches.sqlite3"


@pytest.fixture
def app(db_path):
    return create_app({"TESTING": True, "DATABASE": str(db_path)})


@pytest.fixture
def client(app):
    return app.test_client()
