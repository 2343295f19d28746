"""Dice roller screens: roll 1-13 dice, pick dice to re-roll, fairness check.

LEFT/RIGHT move the cursor over the dice and the Roll / Fair buttons, A picks
a die (or presses the button), UP/DOWN add or remove a die, B leaves.
Every face rolled on this console is counted in the 'dicestats' save (games/dice/stats.py),
and the fairness screen shows their histogram with a chi-square verdict.
"""
from core import font
from core import draw
from hal.keys import K_UP, K_DOWN, K_LEFT, K_RIGHT, K_A, K_B, K_MENU
from core.rng import Rng
from games.dice.rules import Game, MAX_DICE, chi_square_x100, verdict
from games.dice import stats

SIZE = 13
PER_ROW = 7


def from_save(saved):
    """The roll in a save, and whether its rolls go into the statistics file (False: the
    player kept a damaged one). KeyError, TypeError... when it is not a dice save."""
    return Game.from_save(saved["game"]), saved.get("counted", True) is not False


def run(ctx, setup, saved):
    ui = ctx.ui
    if saved is not None:
        resumed = ctx.resume(from_save, saved)  # a save of the wrong shape: the copy before it
        if resumed is None:
            return
        game, counted = resumed
    else:
        game = Game(1, {"dice": 5, "rolls": 0}, Rng(ctx.rng.new_seed()))
        game.counts, counted = stats.load(ctx)
        game.start()
    picked = []
    cursor = 0

    def save():
        ctx.save_game({"game": game.to_save(), "counted": counted})
        if counted:
            stats.save(ctx, game.counts)

    ui.on_sleep = save
    save()
    while True:
        n = len(game.dice)
        draw_roll(ui, game, picked, cursor)
        k = ui.wait_key()
        if k & K_MENU:
            if ctx.open_menu() == "quit":
                ui.busy()   # leaving: the roller is let go and the launcher loaded
                save()
                return
        elif k & K_LEFT:
            cursor = (cursor - 1) % (n + 2)
        elif k & K_RIGHT:
            cursor = (cursor + 1) % (n + 2)
        elif k & (K_UP | K_DOWN):
            want = n + (1 if k & K_UP else -1)
            if 1 <= want <= MAX_DICE:
                game.apply("dice %d" % want)
                picked = []
                cursor = min(cursor, want + 1) if cursor < n else want + (cursor - n)
                ctx.hal.sound.beep(440, 20)
                # saved once the new dice are drawn, before the next key is read (ui.later):
                # this key allocated 9,760 B before its frame, now 1,952 (make bench keys' dice session)
                ui.later(save)
        elif k & K_A:
            if cursor < n:
                if cursor in picked:
                    picked.remove(cursor)
                else:
                    picked.append(cursor)
            elif cursor == n:
                roll_animation(ui, game, picked, ctx.rng)
                if picked:
                    game.apply("reroll " + ",".join(str(i + 1) for i in sorted(picked)))
                else:
                    game.apply("roll")
                picked = []
                ctx.hal.sound.beep(660, 30)
                ui.later(save)
            else:
                fairness(ui, game)
        elif k & K_B:
            ui.busy()
            save()
            return


def dice_xy(i, n):
    rows = 1 if n <= PER_ROW else 2
    row = 0 if i < PER_ROW else 1
    in_row = min(n, PER_ROW) if row == 0 else n - PER_ROW
    col = i - row * PER_ROW
    gap = 4
    width = in_row * SIZE + (in_row - 1) * gap
    x = (128 - width) // 2 + col * (SIZE + gap)
    y = (20 if rows == 1 else 13) + row * (SIZE + 6)
    return x, y


def draw_roll(ui, game, picked, cursor, faces=None):
    fb = ui.fb
    dice = faces or game.dice
    n = len(dice)
    ui.clear()
    ui.bar("Dice x%d" % n, "sum %d" % sum(dice))
    for i in range(n):
        x, y = dice_xy(i, n)
        draw.die(fb, x, y, SIZE, dice[i], i in picked)
        if i == cursor:
            fb.hline(x, y + SIZE + 2, SIZE, 1)
    label = "Re-roll %d" % len(picked) if picked else "Roll all"
    for j, text in ((0, label), (1, "Fair")):
        x = 8 if j == 0 else 92
        w = font.width(text) + 6
        sel = cursor == n + j
        if sel:
            fb.fill_rect(x, 52, w, 11, 1)
        else:
            fb.rect(x, 52, w, 11, 1)
        font.text(fb, text, x + 3, 54, 0 if sel else 1)
    ui.show()


def roll_animation(ui, game, picked, rng):
    """A short tumble of random faces before the real roll (drawn, not counted)."""
    n = len(game.dice)
    for _ in range(4):
        faces = [game.dice[i] if (picked and i not in picked) else rng.roll(6) for i in range(n)]
        draw_roll(ui, game, picked, -1, faces)
        ui.pause(60)


def fairness(ui, game):
    fb = ui.fb
    counts = game.counts
    total = sum(counts)
    top = max(counts) or 1
    ui.clear()
    ui.bar("Fairness", "n=%d" % total)
    for f in range(6):
        h = counts[f] * 30 // top
        x = 4 + f * 13
        fb.fill_rect(x, 44 - h, 9, h, 1)
        font.text(fb, str(f + 1), x + 2, 46)
    chi = chi_square_x100(counts)
    font.text(fb, "chi2", 84, 14)
    font.text(fb, "%d.%02d" % (chi // 100, chi % 100), 84, 24)
    font.text(fb, "df 5", 84, 34)
    font.text(fb, verdict(counts), 2, 56)
    ui.show()
    while True:
        k = ui.wait_key()
        if ui.chord(k):
            return  # the game menu was drawn over this screen: back to the dice
        if k & (K_A | K_B):
            return
