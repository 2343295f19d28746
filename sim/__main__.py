"""python -m sim [--board pico] [--seed N] [--headless --keys "A DOWN A" --shot out.png --gif out.gif]
                 [--terminal] [--scale 5] [--saves DIR] [--link]

Without --headless: a window (pygame-ce), or the terminal renderer when there is
no display or with --terminal. With --headless: boots the launcher, presses the
keys in order (each when the firmware next waits for input), then writes the
final screen as a PNG and/or the whole session as a GIF. --link (`make sim LINK=1`):
two consoles linked by a virtual cable, side by side in the terminal (sim/linkterm.py).
"""
import argparse
import os
import sys


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m sim", description="pocket-party desktop simulator")
    p.add_argument("--board", default="pico", help="board file to simulate (pico, pico2, esp32s3, esp32c3)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: from the OS)")
    p.add_argument("--date", default=None, help='headless: the date the clock tells, "YYYY-MM-DD" (default: not set)')
    p.add_argument("--code", default=None, help="start with this game code's game (as the browser's ?code=)")
    p.add_argument("--headless", action="store_true", help="no window: play --keys and exit")
    p.add_argument("--keys", default="", help='scripted keys, e.g. "A DOWN DOWN A" (UP DOWN LEFT RIGHT A B MENU WAIT)')
    p.add_argument("--shot", help="write the final screen to this PNG")
    p.add_argument("--gif", help="record the session to this GIF")
    p.add_argument("--terminal", action="store_true", help="draw in the terminal instead of a window")
    p.add_argument("--scale", type=int, default=5)
    p.add_argument("--link", action="store_true", help="two consoles linked by a virtual cable, side by side in the terminal")
    p.add_argument("--saves", default=None, help="folder for save files (default: ~/.pocket-party, or temporary when headless)")
    args = p.parse_args(argv)

    import sim  # noqa: F401
    from sim.console import Console, BOARDS
    if args.board not in BOARDS:
        p.error("unknown board '%s' (choose from: %s)" % (args.board, ", ".join(BOARDS)))
    seed = args.seed
    if seed is None:
        seed = int.from_bytes(os.urandom(3), "little")
    keys = args.keys.split()
    saves = args.saves
    if saves is None and not args.headless:
        saves = os.path.join(os.path.expanduser("~"), ".pocket-party")
        os.makedirs(saves, exist_ok=True)
    if args.link and not args.headless:
        from sim.linkterm import run
        run(saves, seed)
        return 0
    try:
        if args.headless:
            console = Console(args.board, seed, keys, saves, date=args.date, code=args.code)
        else:
            from sim.realtime import RealClock
            console = Console(args.board, seed, (), saves, clock=RealClock(), resets=True,  # as a console does
                              code=args.code)
    except ValueError as e:
        p.error(str(e))

    gif = None
    if args.gif:
        from sim.recorder import GifRecorder
        gif = GifRecorder(console)
    try:
        if args.headless:
            console.run()
        else:
            use_terminal = args.terminal or not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                                                 or sys.platform in ("darwin", "win32"))
            if use_terminal:
                import curses
                from sim.terminal import Terminal

                def inside(stdscr):
                    Terminal(console, stdscr)
                    console.run()
                curses.wrapper(inside)
            else:
                from sim.window import Window
                Window(console, args.scale)
                console.run()
    except SystemExit:
        pass
    finally:
        if args.shot:
            console.image(scale=4).save(args.shot)
            print("screen written to", args.shot)
        if gif is not None:
            n = gif.save(args.gif)
            print("recording written to %s (%d frames)" % (args.gif, n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
