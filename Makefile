# The two front doors: `make run` starts the web app, `make test` runs every test. Both install what they need.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test install browser bench lint

$(BIN)/python:
	$(PY) -m venv $(VENV)

install: $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'

# Debian's Chromium for the browser tests (never a browser downloaded by a test tool).
browser:
	@test -x /usr/bin/chromium || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

run: install
	$(BIN)/crokinole serve

test: install browser
	$(BIN)/python -m pytest -n 2 -q

lint: install
	$(BIN)/ruff check sim calibration vision webapp tests benchmarks

bench: install
	$(BIN)/python benchmarks/physics.py
