"""Saves: versioned and checksummed, atomic, and a power cut never loses the last good save."""
import pytest
from core import saves as saves_mod
from core.saves import Saves, SaveError, encode, decode
from hal.storage import FileStorage


class PowerCut(Exception):
    pass


class FlakyStorage(FileStorage):
    """Storage whose power goes at the n-th write or rename; a cut write leaves half a file."""

    def __init__(self, root, cut_at=None):
        FileStorage.__init__(self, root)
        self.ops = 0
        self.cut_at = cut_at

    def _tick(self):
        self.ops += 1
        return self.cut_at is not None and self.ops == self.cut_at

    def write(self, name, data):
        if self._tick():
            FileStorage.write(self, name, data[: len(data) // 2])
            raise PowerCut()
        FileStorage.write(self, name, data)

    def rename(self, old, new):
        if self._tick():
            raise PowerCut()
        FileStorage.rename(self, old, new)


def test_roundtrip(tmp_path):
    s = Saves(FileStorage(str(tmp_path)))
    s.save("game", {"turn": 3, "names": ["Ann", "Ben"], "x": None})
    assert s.load("game") == ({"turn": 3, "names": ["Ann", "Ben"], "x": None}, [])


@pytest.mark.parametrize("damage, reason", [
    (lambda d: d[:-3], "cut short"),
    (lambda d: d[:20] + bytes([d[20] ^ 0x10]) + d[21:], "checksum"),
    (lambda d: b"JUNK" + d[4:], "not a save file"),
    (lambda d: d[:4] + bytes([0]) + d[5:], "another version"),
    (lambda d: b"", "not a save file"),
])
def test_decode_names_the_damage(damage, reason):
    data = encode({"a": 1, "b": [1, 2, 3]})
    with pytest.raises(SaveError) as e:
        decode(damage(data))
    assert reason in str(e.value)


def test_damaged_file_falls_back_to_backup_and_is_reported(tmp_path):
    st = FileStorage(str(tmp_path))
    s = Saves(st)
    s.save("game", {"turn": 1})
    s.save("game", {"turn": 2})
    data = st.read("game")
    st.write("game", data[:-1] + bytes([data[-1] ^ 1]))
    obj, problems = s.load("game")
    assert obj == {"turn": 1}
    assert problems and "checksum" in problems[0]


def test_damaged_main_never_overwrites_the_good_backup(tmp_path):
    st = FileStorage(str(tmp_path))
    s = Saves(st)
    s.save("game", {"turn": 1})
    s.save("game", {"turn": 2})
    st.write("game", b"garbage")
    s.save("game", {"turn": 3})  # the bad main must not become the backup
    assert decode(st.read("game.bak")) == {"turn": 1}
    assert s.load("game") == ({"turn": 3}, [])


def test_missing_save_is_none_without_problems(tmp_path):
    assert Saves(FileStorage(str(tmp_path))).load("nothing") == (None, [])


@pytest.mark.parametrize("cut_at", [1, 2, 3])
def test_power_cut_at_every_step_keeps_a_good_save(tmp_path, cut_at):
    root = str(tmp_path)
    good = Saves(FileStorage(root))
    good.save("game", {"turn": 1})
    good.save("game", {"turn": 2})
    flaky = Saves(FlakyStorage(root, cut_at))
    with pytest.raises(PowerCut):
        flaky.save("game", {"turn": 3})
    obj, _problems = Saves(FileStorage(root)).load("game")
    assert obj in ({"turn": 2}, {"turn": 3})
    # and the next save after the cut works and wins
    after = Saves(FileStorage(root))
    after.save("game", {"turn": 4})
    assert after.load("game")[0] == {"turn": 4}


def test_storage_that_loses_data_is_refused(tmp_path):
    class Forgetful(FileStorage):
        def write(self, name, data):
            FileStorage.write(self, name, data[:-1])
    s = Saves(Forgetful(str(tmp_path)))
    with pytest.raises(SaveError):
        s.save("game", {"a": 1})


def test_delete_removes_every_copy(tmp_path):
    st = FileStorage(str(tmp_path))
    s = Saves(st)
    s.save("g", {"a": 1})
    s.save("g", {"a": 2})
    assert s.exists("g")
    s.delete("g")
    assert not s.exists("g") and s.load("g") == (None, [])


def test_adler32_matches_zlib():
    import zlib
    data = bytes(range(256)) * 300
    assert saves_mod.adler32(data) == zlib.adler32(data)


class Recorder(FileStorage):
    """FileStorage that stops (a PowerCut) before its n-th remove."""

    def __init__(self, root, cut_remove=None):
        FileStorage.__init__(self, root)
        self.removes = 0
        self.cut_remove = cut_remove

    def remove(self, name):
        self.removes += 1
        if self.removes == self.cut_remove:
            raise PowerCut()
        FileStorage.remove(self, name)


@pytest.mark.parametrize("cut_remove", [1, 2, 3])
def test_a_cut_delete_never_brings_back_an_older_save(tmp_path, cut_remove):
    root = str(tmp_path)
    s = Saves(FileStorage(root))
    s.save("game", {"turn": 1})
    s.save("game", {"turn": 2})  # the finished game's last save; turn 1 is its backup
    with pytest.raises(PowerCut):
        Saves(Recorder(root, cut_remove)).delete("game")
    obj, _problems = Saves(FileStorage(root)).load("game")
    assert obj in (None, {"turn": 2})


def test_the_newest_copy_left_as_tmp_is_adopted_on_load(tmp_path):
    """Cut between the two renames: NAME.bak and NAME.tmp only. The load makes the .tmp the
    main file (the old main already is the .bak), so the next save cannot overwrite it."""
    root = str(tmp_path)
    st = FileStorage(root)
    s = Saves(st)
    s.save("game", {"turn": 1})
    s.save("game", {"turn": 2})
    st.rename("game", "game.bak")
    st.write("game.tmp", encode({"turn": 3}))
    assert s.load("game") == ({"turn": 3}, [])
    assert decode(st.read("game")) == {"turn": 3} and decode(st.read("game.bak")) == {"turn": 2}
    assert not st.exists("game.tmp")
    with pytest.raises(PowerCut):  # the next save is cut in its first write
        Saves(FlakyStorage(root, 1)).save("game", {"turn": 4})
    assert Saves(FileStorage(root)).load("game")[0] == {"turn": 3}


def test_an_adopted_tmp_keeps_the_old_main_as_backup(tmp_path):
    st = FileStorage(str(tmp_path))
    s = Saves(st)
    s.save("game", {"turn": 1})
    s.save("game", {"turn": 2})
    st.write("game.tmp", encode({"turn": 3}))  # cut before the renames
    assert s.load("game") == ({"turn": 3}, [])
    assert decode(st.read("game.bak")) == {"turn": 2} and not st.exists("game.tmp")


def test_load_adopts_nothing_on_read_only_storage(tmp_path):
    class ReadOnly(FileStorage):
        def rename(self, old, new):
            raise OSError(30)  # EROFS
    st = FileStorage(str(tmp_path))
    Saves(st).save("game", {"turn": 1})
    st.write("game.tmp", encode({"turn": 2}))
    assert Saves(ReadOnly(str(tmp_path))).load("game") == ({"turn": 2}, [])


def is_game(obj):
    return obj["turn"] >= 0  # KeyError, TypeError, or False: not a game's save


@pytest.mark.parametrize("wrong", [[1, 2], {"round": 1}, {"turn": -1}])
def test_a_save_of_the_wrong_shape_falls_back_to_the_backup(tmp_path, wrong):
    st = FileStorage(str(tmp_path))
    s = Saves(st)
    s.save("game", {"turn": 1})
    s.save("game", wrong)  # a good checksum around the wrong contents
    obj, problems = s.load("game", is_game)
    assert obj == {"turn": 1}
    assert len(problems) == 1 and problems[0].startswith(saves_mod.NEWEST) and "contents" in problems[0]
    assert s.load("game") == (wrong, [])  # without a check, any contents load


def test_a_tmp_of_the_wrong_shape_is_not_adopted(tmp_path):
    st = FileStorage(str(tmp_path))
    s = Saves(st)
    s.save("game", {"turn": 1})
    st.write("game.tmp", encode({"round": 2}))
    obj, problems = s.load("game", is_game)
    assert obj == {"turn": 1} and problems[0].startswith(saves_mod.UNFINISHED)
    assert decode(st.read("game")) == {"turn": 1}


def test_every_copy_of_the_wrong_shape_loads_nothing_and_says_so(tmp_path):
    s = Saves(FileStorage(str(tmp_path)))
    s.save("game", {"round": 1})
    s.save("game", {"round": 2})
    obj, problems = s.load("game", is_game)
    assert obj is None
    assert [p.split(":")[0] for p in problems] == [saves_mod.NEWEST, saves_mod.OLDER]


def test_problems_name_the_copy_in_a_players_words(tmp_path):
    st = FileStorage(str(tmp_path))
    s = Saves(st)
    s.save("game", {"turn": 1})
    s.save("game", {"turn": 2})
    st.write("game.tmp", b"PPSV\x01")
    st.write("game", st.read("game")[:-2])
    obj, problems = s.load("game")
    assert obj == {"turn": 1}
    assert problems == [saves_mod.UNFINISHED + ": not a save file",
                        saves_mod.NEWEST + ": cut short (8 of 10 bytes)"]


def test_a_save_without_a_load_first_keeps_a_complete_tmp(tmp_path):
    """A new game started over a save cut between its renames (NAME.bak and NAME.tmp): the
    new game's first save, cut in its write, must not leave the older NAME.bak as the save."""
    root = str(tmp_path)
    st = FileStorage(root)
    s = Saves(st)
    s.save("game", {"turn": 1})
    s.save("game", {"turn": 2})
    st.rename("game", "game.bak")
    st.write("game.tmp", encode({"turn": 3}))

    class CutWrite(FileStorage):
        def write(self, name, data):
            FileStorage.write(self, name, data[:5])
            raise PowerCut()
    with pytest.raises(PowerCut):
        Saves(CutWrite(root)).save("game", {"turn": 100})
    assert Saves(FileStorage(root)).load("game")[0] == {"turn": 3}


def test_storage_remove_is_quiet_only_about_a_missing_file(tmp_path, monkeypatch):
    """A delete on read-only storage must say so (launch.take and the Resume menu's delete
    rely on it), not pass as done."""
    import errno
    import os
    st = FileStorage(str(tmp_path))
    st.remove("never-there")
    st.write("f", b"1")

    def read_only(path):
        raise OSError(errno.EROFS, "read-only file system")
    monkeypatch.setattr(os, "remove", read_only)
    with pytest.raises(OSError):
        st.remove("f")
    with pytest.raises(OSError):
        Saves(st).delete("f")


def test_a_save_checks_the_copy_it_replaces_before_it_makes_the_new_text(tmp_path, monkeypatch):
    """Never both whole in memory: the old copy is read and checked (to be kept as NAME.bak)
    before the new text is encoded (a mid-turn save holds Undo's copy of the game, and two
    whole copies at once ran out of memory at the console's heap cap)."""
    order = []
    storage = FileStorage(str(tmp_path))
    real_read, real_encode = storage.read, saves_mod.encode
    monkeypatch.setattr(storage, "read", lambda name: order.append("read " + name) or real_read(name))
    monkeypatch.setattr(saves_mod, "encode", lambda obj: order.append("encode") or real_encode(obj))
    saves = Saves(storage)
    saves.save("g", {"n": 1})
    del order[:]
    saves.save("g", {"n": 2})
    assert order == ["read g", "encode", "read g.tmp"]
    assert saves.load("g") == ({"n": 2}, []) and decode(real_read("g.bak")) == {"n": 1}
