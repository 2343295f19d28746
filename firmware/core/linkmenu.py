"""Link play in the launcher (docs/link.md, "Playing"): one console hosts a linked game
(the game's usual setup form, then where each person plays), the other joins it.

Loaded only when "Link play" is picked in a game's menu, and let go with the launcher.
Both return the setup core.table starts a linked game from: the seats and options, the
shared seed's generator state ("seed", as a game code gives it) and "link": whether this
console hosts and which seats it plays. The game itself opens the cable again and both
consoles check they stand at the same turn of the same game (core.linkplay), so a
console may reset between the two (core.launch) and nothing is lost.
"""
from core import font, link
from core.rng import Rng
from core.session import setup_options
from core.ui import Field
from hal.keys import K_B

PLACES = ("Here", "Other console")
PLACE_HELPS = ("A person at this console.", "A person at the other console.")
AFTER_MS = 600      # the guest serves the link this long after the new game came: its ack goes out


def menu(launcher, entry):
    """Host or join; the setup of the linked game, or None."""
    choice = launcher.ui.menu("Link play", ["Host a game", "Join a game"])
    if choice == 0:
        return host(launcher, entry)
    if choice == 1:
        return join(launcher, entry)
    return None


def host(launcher, entry):
    """The game's form, then who plays where; the new game goes to the other console."""
    ui = launcher.ui
    setup = launcher.setup(entry)
    if setup is None:
        return None
    seats = setup["seats"]
    people = [s for s in range(len(seats)) if seats[s]["kind"] == "human"]
    fields = []
    for s in people:
        fields.append(Field(seats[s]["name"], list(PLACES), 0 if s == people[0] else 1, None, list(PLACE_HELPS)))
    if people and not ui.form("Who plays where", fields, "Link"):
        return None
    mine = [1] * len(seats)     # computer players run on the host
    for i in range(len(people)):
        mine[people[i]] = int(fields[i].index == 0)
    # only the options set otherwise than the form's first choice travel (a message holds
    # 120 bytes; Word Cards' options alone take more), as texts
    offered = setup_options(entry.id)
    changed = {}
    for name, _label, choices, _when in offered:
        value = setup["options"][name]
        default, _shown, _help = choices[0]     # the first choice: the rules' default
        if value != default:
            changed[name] = _text(value)
    seed = launcher.session.rng.new_seed()
    from core.linkgame import NewGame, Seat
    sent = NewGame(entry.id, seed, [Seat(mine[s], seats[s]["kind"], seats[s]["name"]) for s in range(len(seats))],
                   changed)
    channel = _channel(launcher, entry.id)
    try:
        try:
            channel.send_new_game(sent)
        except ValueError:      # too long for one message
            ui.message("Link play", "Too many options differ from the first choices to send them over the cable.")
            return None
        if not _wait(ui, channel, entry.title, lambda m: channel.linked() and not channel.pending()):
            return None
    finally:
        channel.close()
    return {"seats": seats, "options": setup["options"], "seed": list(Rng(seed).getstate()),
            "link": {"host": 1, "mine": mine}}


def join(launcher, entry):
    """Wait for the host's new game of this game; its setup, or None (B)."""
    ui = launcher.ui
    channel = _channel(launcher, entry.id)
    got = []

    def arrived(m):
        if m is not None and m.kind == link.NEW_GAME:
            got.append(m.new_game)
        return bool(got)
    try:
        if not _wait(ui, channel, entry.title, arrived):
            return None
        _serve(ui, channel, AFTER_MS)
    finally:
        channel.close()
    new_game = got[0]
    try:
        options = all_options(setup_options(entry.id), new_game.options)
    except ValueError as e:
        ui.message("Link play", "The other console's game has options this one does not know (%s). Put the "
                                "same firmware on both." % e)
        return None
    seats = [{"name": seat.name, "kind": seat.kind} for seat in new_game.seats]
    return {"seats": seats, "options": options, "seed": list(Rng(new_game.seed).getstate()),
            "link": {"host": 0, "mine": [int(seat.mine) for seat in new_game.seats]}}


def _text(value):
    return ("1" if value else "0") if value is True or value is False else str(value)


def all_options(offered, changed):
    """The host's options from the texts it sent (changed): each the choice of the game's
    setup.py whose text it is, the form's first choice where none came. ValueError for a
    text no choice has (another version of the game)."""
    options = {}
    for name, _label, choices, _when in offered:
        default, _shown, _help = choices[0]     # the first choice: the rules' default
        options[name] = default
        if name in changed:
            values = [value for value, _shown, _help in choices if _text(value) == changed[name]]
            if not values:
                raise ValueError("option %s: %s" % (name, changed[name]))
            options[name] = values[0]
    return options


def _channel(launcher, game_id):
    hal = launcher.hal
    channel = link.Channel(hal.link, hal.clock, link.game_versions(game_id), hal.entropy(4))
    channel.open()
    return channel


def _wait(ui, channel, title, done):
    """Serve the link, showing its status (Channel.status(): waiting, the other console's
    mismatch), until done(message) (each message or None). False on B."""
    shown = None
    while True:
        m = channel.poll()
        if done(m):
            return True
        if m is not None:
            continue        # (read every message before a nap)
        status = "Linked: starting the game" if channel.linked() else channel.status()
        if status != shown:
            shown = status
            ui.clear()
            ui.bar(title, "Link")
            lines = font.wrap(status, 126)[:5]
            for i in range(len(lines)):
                font.text(ui.fb, lines[i], 0, 11 + 9 * i)
            font.text_right(ui.fb, "B:cancel", 127, 56)
            ui.busy()
        if ui.pause(20) & K_B:
            return False


def _serve(ui, channel, ms):
    clock = ui.hal.clock
    start = clock.ticks_ms()
    while clock.ticks_diff(clock.ticks_ms(), start) < ms:
        while channel.poll() is not None:
            pass
        clock.sleep_ms(20)
