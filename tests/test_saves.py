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
