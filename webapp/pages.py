"""The HTML pages: new match and saved matches, the board, how to play. The pages draw from the JSON API."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, url_for

from webapp import store
from webapp.db import get_db

bp = Blueprint("pages", __name__)


@bp.get("/")
def home():
    return render_template("home.html")


@bp.get("/play/<int:match_id>")
def play(match_id: int):
    if _kind(match_id) == store.BOARD:
        return redirect(url_for("pages.companion", match_id=match_id))
    return render_template("play.html", match_id=match_id)


def _kind(match_id: int) -> str:
    try:
        return store.load_match(get_db(), match_id).controllers[0]
    except store.UnknownMatchError:
        abort(404, f"There is no match {match_id}.")


@bp.get("/companion")
def new_companion():
    return render_template("companion_new.html")


@bp.get("/companion/<int:match_id>")
def companion(match_id: int):
    if _kind(match_id) != store.BOARD:
        return redirect(url_for("pages.play", match_id=match_id))
    return render_template("companion.html", match_id=match_id)


@bp.get("/how-to-play")
def how_to_play():
    return render_template("how_to_play.html")
