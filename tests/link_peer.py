"""One console of a linked game, for tests/test_link_pipe.py (test-only).

    micropython tests/link_peer.py ROLE GAME PLAYERS SEED [options]

ROLE: host (side "a" of the fifos: sends the new game), guest (side "b"), solo (both
sides' seats here, no link: the reference transcript), garbage (side "b", writes random
bytes and never speaks the protocol).
Options: --fifo A2B,B2A  --noise SEED,DROP,CORRUPT,DUPLICATE,DELAY (per-mille)
         --unplug TURN,MS (pull the cable when TURN actions are played, for MS ms)
         --rules N (this console's rules version; 3 otherwise)
         --lost MS (Timing.lost_ms; the other times scaled to it)
         --wait MS (how long to wait for the link before giving up; 20000)

Even seats belong to the host, odd ones to the guest; every seat is the normal computer
player with its own generator, so the solo run makes the very same choices. Both linked
consoles apply every action, their own and those that arrive, to their own copy of the
rules core and print selfplay's transcript (`#n Pseat action`, the events, RESULT) and
`STATE <adler32 of the saved state>`: the test requires the three transcripts identical.
Lines about the link start with `LINK `; the test leaves them out of the comparison.
Exit codes: 0 done, 3 mismatch, 4 never linked, 5 the other process ended, 1 anything
unexpected.
"""
import sys

try:
    import _path
except ImportError:
    here = __file__[:__file__.rfind("/")] if "/" in __file__ else "."
    sys.path.insert(0, here + "/../tools")
    import _path
sys.path.append(_path.ROOT)

from core.jsonout import dumps  # noqa: E402
from core.rng import Rng  # noqa: E402
from core.saves import json_adler32  # noqa: E402

link = linkgame = None  # loaded by a linked role only: the solo run measures the game alone

LEVEL = "normal"
FIRMWARE = "0.1.0"


class Peer:
    def __init__(self, args):
        from sim.cable import RealClock
        self.args = args
        self.clock = RealClock()
        self.end = None
        self.channel = None
        self.bye = False
        self.finishing = False
        self.plug_at = None

    def connect(self, side):
        from sim.cable import Noise, PipeEnd
        a = self.args
        noise = None
        if a.get("noise"):
            seed, drop, corrupt, dup, delay = [int(x) for x in a["noise"].split(",")]
            noise = Noise(seed + (0 if side == "a" else 1000), drop / 1000, corrupt / 1000, dup / 1000, delay / 1000)
        a2b, b2a = a["fifo"].split(",")
        self.end = PipeEnd(a2b, b2a, side, noise, self.clock)
        timing = None
        if a.get("lost"):   # a short loss verdict, and resends to match, for quick tests
            lost = int(a["lost"])
            timing = link.Timing(heartbeat_ms=lost // 5, resend_ms=lost // 20, resend_max_ms=lost // 5,
                                 lost_ms=lost, hello_ms=lost // 10)
        versions = link.Versions(a["game"], int(a.get("rules", 3)), 1, FIRMWARE)
        nonce = b"HOST" if side == "a" else b"GEST"
        self.channel = link.Channel(self.end, self.clock, versions, nonce, timing)
        self.channel.open()

    def serve(self):
        """Poll once; a data message, or None (events are printed and handled here)."""
        if self.plug_at is not None and self.clock.ticks_diff(self.clock.ticks_ms(), self.plug_at) >= 0:
            self.end.plug()
            self.plug_at = None
            print("LINK plugged back")
        m = self.channel.poll()
        if m is None:
            # judged only once poll() has read all that came: what the other process
            # sent before it ended (its mismatch hello, say) is heard first
            if self.end.peer_gone and not (self.bye and self.finishing):
                print("LINK the other process ended")
                sys.exit(5)
            self.clock.sleep_ms(1)
            return None
        if m.kind == link.LINKED:
            print("LINK linked new_peer=%d dropped=%d" % (m.new_peer, m.dropped))
        elif m.kind == link.LOST:
            print("LINK lost: " + m.text())
        elif m.kind == link.MISMATCH:
            print("LINK mismatch: " + m.text())
            sys.exit(3)
        elif m.kind == link.ERROR:
            print("LINK error: " + m.text())
            sys.exit(1)
        elif m.kind == link.BYE:
            self.bye = True
        else:
            return m
        return None

    def wait_linked(self):
        t0 = self.clock.ticks_ms()
        while not self.channel.linked():
            self.serve()
            if self.clock.ticks_diff(self.clock.ticks_ms(), t0) > int(self.args.get("wait", 20000)):
                print("LINK never linked: " + self.channel.status())
                sys.exit(4)

    def wait_message(self, kind):
        while True:
            m = self.serve()
            if m is not None:
                if m.kind != kind:
                    print("LINK unexpected message kind 0x%02x" % m.kind)
                    sys.exit(1)
                return m

    def send(self, fn, *args):
        while not self.channel.room():
            self.serve()
        fn(*args)

    def finish(self):
        self.finishing = True
        """Both say bye; each leaves once it has the other's and its own is acknowledged
        (or 3 s after: the other may have left with the last acknowledgement lost)."""
        self.send(self.channel.send_bye, "game over")
        t0 = None
        while True:
            self.serve()
            if self.bye and t0 is None:
                t0 = self.clock.ticks_ms()
            if t0 is not None and (not self.channel.pending()
                                   or self.clock.ticks_diff(self.clock.ticks_ms(), t0) > 3000):
                break
        t1 = self.clock.ticks_ms()
        while self.clock.ticks_diff(self.clock.ticks_ms(), t1) < 500 and not self.end.peer_gone:
            self.serve()    # answer its resends a little longer
        ch = self.channel
        print("LINK stats sent=%d resent=%d received=%d bad=%d garbage=%d duplicates=%d" % (
            ch.sent, ch.resent, ch.received, ch.bad_frames, ch.garbage, ch.duplicates))
        ch.close()


def play(args, peer, mine):
    """The game, printing the transcript; peer None: every seat is played here."""
    rules, bot = _path.game_modules(args["game"])
    players = int(args["players"])
    seed = int(args["seed"])
    if peer is not None and args["role"] == "host":
        seats = [linkgame.Seat(mine(s), LEVEL, "P%d" % s) for s in range(players)]
        peer.send(peer.channel.send_new_game, linkgame.NewGame(args["game"], seed, seats, {}))
    elif peer is not None:
        ng = peer.wait_message(link.NEW_GAME).new_game
        if ng.game != args["game"] or ng.seed != seed or len(ng.seats) != players:
            print("LINK new game differs: %s %d %d" % (ng.game, ng.seed, len(ng.seats)))
            sys.exit(1)
        for s in range(players):
            if ng.seats[s].mine != mine(s):
                print("LINK seat %d owner differs" % s)
                sys.exit(1)
    game = rules.Game(players, {}, Rng(seed))
    bots = [Rng(seed ^ (0x5A5A + s)) for s in range(players)]
    game.start()
    for ev in game.pop_events():
        print("  . " + ev)
    unplug = args.get("unplug")
    unplug_turn, unplug_ms = [int(x) for x in unplug.split(",")] if unplug else (-1, 0)
    turn = 0
    while not game.is_over():
        seat = game.to_act()
        if peer is None or mine(seat):
            action = bot.choose(game, LEVEL, bots[seat])
            if peer is not None:
                peer.send(peer.channel.send_action, seat, turn, action)
        else:
            m = peer.wait_message(link.ACTION)
            if m.seat != seat or m.turn != turn:
                print("LINK action for seat %d turn %d, expected seat %d turn %d" % (m.seat, m.turn, seat, turn))
                sys.exit(1)
            action = m.text()
        game.apply(action)
        turn += 1
        print("#%d P%d %s" % (turn, seat, action))
        for ev in game.pop_events():
            print("  . " + ev)
        if turn == unplug_turn and peer is not None:
            peer.end.unplug()
            peer.plug_at = peer.clock.ticks_add(peer.clock.ticks_ms(), unplug_ms)
            print("LINK unplugged")
    result = {"game": args["game"], "players": players, "seed": seed, "actions": turn,
              "scores": game.scores(), "winners": game.winners()}
    print("RESULT " + dumps(result))
    # The save's hash taken piece by piece, as a linked console takes it for RESUME: the
    # whole text then its bytes (1.5 KB each for Word Cards) did not fit a guest's 144K
    # heap at the game's end once pytest's temporary path grew (pytest-167).
    print("STATE %08x" % json_adler32(game.to_save()))


def garbage(args):
    from sim.cable import PipeEnd, RealClock
    end = PipeEnd(*(args["fifo"].split(",") + ["b"]))
    end.open()
    clock = RealClock()
    rng = Rng(int(args["seed"]))
    junk = bytearray(16)
    buf = bytearray(64)
    t0 = clock.ticks_ms()
    while clock.ticks_diff(clock.ticks_ms(), t0) < int(args.get("wait", 20000)) + 5000:
        for i in range(len(junk)):
            junk[i] = rng.next16() & 0xFF
        end.write(junk, len(junk))
        while end.readinto(buf):
            pass
        if end.peer_gone:
            return
        clock.sleep_ms(5)


def parse(argv):
    if len(argv) < 4:
        print(__doc__)
        sys.exit(2)
    args = {"role": argv[0], "game": argv[1], "players": argv[2], "seed": argv[3]}
    i = 4
    while i + 1 < len(argv):
        args[argv[i][2:]] = argv[i + 1]
        i += 2
    return args


def main(argv):
    args = parse(argv)
    role = args["role"]
    if role == "garbage":
        garbage(args)
        return
    if role == "solo":
        play(args, None, None)
        return
    global link, linkgame
    from core import link, linkgame
    peer = Peer(args)
    peer.connect("a" if role == "host" else "b")
    peer.wait_linked()
    host = role == "host"
    play(args, peer, lambda s: (s % 2 == 0) == host)
    peer.finish()


main(sys.argv[1:])
