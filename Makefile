# Every set-up step lives here, so a fresh clone needs only `make run` or `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum < pyproject.toml | cut -d' ' -f1)
CHROMIUM := /usr/bin/chromium
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run play test lint bench install browser clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e '.[dev,rl]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

install: $(STAMP)

# Browser tests drive Debian's Chromium; never a browser downloaded by a test tool.
browser:
	@test -x $(CHROMIUM) || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium; \
		else sudo apt-get update -qq && sudo apt-get install -y -qq chromium; fi; }

# The main job: the web server on an embedded SQLite file in ./data (no services to start).
run: $(STAMP)
	$(BIN)/ludoteca serve --host $(HOST) --port $(PORT)

play: $(STAMP)
	$(BIN)/ludoteca play dschunke --bots random

test: $(STAMP) browser
	$(BIN)/ruff check ludoteca tests benchmarks
	$(BIN)/python -m pytest -n 2 --dist loadgroup

bench: $(STAMP)
	$(BIN)/ludoteca bench

lint: $(STAMP)
	$(BIN)/ruff check ludoteca tests benchmarks

clean:
	rm -rf $(VENV) .pytest_cache
