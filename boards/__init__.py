"""Board descriptions. On the device only the chosen one exists, as /board.py."""


def names():
    """Every board this tree supports (host side: build, flash, simulator)."""
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    return tuple(sorted(f[:-3] for f in os.listdir(here) if f.endswith(".py") and not f.startswith("_")))
