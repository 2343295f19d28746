"""The settings form, shared by the launcher and every game's menu."""
from core.settings import CONTRAST_NAMES, REPEAT_NAMES, SLEEP_NAMES


def run(session):
    s = session.settings
    fields = [
        ["Contrast", list(CONTRAST_NAMES), s.contrast, None],
        ["Sound", ["Off", "On"], 1 if s.sound else 0, None],
        ["Key repeat", list(REPEAT_NAMES), s.repeat, None],
        ["Screen off", list(SLEEP_NAMES), s.sleep, None],
    ]
    if session.ui.form("Settings", fields, "Save"):
        s.contrast = fields[0][2]
        s.sound = fields[1][2] == 1
        s.repeat = fields[2][2]
        s.sleep = fields[3][2]
        session.apply_settings()
        session.save_settings()
