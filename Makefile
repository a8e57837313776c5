# The kit's commands. On a fresh machine `make lab` and `make test` do all the set-up.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8888
# Jupyter refuses to run as root unless told; CI and containers run as root.
ROOT_OK := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test bench voila lint clean

# A stamp per extra, remade when the pins change.
$(VENV)/.lab: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[lab]'
	touch $@

$(VENV)/.test: $(VENV)/.lab
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[lab,test]'
	touch $@

## lab: create .venv, install the kit and JupyterLab, open the lessons at start-here
lab: $(VENV)/.lab
	$(BIN)/jupyter lab --ServerApp.root_dir=lessons --port=$(PORT) $(ROOT_OK) lessons/start-here.ipynb

## voila: serve every lesson as a Voila page (classroom mode)
voila: $(VENV)/.lab
	$(BIN)/voila lessons --port=$(PORT)

## test: install the test tools, then lint, type-check and run the whole suite
test: $(VENV)/.test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest

## bench: print the speed figures recorded in docs/benchmarks.md
bench: $(VENV)/.test
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info test-artifacts
