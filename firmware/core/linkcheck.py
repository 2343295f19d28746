"""Link play's rarer moments (docs/link.md, "Playing", "Link lost"): both consoles' RESUME
check at a game's start, a game that cannot go on linked, and the "Link lost" choices.
core.linkplay loads this module for such a moment and lets go of it after (`checked`),
so a game in play does not hold it. Functions of the game's LinkPlay, no state of their own.
"""
from core import font
from core.linkplay import WAIT_MS
from core.saves import json_adler32
from core.session import QuitGame
from hal.keys import K_A, K_B


def state_hash(game):
    """What RESUME compares: the Adler-32 of the game's save (its JSON text's bytes)."""
    return json_adler32(game.to_save())


def start(lp):
    """At the game's start (new or resumed): both consoles say where they stand and
    wait for each other; a different game is told and stops."""
    if lp.problem:
        stop(lp, lp.problem)
    if lp.alone:
        return
    lp.checked = False
    lp.shown = None
    send_resume(lp)
    while not lp.checked:
        lp.wait(-1, "Waiting for the other console")
        if lp.alone:
            return


def send_resume(lp):
    while not lp.channel.room():
        lp.wait(-1, "Sending to the other console")
    lp.channel.send_resume(lp.turn, state_hash(lp.app.game))


def compare(lp, turn, digest):
    """The other console's RESUME against this console's game, at the same turn."""
    if turn != lp.turn or digest != state_hash(lp.app.game):
        lp.problem = "The other console's game is at turn %d, this one's at turn %d%s." % (
            turn, lp.turn, "" if turn != lp.turn else ", and they differ")


def stop(lp, reason):
    """This game cannot go on linked (the consoles are out of step, the versions do
    not match, the other console left): say why and leave it, saved as it stands."""
    lp.app.save()
    lp.ui.message("Link play", reason + " The game is saved.")
    raise QuitGame()


def lost_menu(lp):
    """The link is lost: say why; wait for the cable, let computers play the other
    console's seats (the host), or save and quit."""
    ui = lp.ui
    items = ["Wait for the cable"]
    if lp.host:
        items.append("Computers play on")
    items.append("Save and quit")
    ui.message("Link lost", lp.lost + " The game is saved on both consoles.", "A:choose")
    while lp.lost and not lp.problem:
        choice = ui.menu("Link lost", items)
        if choice == len(items) - 1:
            lp.app.save()
            raise QuitGame()
        if choice == 1 and lp.host:
            play_alone(lp)
            return
        if choice in (0, -1, -2):
            wait_cable(lp)
            return
    lp.shown = None


def wait_cable(lp):
    """Until the cable is back (they go on together) or B (the choices again)."""
    ui = lp.ui
    fb = ui.fb
    ui.clear()
    ui.bar("Link lost")
    lines = font.wrap("Waiting for the cable. Plug it back in; B for the choices.", 126)
    for i in range(min(5, len(lines))):
        font.text(fb, lines[i], 0, 12 + 9 * i)
    ui.busy()
    lp.shown = None
    while lp.lost and not lp.problem:
        if ui.pause(WAIT_MS) & (K_B | K_A):
            return


def play_alone(lp):
    """The host's choice: the other console's seats become computer players here."""
    app = lp.app
    lp.alone = True
    for seat in range(len(lp.mine)):
        if not lp.mine[seat] and app.kinds[seat] == "human":
            app.kinds[seat] = "normal"
    lp.close()
    app.save()
