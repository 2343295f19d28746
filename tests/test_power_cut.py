"""The power cut at every storage operation of a save, a delete, a load and a settings write,
once and twice in a row, with torn writes: after every cut the console reboots on the same
storage (a fresh Saves, and load) and must find the save it had or the one being written,
never an older one, and name every damaged copy it passed over.

The storage is an in-memory copy of hal.storage.FileStorage's behaviour (checked against it
below) that raises PowerCut at its n-th operation, leaving what a cut can leave:
  write:  untouched, empty, half, all but the last byte, or complete
  rename, remove:  done or not (littlefs and POSIX renames are atomic)
  read, exists:  nothing changes
Every case runs in a few milliseconds; the whole file in a few seconds. The figures are
printed with -s (`pytest -s tests/test_power_cut.py`).
"""
import pytest
from core import saves as saves_mod
from core.saves import Saves, SaveError, check as check_file
from core.settings import Settings, SAVE_NAME as SETTINGS, is_settings
from games.dice.stats import STATS, is_stats
from hal.storage import FileStorage


class PowerCut(BaseException):  # not Exception: nothing in the firmware may catch it
    pass


WRITE_CUTS = ("untouched", "empty", "half", "all but the last byte", "complete")
MOVE_CUTS = ("not done", "done")


class MemoryStorage:
    """FileStorage's behaviour in a dict: read -> bytes or None, write replaces, rename replaces
    the target and fails (OSError) without a source, remove ignores a missing file."""

    def __init__(self, files=None):
        self.files = dict(files or {})

    def read(self, name):
        return self.files.get(name)

    def write(self, name, data):
        self.files[name] = bytes(data)

    def rename(self, old, new):
        if old not in self.files:
            raise OSError(2)
        self.files[new] = self.files.pop(old)

    def remove(self, name):
        self.files.pop(name, None)

    def exists(self, name):
        return name in self.files


class CutStorage:
    """Wraps a storage; the power goes at operation number `cut_at` (1-based), which is left
    as `outcome` says; no cut when cut_at is None. Counts the operations either way."""

    def __init__(self, inner, cut_at=None, outcome=None):
        self.inner = inner
        self.cut_at = cut_at
        self.outcome = outcome
        self.ops = []  # the kind of every operation, in order

    def _op(self, kind):
        self.ops.append(kind)
        return len(self.ops) == self.cut_at

    def read(self, name):
        if self._op("read"):
            raise PowerCut()
        return self.inner.read(name)

    def exists(self, name):
        if self._op("exists"):
            raise PowerCut()
        return self.inner.exists(name)

    def write(self, name, data):
        if self._op("write"):
            torn = {"untouched": None, "empty": b"", "half": data[:len(data) // 2],
                    "all but the last byte": data[:-1], "complete": data}[self.outcome]
            if torn is not None:
                self.inner.write(name, torn)
            raise PowerCut()
        self.inner.write(name, data)

    def rename(self, old, new):
        if self._op("rename"):
            if self.outcome == "done":
                self.inner.rename(old, new)
            raise PowerCut()
        self.inner.rename(old, new)

    def remove(self, name):
        if self._op("remove"):
            if self.outcome == "done":
                self.inner.remove(name)
            raise PowerCut()
        self.inner.remove(name)


def outcomes(kind):
    return WRITE_CUTS if kind == "write" else MOVE_CUTS if kind in ("rename", "remove") else ("-",)


# ---- the three kinds of file: a game's save, the settings, the dice statistics -------------
class Slot:
    def __init__(self, name, make, version, check):
        self.name = name
        self.make = make        # make(n): the n-th version of the file's contents
        self.version = version  # version(obj) -> n
        self.check = check      # the shape check load is given


def game_version(n):
    return {"turn": n, "seats": [{"name": "Ann", "kind": "human"}, {"name": "Ben", "kind": "normal"}],
            "board": list(range(40 + n % 7))}


def is_game(obj):
    return obj["turn"] >= 0 and len(obj["seats"]) == 2


def settings_version(n):
    s = Settings()
    s.contrast = n % 4
    s.last_game = "v%d" % n
    s.remember_name("Zed")
    return s.to_save()


def settings_of(obj):
    s = Settings()
    s.load_from(obj)
    assert s.from_save
    return int(s.last_game[1:])


SLOTS = (
    Slot("clever", game_version, lambda obj: obj["turn"], is_game),
    Slot(SETTINGS, settings_version, settings_of, is_settings),
    Slot(STATS, lambda n: {"counts": [n, 1, 2, 3, 4, 5]}, lambda obj: obj["counts"][0], is_stats),
)


# ---- what is loaded, and the checks after every reboot -------------------------------------
ROLES = (saves_mod.UNFINISHED, saves_mod.NEWEST, saves_mod.OLDER)


def loaded(files, slot):
    """(version or None, problems) that a console booting on these files gets."""
    obj, problems = Saves(MemoryStorage(files)).load(slot.name, slot.check)
    return (None if obj is None else slot.version(obj)), problems


def fits(check, obj):
    try:
        return check(obj) is not False
    except Exception:
        return False


def check_reboot(files, slot, allowed, tally):
    """Boot on `files` (a copy: the load may adopt a .tmp): the version loaded must be one of
    `allowed`; every copy passed over is damaged and named; a save that shows as there
    (exists, the menu's Resume) but loads nothing says why. Returns the files after the boot."""
    storage = MemoryStorage(files)
    saves = Saves(storage)
    obj, problems = saves.load(slot.name, slot.check)
    got = None if obj is None else slot.version(obj)
    assert got in allowed, (got, allowed, sorted(files))
    for p in problems:
        role, _sep, reason = p.partition(": ")
        assert role in ROLES and reason, p
    passed = []
    for suffix, role in zip((".tmp", "", ".bak"), ROLES):
        data = files.get(slot.name + suffix)
        if data is None:
            continue
        try:
            check_file(data)
            whole = True
        except SaveError:
            whole = False
        if whole and fits(slot.check, saves_mod.decode(data)):
            break  # the copy that loads
        passed.append(role)
    assert [p.partition(": ")[0] for p in problems] == passed, (problems, sorted(files))
    if got is None and saves.exists(slot.name):
        assert problems  # "Save unreadable (why)", then the offer to delete it
    tally["reboots"] += 1
    tally["damaged files reported"] += len(problems)
    versions = [a for a in allowed if a is not None]
    tally["loaded nothing" if got is None else
          "loaded the newest" if got == max(versions) else "loaded the one before"] += 1
    again = Saves(MemoryStorage(storage.files)).load(slot.name, slot.check)
    assert (None if again[0] is None else slot.version(again[0])) == got  # a second boot agrees
    return storage.files


# ---- the operations that are cut ----------------------------------------------------------
def op_save(version):
    def run(saves, slot):
        saves.save(slot.name, slot.make(version))
    run.label = "save"
    run.writes = version
    return run


def op_delete(saves, slot):
    saves.delete(slot.name)


op_delete.label = "delete"
op_delete.writes = None


def op_load(saves, slot):
    saves.load(slot.name, slot.check)


op_load.label = "load"
op_load.writes = "same"


def cut_runs(files, slot, op):
    """Every way `op` can be cut on these files: yields (files after the cut, cut_at, kind,
    outcome), then the files after the uncut run (cut_at None)."""
    probe = CutStorage(MemoryStorage(files))
    op(Saves(probe), slot)
    for at in range(1, len(probe.ops) + 1):
        kind = probe.ops[at - 1]
        for outcome in outcomes(kind):
            inner = MemoryStorage(files)
            with pytest.raises(PowerCut):
                op(Saves(CutStorage(inner, at, outcome)), slot)
            yield inner.files, at, kind, outcome
    whole = MemoryStorage(files)
    op(Saves(whole), slot)
    yield whole.files, None, None, None


def allowed_after(op, before):
    """What may load after `op` was cut: the version that loaded before it, or (a save) the
    one it was writing, or (a delete) nothing; never an older one."""
    if op.writes == "same":
        return (before,)
    return (before, op.writes)


def starts(slot):
    """Storage before the first cut: empty, one save, two saves (NAME and NAME.bak)."""
    out = []
    for n in range(3):
        s = MemoryStorage()
        for v in range(1, n + 1):
            Saves(s).save(slot.name, slot.make(v))
        out.append(s.files)
    return out


def new_tally():
    return {"cases": 0, "single cuts": 0, "double cuts": 0, "reboots": 0, "damaged files reported": 0,
            "loaded the newest": 0, "loaded the one before": 0, "loaded nothing": 0}


TALLY = new_tally()
CUT_OPS = {}  # "save: write half", ... -> how many cuts of that kind were tried


def count_cut(op, kind, outcome):
    key = "%s: %s %s" % (op.label, kind, outcome)
    CUT_OPS[key] = CUT_OPS.get(key, 0) + 1


@pytest.mark.parametrize("slot", SLOTS, ids=[s.name for s in SLOTS])
def test_every_single_and_double_cut_keeps_the_save(slot):
    tally = TALLY
    for files in starts(slot):
        first_version = loaded(files, slot)[0]
        newest = first_version or 0
        for op_a in (op_save(newest + 1), op_delete):
            for after_a, at, kind, outcome in cut_runs(files, slot, op_a):
                if at is None:
                    continue  # uncut: covered as the start of other runs
                tally["cases"] += 1
                tally["single cuts"] += 1
                count_cut(op_a, kind, outcome)
                allowed = allowed_after(op_a, first_version)
                booted = check_reboot(after_a, slot, allowed, tally)
                # the second cut, after that reboot (the boot's own load done, or not: a new
                # game saves without loading), in a load, a save or a delete
                for files_b in (after_a, booted):
                    before_b = loaded(files_b, slot)[0]
                    assert before_b in allowed
                    for op_b in (op_load, op_save(newest + 2), op_delete):
                        for after_b, at_b, kind_b, outcome_b in cut_runs(files_b, slot, op_b):
                            if at_b is None:
                                continue
                            tally["cases"] += 1
                            tally["double cuts"] += 1
                            count_cut(op_b, kind_b, outcome_b)
                            check_reboot(after_b, slot, allowed_after(op_b, before_b), tally)


def test_the_figures():
    """Run last in this file: prints what was cut and what the reboots found."""
    if not TALLY["cases"]:
        pytest.skip("runs after the cut test")
    print("\npower-cut test:", ", ".join("%s %d" % kv for kv in TALLY.items()))
    print("cut points (operation: kind outcome):", ", ".join("%s x%d" % kv for kv in sorted(CUT_OPS.items())))
    assert TALLY["loaded the one before"] and TALLY["loaded the newest"] and TALLY["damaged files reported"]


def test_the_memory_storage_behaves_like_file_storage(tmp_path):
    real = FileStorage(str(tmp_path))
    fake = MemoryStorage()
    steps = [("write", "a", b"1"), ("write", "b", b"22"), ("rename", "a", "b"), ("read", "a"), ("read", "b"),
             ("rename", "a", "c"), ("remove", "a"), ("remove", "b"), ("exists", "b"), ("write", "c", b""),
             ("read", "c"), ("exists", "c"), ("rename", "c", "d"), ("read", "d")]
    for step in steps:
        results = []
        for st in (real, fake):
            try:
                results.append(("ok", getattr(st, step[0])(*step[1:])))
            except OSError:
                results.append(("OSError", None))
        assert results[0] == results[1], step


def test_a_cut_before_the_old_order_would_have_brought_an_older_save_back():
    """The delete that removed NAME first: proof that check_reboot catches a resurrection."""
    slot = SLOTS[0]
    files = starts(slot)[2]
    older_first = dict(files)
    del older_first[slot.name]  # the power went after NAME was removed, before NAME.bak
    with pytest.raises(AssertionError):
        check_reboot(older_first, slot, (None, 2), new_tally())
