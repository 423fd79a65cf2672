# Pips: `make play`, `make sim`, `make test`, `make bench`, `make bench-device`, `make mpy`,
# `make deploy`, `make images`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= /dev/ttyACM0

.PHONY: all play sim test bench bench-device mpy deploy images clean

all: test

$(STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -r requirements.txt
	$(BIN)/pip install -q --no-deps -e .
	touch $(STAMP)

# The MicroPython webassembly port (32-bit) for tests/test_wasm.py, from npm,
# pinned as pips_sim/wasm.py names it. Without npm the tests say so and skip.
WASM_PACKAGE := @micropython/micropython-webassembly-pyscript@1.27.0
WASM := $(VENV)/wasm/.installed

$(WASM): $(STAMP) Makefile
	@if command -v npm >/dev/null 2>&1; then \
		npm install --silent --no-save --no-audit --no-fund --prefix $(VENV)/wasm $(WASM_PACKAGE) \
		&& touch $@; \
	else \
		echo "no npm here: tests/test_wasm.py (the 32-bit webassembly port) will be skipped"; \
	fi

$(VENV)/.bench: $(STAMP) requirements-bench.txt
	$(BIN)/pip install -q -r requirements-bench.txt
	touch $(VENV)/.bench

GAME ?= block

play: $(STAMP)
	$(BIN)/pips play $(GAME)

sim: $(STAMP)
	$(BIN)/pips sim

test: $(STAMP) $(WASM)
	$(BIN)/python -m pytest -q -rs

bench: $(VENV)/.bench
	$(BIN)/python -m pips_sim.bench

images: $(STAMP)
	$(BIN)/python -m pips_sim.images

# The bots and the firmware on an emulated Cortex-M0 (pips_sim/device.py, docs/device-bench.md):
# needs MICROPY_DIR, a MicroPython work tree; pyboard.py needs only pyserial of the bench set.
$(VENV)/.bench-device: $(STAMP) requirements-bench.txt
	$(BIN)/pip install -q $$(grep '^pyserial==' requirements-bench.txt)
	touch $@

bench-device:
ifndef MICROPY_DIR
	$(error make bench-device needs MICROPY_DIR=/path/to/micropython (a MicroPython work tree with lib/micropython-lib); see docs/device-bench.md)
endif
	@$(MAKE) --no-print-directory $(VENV)/.bench-device
	MICROPY_DIR="$(MICROPY_DIR)" $(BIN)/python -m pips_sim.device $(DEVICE_ARGS)

mpy: $(STAMP)
	$(BIN)/python -m pips_sim.mpy

deploy: mpy
	$(BIN)/python -m pips_sim.deploy --port $(PORT)

clean:
	rm -rf $(VENV) build out
