# Pips: `make play`, `make sim`, `make test`, `make bench`, `make bench-strength`, `make bench-levels`, `make bench-device`, `make bench-pico`,
# `make bench-memory`, `make soak-link`, `make mpy`, `make deploy`, `make fs-uf2`, `make firmware`, `make images`, `make lang`, `make fonts`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= /dev/ttyACM0

.PHONY: all play sim test soak-link bench bench-strength bench-levels bench-device bench-pico bench-memory pico-emu mpy deploy fs-uf2 firmware images lang fonts clean

all: test

$(STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -r requirements.txt
	PYTHONWARNINGS=ignore $(BIN)/pip install -q --no-deps -e .
	touch $(STAMP)

# The MicroPython webassembly port (32-bit) for tests/test_wasm.py, from npm,
# pinned as pips_tools/wasm.py names it. Without npm the tests say so and skip.
WASM_PACKAGE := @micropython/micropython-webassembly-pyscript@1.27.0
WASM := $(VENV)/wasm/.installed

$(WASM): $(STAMP) Makefile
	@if command -v npm >/dev/null 2>&1; then \
		npm install --silent --no-save --no-audit --no-fund --prefix $(VENV)/wasm $(WASM_PACKAGE) \
		&& touch $@; \
	else \
		echo "no npm here: tests/test_wasm.py (the 32-bit webassembly port) will be skipped"; \
	fi

# rp2040js, the RP2040 emulator, for the firmware on an emulated Pico (tests/test_pico.py,
# make bench-pico), pinned as pips_tools/pico.py names it. Without npm those tests skip.
PICO_EMU_PACKAGE := rp2040js@1.4.1
PICO_EMU := $(VENV)/pico/.installed

$(PICO_EMU): $(STAMP) Makefile
	@if command -v npm >/dev/null 2>&1; then \
		npm install --silent --no-save --no-audit --no-fund --prefix $(VENV)/pico $(PICO_EMU_PACKAGE) \
		&& touch $@; \
	else \
		echo "no npm here: tests/test_pico.py (the emulated Pico) will be skipped"; \
	fi

$(VENV)/.bench: $(STAMP) requirements-bench.txt
	$(BIN)/pip install -q -r requirements-bench.txt
	touch $(VENV)/.bench

GAME ?= block

play: $(STAMP)
	$(BIN)/pips play $(GAME)

sim: $(STAMP)
	$(BIN)/pips sim

test: $(STAMP) $(WASM) $(PICO_EMU)
	$(BIN)/python -m pytest -q -rs

# Linked matches of every game on the simulated lossy wire, against local play,
# with the leak check; prints bytes per move and the share finished per byte loss.
soak-link: $(STAMP)
	nice $(BIN)/python -m pips_tools.soak_link

bench: $(VENV)/.bench
	$(BIN)/python -m pips_tools.bench

# The strength table (pips_tools/strength.py): every bot against random, the
# reference (pips_tools/reference.py) and the seeing bot among them, smart
# against the reference, the edge bar, then Block smart against OpenSpiel's
# ISMCTS (pips_tools/anchor.py, make bench's engines); ARGS="--quick" for a
# small sample, ARGS="--jobs 1" on one core.
bench-strength: $(VENV)/.bench
	nice $(BIN)/python -m pips_tools.strength --anchor $(ARGS)

# The levels a player picks (pips_tools/levels.py): each against the one below
# at two seats, Solitaire's levels on the same deals, and how long an all-Easy
# table's UNO and Domino Uno hands run against an all-Normal one's;
# ARGS="--quick" for a tenth of it.
bench-levels: $(STAMP)
	nice $(BIN)/python -m pips_tools.levels $(ARGS)

images: $(STAMP)
	$(BIN)/python -m pips_tools.images

# The Persian catalogues shaped and laid out in visual order from their fa.txt
# sources (pips_tools.lang_build, docs/languages.md).
lang: $(STAMP)
	$(BIN)/python -m pips_tools.lang_build

# The screens' bitmap fonts (src/pips/ui/font8.py, font12.py) drawn from DejaVu Sans
# (fonts-dejavu-core) with the pinned Pillow of requirements-fonts.txt, covering the
# characters the sources use (pips_tools.font_build, docs/languages.md).
$(VENV)/.fonts: $(STAMP) requirements-fonts.txt
	$(BIN)/pip install -q -r requirements-fonts.txt
	touch $@

fonts: $(VENV)/.fonts
	$(BIN)/python -m pips_tools.font_build

# The bots and the firmware on an emulated Cortex-M0 (pips_tools/device.py, docs/device-bench.md):
# needs MICROPY_DIR, a MicroPython work tree; pyboard.py needs only pyserial of the bench set.
$(VENV)/.bench-device: $(STAMP) requirements-bench.txt
	$(BIN)/pip install -q $$(grep '^pyserial==' requirements-bench.txt)
	touch $@

bench-device:
ifndef MICROPY_DIR
	$(error make bench-device needs MICROPY_DIR=/path/to/micropython (a MicroPython work tree with lib/micropython-lib); see docs/device-bench.md)
endif
	@$(MAKE) --no-print-directory $(VENV)/.bench-device
	MICROPY_DIR="$(MICROPY_DIR)" $(BIN)/python -m pips_tools.device $(DEVICE_ARGS)

# The real firmware of every RP2040 board (build/pips-pico.uf2, build/pips-BOARD.uf2) on the
# emulated RP2040: frames, bots, key presses, the title's time, the idle share, in simulated
# time (pips_tools/pico.py, docs/device-bench.md). Needs the boot ROM:
# .venv/bin/python -m pips_tools.pico bootrom path/to/rp2040js/demo/bootrom.ts
# BENCH_PICO_ARGS: e.g. "--board pico_display --board-games-only".
pico-emu: $(PICO_EMU)

bench-pico: $(PICO_EMU)
	nice $(BIN)/python -m pips_tools.pico bench --json build/bench-pico.json $(BENCH_PICO_ARGS)

# The memory budget: every game's session at its largest table on the emulated Pico, Pips
# frozen in (build/pips-pico.uf2) and as .mpy files on the stock firmware
# (build/micropython-pico.uf2), and on the webassembly port (pips_tools/memory.py,
# docs/device-bench.md). MEMORY_ARGS: e.g. "uno --form mpy".
bench-memory: $(PICO_EMU) $(WASM)
	$(BIN)/python -m pips_tools.memory --json build/bench-memory.json $(MEMORY_ARGS)

mpy: $(STAMP)
	$(BIN)/python -m pips_tools.mpy

deploy: mpy
	$(BIN)/python -m pips_tools.deploy --port $(PORT) $(if $(BOARD),--board $(BOARD))

# The device files as a littlefs image in a UF2, for a Pico that already runs
# MicroPython: build/pips-fs.uf2 (pips_tools/fsimage.py).
fs-uf2: $(STAMP)
	$(BIN)/python -m pips_tools.fsimage $(if $(BOARD),--board $(BOARD))

# MicroPython for the Pico with Pips frozen in: build/pips-pico.uf2, and the same MicroPython
# with nothing of Pips frozen in: build/micropython-pico.uf2 (pips_tools/firmware.py).
# PICO_MICROPY_DIR: a MicroPython work tree at pips_tools.firmware.MICROPY_COMMIT with
# lib/pico-sdk, lib/tinyusb and lib/micropython-lib checked out; PICOTOOL_DIR: an
# installed picotool or its source tree. Or FIRMWARE_FETCH=folder: clone both there.
firmware: $(STAMP)
ifdef FIRMWARE_FETCH
	$(BIN)/python -m pips_tools.firmware --fetch "$(FIRMWARE_FETCH)" $(if $(BOARD),--board $(BOARD))
else
ifndef PICO_MICROPY_DIR
	$(error make firmware needs PICO_MICROPY_DIR=/path/to/micropython and PICOTOOL_DIR=/path/to/picotool, or FIRMWARE_FETCH=folder; see docs/device.md)
endif
	$(BIN)/python -m pips_tools.firmware --micropython "$(PICO_MICROPY_DIR)" --picotool "$(PICOTOOL_DIR)" $(if $(BOARD),--board $(BOARD))
endif

clean:
	rm -rf $(VENV) build out
