# Two commands on a fresh machine with only Python 3.11 and make:
#   make play   -> creates .venv if missing, installs, opens the game
#   make test   -> creates .venv if missing, installs, runs ruff + mypy (all of game/ and
#                  ai/) + pytest (with the doctests of game/, ai/ and README: tests/test_doctests.py)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck pytest bench soak dist dist-onefile clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The standalone build needs the `build` extra (PyInstaller, fontTools) on top of dev.
BUILD_STAMP := $(VENV)/.installed-build

$(BUILD_STAMP): $(STAMP) pyproject.toml
	$(PY) -m pip install --quiet -e '.[dev,build]'
	touch $(BUILD_STAMP)

play: $(STAMP)
	$(PY) -m game

lint: $(STAMP)
	$(PY) -m ruff check .

typecheck: $(STAMP)
	$(PY) -m mypy game ai

pytest: $(STAMP)
	$(PY) -m pytest -q -p no:cacheprovider -n auto

test: lint typecheck pytest
	$(PY) -m game.i18n check

bench: $(STAMP)
	$(PY) bench/engine.py

# Onedir app in dist/sabacc-parlor/ (what players download); see README.
dist: $(BUILD_STAMP)
	$(PY) build/build.py

# Extra: one self-extracting file in dist/onefile/ (slower start, antivirus false alarms).
dist-onefile: $(BUILD_STAMP)
	$(PY) build/build.py --onefile

soak: $(STAMP)
	$(PY) -m pytest -q -p no:cacheprovider -n auto -m slow

clean:
	rm -rf build/work dist .pytest_cache .mypy_cache .ruff_cache
