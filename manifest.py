# Freeze the whole console into a MicroPython firmware you build yourself: its modules then run
# from flash in place, as from a ROMFS image, and take no heap for their code.
#
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/pocket-party/manifest.py
#   PP_BOARD=esp32s3 make -C ports/esp32 BOARD=ESP32_GENERIC_S3 FROZEN_MANIFEST=/path/to/pocket-party/manifest.py
#
# PP_BOARD names the board file frozen as `board` (boards/<name>.py; default pico). Frozen:
# firmware/core, firmware/games, hal and that board file: every module tools/build.py compiles
# but main.py (tests/test_romfs.py holds the two lists equal). Not frozen:
# - main.py: MicroPython runs it from the filesystem at power-on; copy it there.
# - games/words/words.dawg, data: Word Cards reads it next to its module, which for a frozen
#   module is games/words/ from the current folder, / at power-on: copy it to
#   /games/words/words.dawg on the filesystem. main.boot() puts .frozen ahead of the
#   filesystem on sys.path, so that folder does not hide the frozen `games` package.
#   mpremote cp firmware/main.py :main.py + mkdir :games + mkdir :games/words +
#     cp firmware/games/words/words.dawg :games/words/words.dawg
# The board's own manifest (asyncio and the port's boot modules, such as esp32's _boot.py) is
# included first, as the build would without FROZEN_MANIFEST.
# Not yet tried on a board. The launcher lists every game of the catalogue when the games
# package is frozen (core.launcher.available_games: there is no file to look for).
import os

try:
    include("$(BOARD_DIR)/manifest.py")  # noqa: F821 (given by MicroPython's manifestfile.py)
except Exception as e:
    if "[Errno 2]" not in str(e):  # the board has none: the port's default, else a real error
        raise
    include("$(PORT_DIR)/boards/manifest.py")  # noqa: F821

_board = os.environ.get("PP_BOARD", "pico")
_source = os.path.join("boards", _board + ".py")  # a manifest runs in its own folder
if not os.path.isfile(_source):
    raise ValueError("PP_BOARD=%s: no %s (boards: %s)" % (_board, _source, ", ".join(
        sorted(f[:-3] for f in os.listdir("boards") if f.endswith(".py") and not f.startswith("_")))))
# frozen module names are file names: the board file becomes board.py in a folder of its own
_folder = os.path.join("build", "frozen-" + _board)
os.makedirs(_folder, exist_ok=True)
with open(_source, "rb") as _f:
    _text = _f.read()
_copy = os.path.join(_folder, "board.py")
_old = None
if os.path.isfile(_copy):
    with open(_copy, "rb") as _f:
        _old = _f.read()
if _old != _text:  # an unchanged copy keeps its time: no rebuild
    with open(_copy, "wb") as _f:
        _f.write(_text)

module("board.py", base_path=_folder)  # noqa: F821
package("core", base_path="firmware")  # noqa: F821
package("games", base_path="firmware")  # noqa: F821
package("hal")  # noqa: F821
