"""Game codes in the launcher (docs/app-api.md, "Game codes"): "Enter code" and "Daily game"
in a game's menu, and a code given with the console (the browser's ?code=). Loaded only when
one of them is chosen; the launcher's setup form does the rest (Launcher.setup's code)."""
from core import codes
from core.launcher import DAILY, available_games
from core.session import setup_options
from games import catalogue
from hal.keys import K_A


def typed(launcher, entry):
    """Enter code: typed on the keyboard, read, then the setup form as it says. A code
    that is not this game's is told and shown again to be put right (B goes back)."""
    text = ""
    while True:
        text = launcher.ui.keyboard("Game code", text, 14)
        if not text:
            return None
        text = text.upper()     # (the keyboard writes names: a capital, then small letters)
        code = read(launcher, entry, text)
        if code is not None:
            return launcher.setup(entry, code)


def read(launcher, entry, text):
    """The core.codes Code in text when it is one of this game's, else None with the
    reason shown."""
    try:
        code = codes.decode(text)
        if code.game != entry.id:
            other = catalogue.entry(code.game)
            raise codes.CodeError("This code is for %s, not %s." % (
                other.title if other else code.game, entry.title))
        if not entry.min_players <= code.players <= entry.max_players:
            raise codes.CodeError("%s is for %d-%d players; this code has %d." % (
                entry.title, entry.min_players, entry.max_players, code.players))
        for kind in code.kinds:
            if kind != "human" and kind not in entry.levels:
                raise codes.CodeError("This code has a %s computer player; %s has none on this console." % (
                    kind, entry.title))
        codes.option_indexes(setup_options(entry.id), code.options)
    except codes.CodeError as e:
        launcher.ui.message("Game code", e.reason)
        return None
    return code


def from_address(launcher):
    """A code given with the console (the browser's ?code=): its game's setup form
    filled in, or None with the reason shown (then the menus, as always)."""
    text = launcher.hal.start_code
    launcher.hal.start_code = None
    try:
        game_id = codes.decode(text).game
    except codes.CodeError as e:
        launcher.ui.message("Game code", "%s\n(%s)" % (e.reason, text))
        return None
    for entry in available_games():
        if entry.id == game_id:
            launcher.remember(game_id)
            if launcher.saves.exists(game_id) and not launcher.ui.confirm(
                    entry.title, "Start this code's game? The saved game is lost."):
                return None
            code = read(launcher, entry, text)
            setup = None if code is None else launcher.setup(entry, code)
            if setup is not None:
                launcher.forget_unfit(game_id)
                return (game_id, setup, None)
            return None
    launcher.ui.message("Game code", "This code's game is not on this console.")
    return None


def daily(launcher, entry):
    """The day's game for one person: its seed from the date, so every console with its
    clock set plays the same dice that day; the options are the first choices."""
    today = launcher.hal.clock.today()
    if today is None:
        launcher.ui.message(DAILY, "This console's clock is not set: it does not know today's date.")
        return None
    if launcher.ui.message(DAILY, "Today's game, %s: the same dice on every console today." % today,
                           "A:Play B:Back") != K_A:
        return None
    opts = {}
    for name, _label, choices, _when in setup_options(entry.id):
        default, _shown, _help = choices[0]     # the first choice: the rules' default
        opts[name] = default
    seed = codes.daily_seed(int(today[:4]), int(today[5:7]), int(today[8:]))
    return {"seats": [{"name": launcher.settings.name_choices()[0], "kind": "human"}], "options": opts,
            "seed": seed}
