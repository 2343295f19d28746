"""Console settings: what they can be, their defaults, and applying them to the HAL."""

CONTRAST_LEVELS = (1, 40, 128, 255)        # never 0: some panels go dark at 0
CONTRAST_NAMES = ("Dim", "Low", "Medium", "Bright")
REPEAT_SPEEDS = ((600, 200), (400, 120), (250, 70))  # (delay, every) ms
REPEAT_NAMES = ("Slow", "Normal", "Fast")
SLEEP_DELAYS = (30000, 60000, 180000, 0)   # 0 = never
SLEEP_NAMES = ("30 s", "1 min", "3 min", "Never")
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fin", "Gus", "Ivy", "Jo", "Kim", "Leo", "Mia",
         "Ned", "Oli", "Pia", "Sam", "Tom", "Zoe")

SAVE_NAME = "settings"
_FIELDS = ("contrast", "sound", "repeat", "sleep", "last_game", "names")


def is_settings(data):
    """Saves.load's shape check for the settings file: a dict with at least one field of
    ours (a bad value in a field only sets that field back to its default, in load_from)."""
    if not isinstance(data, dict):
        return False
    for key in _FIELDS:
        if key in data:
            return True
    return False


class Settings:
    def __init__(self):
        self.contrast = 2
        self.sound = True
        self.repeat = 1
        self.sleep = 1
        self.last_game = ""
        self.names = []          # names typed on the keyboard, newest first
        self.from_save = False   # True once a saved copy was taken (False: the defaults)

    def to_save(self):
        return {"contrast": self.contrast, "sound": self.sound, "repeat": self.repeat,
                "sleep": self.sleep, "last_game": self.last_game, "names": self.names}

    def load_from(self, data):
        """Take every known, valid field of a saved dict; ignore the rest."""
        if not isinstance(data, dict):
            return
        self.from_save = True
        for key, limit in (("contrast", len(CONTRAST_LEVELS)), ("repeat", len(REPEAT_SPEEDS)),
                           ("sleep", len(SLEEP_DELAYS))):
            v = data.get(key)
            if isinstance(v, int) and 0 <= v < limit:
                setattr(self, key, v)
        if isinstance(data.get("sound"), bool):
            self.sound = data["sound"]
        if isinstance(data.get("last_game"), str):
            self.last_game = data["last_game"]
        names = data.get("names")
        if isinstance(names, list):
            self.names = [n for n in names if isinstance(n, str) and 0 < len(n) <= 8][:6]

    def sleep_ms(self):
        return SLEEP_DELAYS[self.sleep]

    def apply(self, hal):
        hal.display.contrast(CONTRAST_LEVELS[self.contrast])
        hal.sound.muted = not self.sound
        delay, every = REPEAT_SPEEDS[self.repeat]
        hal.buttons.set_repeat(delay, every)

    def name_choices(self):
        out = list(self.names)
        for n in NAMES:
            if n not in out:
                out.append(n)
        return out

    def remember_name(self, name):
        if name in self.names:
            self.names.remove(name)
        self.names.insert(0, name)
        del self.names[6:]
