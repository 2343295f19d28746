# pocket-party: `make sim` plays, `make test` runs every test.
# The first use of either creates .venv and installs the pinned dependencies.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
BOARD ?= pico
PORT ?=
STAMP := $(VENV)/.installed

WEB_PORT ?= 8000

.PHONY: sim test typecheck fuzz build romfs flash run bench data dictionary screenshots web web-serve clean help

help:
	@echo "make sim               play in the simulator (window, or terminal without a display)"
	@echo "make test              run every test (unit, scenarios, golden frames, parity under MicroPython)"
	@echo "make typecheck         the device code against MicroPython's stubs (rp2, esp32), the host code against CPython"
	@echo "make fuzz              long random-key run over every game under MicroPython (FUZZ_SEQUENCES=200 FUZZ_KEYS=2000)"
	@echo "make build BOARD=pico  compile every device file with mpy-cross (boards: pico pico2 esp32s3 esp32c3)"
	@echo "make romfs BOARD=pico  build, then the ROMFS image of it (build/pico.romfs) and the partition it needs"
	@echo "make flash BOARD=pico [PORT=/dev/ttyACM0] [ROMFS=1]  build, copy to the board with mpremote, reset"
	@echo "                       (ROMFS=1: deploy the image; .mpy files where the firmware has no ROMFS partition)"
	@echo "make run BOARD=pico    build, run build/pico on the board (mpremote mount), no flashing"
	@echo "make bench             memory, display and speed figures"
	@echo "make web-serve         the firmware in the browser (MicroPython WebAssembly) on http://127.0.0.1:$(WEB_PORT)/"

$(STAMP): requirements.txt requirements-micropython.txt requirements-stubs-rp2.txt requirements-stubs-esp32.txt \
		tools/install_deps.sh
	@sh tools/install_deps.sh "$(PYTHON)" "$(VENV)"
	@touch $(STAMP)

sim: $(STAMP)
	$(PY) -m sim --board $(BOARD) $(if $(LINK),--link)

test: $(STAMP)
	@sh tools/install_system_deps.sh
	@sh tools/install_web_deps.sh
	$(PY) -m pytest -q -rs -p no:cacheprovider tests

typecheck: $(STAMP)
	$(PY) tools/typecheck.py

FUZZ_SEQUENCES ?= 200
FUZZ_KEYS ?= 2000
FUZZ_SEED ?= 1

fuzz: $(STAMP)
	$(PY) tests/fuzz.py --sequences $(FUZZ_SEQUENCES) --keys $(FUZZ_KEYS) --seed $(FUZZ_SEED)

build: $(STAMP)
	$(PY) tools/build.py --board $(BOARD)

romfs: $(STAMP)
	$(PY) tools/romfs.py --board $(BOARD)

flash: $(STAMP)
	$(PY) tools/flash.py --board $(BOARD) $(if $(PORT),--port $(PORT)) $(if $(filter 1,$(ROMFS)),--romfs)

run: $(STAMP)
	$(PY) tools/flash.py --board $(BOARD) $(if $(PORT),--port $(PORT)) --mount

bench: $(STAMP)
	$(PY) tools/bench.py

data: $(STAMP)
	for f in tools/build_*_data.py tools/build_font.py; do $(PY) $$f || exit 1; done

dictionary: $(STAMP)
	@sh tools/install_system_deps.sh
	$(PY) tools/build_dictionary.py

web: $(STAMP)
	@sh tools/install_web_deps.sh
	$(PY) tools/build_web.py

web-serve: web
	$(PY) web/serve.py --port $(WEB_PORT)

screenshots: $(STAMP)
	$(PY) tools/screenshots.py

clean:
	rm -rf build $(VENV)
