# The kit's commands. On a fresh machine `make lab` and `make test` do all the set-up.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8888
# Jupyter refuses to run as root unless told; CI and containers run as root.
ROOT_OK := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test test-fast bench voila lint clean handouts

# A stamp per extra, remade when the pins change.
# JupyterLab settings for a class, as on Binder: no "receive Jupyter news?" pop-up, no update check
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.d

$(VENV)/.lab: pyproject.toml binder/jupyterlab-settings.json
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[lab]'
	mkdir -p $(LAB_SETTINGS)
	cp binder/jupyterlab-settings.json $(LAB_SETTINGS)/hwatu-mahjong-kit.json
	touch $@

$(VENV)/.test: $(VENV)/.lab
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[lab,test]'
	touch $@

## lab: create .venv, install the kit and JupyterLab, open the lessons at start-here
lab: $(VENV)/.lab
	$(BIN)/jupyter lab --ServerApp.root_dir=lessons --port=$(PORT) $(ROOT_OK) lessons/start-here.ipynb

## voila: serve every lesson as a Voila page (classroom mode), opened at the landing page
# Voila itself would open its file list, so the browser is opened at the landing page instead.
VOILA_INDEX := http://localhost:$(PORT)/voila/render/index.ipynb
voila: $(VENV)/.lab
	@echo "The landing page: $(VOILA_INDEX)"
	(sleep 3 && $(BIN)/python -m webbrowser -t $(VOILA_INDEX) >/dev/null 2>&1 || true) &
	$(BIN)/voila lessons --port=$(PORT) --Voila.port_retries=0 --no-browser

## test: install the test tools, then lint, type-check and run the whole suite
test: $(VENV)/.test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest

## test-fast: the quick loop, pytest only: no lint, and no soak, browser, notebook or binder tests
test-fast: $(VENV)/.test
	$(BIN)/pytest -m "not soak and not browser and not notebook and not binder"

## handouts: print a cheat sheet per game (HTML and A4 PDF) into handouts/, with Chromium;
##   house rules for one game: make handouts RULES='kit.sichuan.Rules(fan_cap=6)'
# RULES is text for kit.handouts to read, never for make: its value is taken as written
# (no $(...) in it is expanded) and reaches the command through the environment.
override RULES := $(value RULES)
export RULES
handouts: $(VENV)/.test
	$(BIN)/python -m kit.handouts --out handouts --rules "$$RULES"

## bench: print the speed figures recorded in docs/benchmarks.md
bench: $(VENV)/.test
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info test-artifacts
