"""The settings form, shared by the launcher and every game's menu."""
from core.session import load_module
from core.settings import CONTRAST_NAMES, REPEAT_NAMES, SLEEP_NAMES
from core.ui import Field


def run(session):
    s = session.settings
    contrast = Field("Contrast", list(CONTRAST_NAMES), s.contrast)
    sound = Field("Sound", ["Off", "On"], 1 if s.sound else 0)
    repeat = Field("Key repeat", list(REPEAT_NAMES), s.repeat)
    sleep = Field("Screen off", list(SLEEP_NAMES), s.sleep)
    # A on it: a confirmation, then every game's statistics are gone (not undone by B here)
    stats = Field("Reset statistics", [""], 0, lambda field: load_module("core.stats_screen").reset(session))
    if session.ui.form("Settings", [contrast, sound, repeat, sleep, stats], "Save"):
        s.contrast = contrast.index
        s.sound = sound.index == 1
        s.repeat = repeat.index
        s.sleep = sleep.index
        session.apply_settings()
        session.save_settings()
