"""Regenerate the README's screenshots from the real firmware in the simulator.

    python tools/screenshots.py            # writes docs/screens/*.png
    python tools/screenshots.py game_code  # only the pictures named

Each picture is a headless simulator run: a seed, a key script, the final frame.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import sim  # noqa: E402,F401
from sim.console import Console  # noqa: E402

OUT = os.path.join(ROOT, "docs", "screens")

# (file name, caption, key script); the main menu lists the games that have screens
SHOTS = [
    ("launcher", "The launcher", ""),
    ("settings", "Settings", "MENU_SETTINGS"),
    ("about", "About", "MENU_ABOUT"),
    ("keyboard", "Typing a player's name", "KEYBOARD"),
    ("new_game", "A new game: players, names, each seat a person or a computer",
     "GAME_clever DOWN DOWN DOWN DOWN"),
    ("option_help", "A setup option's help under the form", "GAME_clever" + " DOWN" * 6),
    ("game_menu", "In a game, A+B: the game menu", "GAME_clever" + " DOWN" * 8 + " A A MENU"),
    ("rules", "The rules summary", "GAME_clever" + " DOWN" * 8 + " A A MENU DOWN DOWN A"),
    ("resume", "A saved game: resume it", "GAME_clever" + " DOWN" * 8 + " A A MENU DOWN A A"),
    ("game_code", "The game's code: the same dice again", "GAME_clever" + " DOWN" * 8 + " A A MENU" + " DOWN" * 4 + " A"),
    # a die picked, then A+B: Undo is the last item (UP from Resume); before any action, its reason
    ("undo", "Undo in the game menu", "GAME_clever" + " DOWN" * 8 + " A A MENU UP"),
    ("undo_refused", "Nothing to undo yet: the reason", "GAME_clever" + " DOWN" * 8 + " A MENU UP A"),
    ("dice", "Dice roller: pick dice to re-roll", "GAME_dice A RIGHT A RIGHT RIGHT A"),
    ("fairness", "Dice roller: fairness check", "GAME_dice A " + "RIGHT " * 6 + "A " * 20 + "RIGHT A"),
]


def expand(script):
    """Replace the MENU_/GAME_ shortcuts with the keys for the current game list."""
    from core.launcher import available_games
    games = available_games()
    items = [g.id for g in games] + ["Settings", "About"]
    out = []
    for tok in script.split():
        if tok == "MENU_SETTINGS":
            out += ["DOWN"] * items.index("Settings") + ["A"]
        elif tok == "MENU_ABOUT":
            out += ["DOWN"] * items.index("About") + ["A"]
        elif tok == "KEYBOARD":
            setup_game = [g for g in games if g.has_setup]
            if not setup_game:
                continue
            out += ["DOWN"] * items.index(setup_game[0].id) + ["A"]
            # game menu: "New game" is first without a save; P1 name row; LEFT to "Type..."; A
            out += ["A", "DOWN", "LEFT", "A", "RIGHT", "RIGHT", "A", "DOWN", "A"]
        elif tok.startswith("LINK_"):   # a game's menu, its last item (Link play)
            out += ["DOWN"] * items.index(tok[5:]) + ["A", "UP", "A"]
        elif tok.startswith("GAME_"):
            out += ["DOWN"] * items.index(tok[5:]) + ["A", "A"]
        else:
            out.append(tok)
    return out


def shoot(name, script, seed=7, out=OUT):
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        c = Console("pico", seed, expand(script), d)
        c.run()
        path = os.path.join(out, name + ".png")
        c.image(scale=3).save(path)
    return path


# Two linked consoles (sim/linked.py): (file name, caption, the host's keys, the guest's);
# the picture is the host's screen beside the guest's. Word Cards, Ann on the host and
# Ben on the guest: Ann's hand on her console only, Ben's console waiting for her
LINK_SHOTS = [
    ("link_play", "Link play: Ann's turn and hand on the host, Ben's console waiting for her",
     "LINK_words A DOWN DOWN DOWN DOWN LEFT LEFT UP UP UP UP UP A UP A A",
     "LINK_words DOWN A"),
]


def shoot_linked(name, host_keys, guest_keys, out=OUT, gap=8, scale=3):
    import tempfile
    from PIL import Image
    from sim.linked import Linked
    from sim.recorder import panel_image
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        pair = Linked(seeds=(7, 8), keys=(expand(host_keys), expand(guest_keys)), saves=(a, b), grace_ms=5000)
        pair.run()
        host = panel_image(bytes(pair.a.panel()), scale=scale)
        guest = panel_image(bytes(pair.b.panel()), scale=scale)
    img = Image.new("RGB", (host.width * 2 + gap * scale, host.height), (255, 255, 255))
    img.paste(host, (0, 0))
    img.paste(guest, (host.width + gap * scale, 0))
    path = os.path.join(out, name + ".png")
    img.save(path)
    return path


# Game screens come from the golden frames the tests hold the firmware to
# (tests/golden/<name>.txt: the real firmware's panel in the simulator).
GOLDEN_SHOTS = [
    ("game_error", "An exception inside a game: its text, and the save kept"),
    ("settings_damaged", "A damaged settings file: reported, defaults used"),
    ("settings_older", "Unreadable newest settings: the copy before is used"),
    ("save_damaged", "No copy of a game's save can be resumed: no Resume"),
    ("save_unreadable", "Why, then the offer to delete it"),
    ("clever_pass", "Pass-and-play: pass the console"),
    ("clever_summary", "What the others did since your last turn"),
    ("words_turn", "Word Cards: your hand and the table"),
    ("words_word_list", "Word Cards: words the picked tiles make"),
    ("words_pass", "Word Cards: pass the console"),
    ("words_verb_refused", "Word Cards: a refused word says why"),
    ("words_first_word_reason", "Word Cards: why Find words found none"),
    ("dizzle_turn", "Dizzle: the sheet, the zoom and the dice pool"),
    ("dizzle_bombs", "Dizzle: a bomb goes off"),
    ("dizzle_news", "Dizzle: what happened, the field lit on the sheet"),
    ("dizzle_roll", "Dizzle: the start player's roll"),
    ("dizzle_end", "Dizzle: itemised end screen"),
    ("clever_overview", "Clever Kids: the whole sheet"),
    ("clever_pick", "Clever Kids: the roll and the colour choice"),
    ("clever_joker", "Clever Kids: a joker met, and what it does"),
    ("clever_refused", "Clever Kids: a colour that cannot be picked, and why"),
    ("clever_end", "Clever Kids: stars per area"),
    ("cookie_walls", "Cookie Party: drawing walls"),
    ("cookie_scoreboard", "Cookie Party: the scoreboard"),
    ("cookie_cookies", "Cookie Party: the cookie layer shown from the turn menu"),
    ("cookie_summary", "Cookie Party: what happened, the place lit on the board"),
    ("cookie_refused", "Cookie Party: a refusal beside the board, its place lit"),
    ("cookie_end", "Cookie Party: end screen"),
    ("stats_player", "Statistics: one player's figures in one game"),
]


def golden_png(name, scale=3, out=OUT):
    from sim.recorder import panel_image
    with open(os.path.join(ROOT, "tests", "golden", name + ".txt")) as f:
        rows = f.read().split()
    panel = bytearray(1024)
    for y in range(64):
        for x in range(128):
            if rows[y][x] == "#":
                panel[(y >> 3) * 128 + x] |= 1 << (y & 7)
    path = os.path.join(out, name + ".png")
    panel_image(panel, scale=scale).save(path)
    return path


def main(names=()):
    """Every picture, or only those named."""
    os.makedirs(OUT, exist_ok=True)
    for name, caption, script in SHOTS:
        if not names or name in names:
            print(shoot(name, script), "-", caption)
    for name, caption, host_keys, guest_keys in LINK_SHOTS:
        if not names or name in names:
            print(shoot_linked(name, host_keys, guest_keys), "-", caption)
    for name, caption in GOLDEN_SHOTS:
        if (not names or name in names) and os.path.exists(os.path.join(ROOT, "tests", "golden", name + ".txt")):
            print(golden_png(name), "-", caption)


if __name__ == "__main__":
    main(sys.argv[1:])
