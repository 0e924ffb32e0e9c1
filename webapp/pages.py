"""The HTML pages: new match and saved matches, the board, how to play. The pages draw from the JSON API."""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from webapp import store
from webapp.db import get_db

bp = Blueprint("pages", __name__)


@bp.get("/")
def home():
    return render_template("home.html")


@bp.get("/play/<int:match_id>")
def play(match_id: int):
    try:
        store.load_match(get_db(), match_id)
    except store.UnknownMatchError:
        abort(404, f"There is no match {match_id}.")
    return render_template("play.html", match_id=match_id)


@bp.get("/how-to-play")
def how_to_play():
    return render_template("how_to_play.html")
