# Pips: `make play`, `make sim`, `make test`, `make bench`, `make mpy`, `make deploy`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= /dev/ttyACM0

.PHONY: all play sim test bench mpy deploy clean

all: test

$(STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -r requirements.txt
	$(BIN)/pip install -q --no-deps -e .
	touch $(STAMP)

$(VENV)/.bench: $(STAMP) requirements-bench.txt
	$(BIN)/pip install -q -r requirements-bench.txt
	touch $(VENV)/.bench

play: $(STAMP)
	$(BIN)/pips play block

sim: $(STAMP)
	$(BIN)/pips sim

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(VENV)/.bench
	$(BIN)/python -m pips_sim.bench

mpy: $(STAMP)
	$(BIN)/python -m pips_sim.mpy

deploy: mpy
	$(BIN)/python -m pips_sim.deploy --port $(PORT)

clean:
	rm -rf $(VENV) build out
