# Every set-up step lives here, so a fresh clone needs only `make run` or `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SUM := $(shell cksum < pyproject.toml | cut -d' ' -f1)
# Two install levels in one virtualenv: playing needs only the package's own dependencies;
# testing adds the developer, research and training extras.  The full install also satisfies `make run`.
STAMP := $(VENV)/.installed-all-$(SUM)
PLAY_STAMP := $(VENV)/.installed-play-$(SUM)
CHROMIUM := /usr/bin/chromium
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run play test lint bench install browser clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# Makefile too: a new extra in the line below reinstalls an existing virtualenv.
$(STAMP): $(BIN)/python pyproject.toml Makefile
	$(BIN)/pip install --quiet -e '.[dev,rl,lab,parquet,distributed,train]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP) $(PLAY_STAMP)

$(PLAY_STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e .
	rm -f $(VENV)/.installed-play-*
	touch $(PLAY_STAMP)

install: $(STAMP)

# Browser tests drive Debian's Chromium; never a browser downloaded by a test tool.
browser:
	@test -x $(CHROMIUM) || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium; \
		else sudo apt-get update -qq && sudo apt-get install -y -qq chromium; fi; }

# The main job: the web server on an embedded SQLite file in ./data (no services to start).
run: $(PLAY_STAMP)
	$(BIN)/ludoteca serve --host $(HOST) --port $(PORT)

play: $(PLAY_STAMP)
	$(BIN)/ludoteca play dschunke --bots random

test: $(STAMP) browser
	$(BIN)/ruff check ludoteca tests benchmarks examples
	$(BIN)/python -m pytest -n 3 --dist loadgroup --durations=25

bench: $(STAMP)
	$(BIN)/ludoteca bench

lint: $(STAMP)
	$(BIN)/ruff check ludoteca tests benchmarks examples

clean:
	rm -rf $(VENV) .pytest_cache
