"""What the player is told about damaged saves, and what is offered: the settings (which copy
was used, what was lost), a game's save that cannot be read at all (delete it, or keep it),
and the dice roller's statistics file."""
import pytest
from core import saves as saves_mod
from core.saves import Saves, encode, decode
from core.settings import Settings, is_settings
from hal.storage import FileStorage
from screen import play, has_text, open_game_keys, golden


def storage(tmp_path):
    (tmp_path / "saves").mkdir(exist_ok=True)
    return FileStorage(str(tmp_path / "saves"))


def two_settings(tmp_path, older, newest):
    st = storage(tmp_path)
    s = Saves(st)
    s.save("settings", older)
    s.save("settings", newest)
    return st


def damage(st, name):
    data = st.read(name)
    st.write(name, data[:-1] + bytes([data[-1] ^ 1]))


def test_settings_from_the_older_copy_are_reported_as_such(tmp_path):
    st = two_settings(tmp_path, {"contrast": 3}, {"contrast": 0})
    damage(st, "settings")
    c = play("", saves=str(tmp_path))
    assert c.model.contrast == 255  # the older copy's Bright
    assert has_text(c, "The newest settings") and not has_text(c, "defaults")
    golden(c, "settings_older")
    c = play("A", saves=str(tmp_path))  # dismissed, and put right: said once
    assert has_text(c, "pocket-party")
    assert Saves(st).load("settings") == ({"contrast": 3, "sound": True, "repeat": 1, "sleep": 1,
                                           "last_game": "", "names": []}, [])
    c = play("", saves=str(tmp_path))
    assert has_text(c, "pocket-party") and c.model.contrast == 255


@pytest.mark.parametrize("garbage", ["random", "header", "empty"])
def test_garbage_in_the_settings_file_uses_the_older_copy_and_says_so(tmp_path, garbage):
    # issue 14: not a flipped byte but a file of anything (random bytes, a save's header and
    # junk, nothing at all) with a good settings.bak: the backup is used, not the defaults
    import random
    st = two_settings(tmp_path, {"contrast": 3}, {"contrast": 0})
    st.write("settings", {"random": bytes(random.Random(14).randrange(256) for _ in range(300)),
                          "header": st.read("settings")[:5] + b"garbage", "empty": b""}[garbage])
    c = play("", saves=str(tmp_path))
    assert c.model.contrast == 255  # the older copy's Bright
    assert has_text(c, "The newest settings") and has_text(c, "the ones saved") and not has_text(c, "defaults")
    play("A", saves=str(tmp_path))  # dismissed: the damaged copy is replaced by the one used
    data, problems = Saves(st).load("settings")
    assert problems == [] and data["contrast"] == 3


def test_settings_cut_while_saving_say_that_change_is_lost(tmp_path):
    st = two_settings(tmp_path, {"contrast": 1}, {"contrast": 3})
    st.write("settings.tmp", encode({"contrast": 0})[:-4])  # the power went during this write
    c = play("", saves=str(tmp_path))
    assert c.model.contrast == 255  # the newest complete copy
    assert has_text(c, "The power went") and not has_text(c, "defaults")


def test_settings_with_no_readable_copy_say_defaults(tmp_path):
    st = two_settings(tmp_path, {"contrast": 3}, {"contrast": 0})
    damage(st, "settings")
    damage(st, "settings.bak")
    c = play("", saves=str(tmp_path))
    assert c.model.contrast == 128  # the default, Medium
    assert has_text(c, "defaults")


def test_settings_shape_check():
    assert is_settings({"contrast": 1}) and is_settings(Settings().to_save())
    for wrong in ([1, 2], "settings", {"counts": [1, 2, 3, 4, 5, 6]}, None):
        assert not is_settings(wrong)


def test_settings_of_the_wrong_shape_fall_back_to_the_older_copy(tmp_path):
    st = two_settings(tmp_path, {"contrast": 3}, {"counts": [1, 2, 3, 4, 5, 6]})
    obj, problems = Saves(st).load("settings", is_settings)
    assert obj == {"contrast": 3} and problems[0].startswith(saves_mod.NEWEST)


def damaged_dice_save(tmp_path):
    play(" ".join(open_game_keys("dice") + ["B"]), saves=str(tmp_path))
    st = FileStorage(str(tmp_path / "saves"))
    for name in ("dice", "dice.bak"):
        if st.exists(name):
            damage(st, name)
    return st


def test_a_save_that_cannot_be_read_is_not_offered_as_resume_and_can_be_deleted(tmp_path):
    # issue 14: when both copies are bad the menu offers no Resume, but the damaged save
    # in its place: A says why and offers to delete it, B keeps it (and still no Resume)
    st = damaged_dice_save(tmp_path)
    menu = open_game_keys("dice")[:-1]  # the game menu
    c = play(" ".join(menu), saves=str(tmp_path))
    assert has_text(c, "Damaged save") and has_text(c, "New game") and not has_text(c, "Resume")
    golden(c, "save_damaged")
    c = play(" ".join(menu + ["A"]), saves=str(tmp_path))  # the damaged save is the first item
    assert has_text(c, "Save unreadable.")
    golden(c, "save_unreadable")
    c = play(" ".join(menu + ["A", "A"]), saves=str(tmp_path))
    assert has_text(c, "Delete the damaged")
    kept = st.read("dice")
    c = play(" ".join(menu + ["A", "A", "B"]), saves=str(tmp_path))  # B: kept as it is
    assert st.read("dice") == kept
    assert has_text(c, "Damaged save") and not has_text(c, "Resume")
    c = play(" ".join(menu + ["A", "A", "A"]), saves=str(tmp_path))  # A: deleted
    assert not Saves(st).exists("dice")
    assert has_text(c, "New game") and not has_text(c, "Resume") and not has_text(c, "Damaged")


@pytest.mark.parametrize("game_id", ["clever", "dizzle", "cookie", "words", "dice"])
def test_no_game_offers_resume_when_no_copy_of_its_save_loads(tmp_path, game_id):
    st = storage(tmp_path)
    Saves(st).save(game_id, {"game": 1})
    Saves(st).save(game_id, {"game": 2})
    damage(st, game_id)
    c = play(" ".join(open_game_keys(game_id)[:-1]), saves=str(tmp_path))
    assert has_text(c, "Resume") and not has_text(c, "Damaged save")  # the older copy loads
    damage(st, game_id + ".bak")
    c = play("A", saves=str(tmp_path))  # the launcher's cursor is on the game now
    assert has_text(c, "Damaged save") and not has_text(c, "Resume")


def wrong_shape_dice_save(tmp_path):
    """A dice save whose checksum is right but which is not a dice save (another version's),
    over a good one (dice.bak)."""
    play(" ".join(open_game_keys("dice") + ["RIGHT"] * 5 + ["A", "B"]), saves=str(tmp_path))
    st = storage(tmp_path)
    good = Saves(st).load("dice")[0]
    Saves(st).save("dice", {"game": "from another version"})
    return st, good


def test_a_dice_save_of_the_wrong_shape_resumes_the_copy_before_it(tmp_path):
    # issue 19.5 for the dice roller: it stopped with "Game stopped" on every Resume
    st, good = wrong_shape_dice_save(tmp_path)
    resume = open_game_keys("dice")
    c = play(" ".join(resume), saves=str(tmp_path))
    assert has_text(c, "The newest save did") and has_text(c, "one before it is") and not has_text(c, "Game stopped")
    c = play(" ".join(resume + ["A"]), saves=str(tmp_path))
    assert has_text(c, "Roll all") and has_text(c, "sum %d" % sum(good["game"]["dice"]))
    assert decode(st.read("dice"))["game"] == good["game"]   # saved again in this version's shape


@pytest.mark.parametrize("game_id", ["dice", "clever", "dizzle", "cookie", "words"])
def test_a_save_no_copy_of_which_fits_is_offered_for_deletion_not_as_resume(tmp_path, game_id):
    # both copies whole but of another version's shape: Resume says so and offers to
    # delete it; kept (B), the game's menu then offers no Resume but the damaged save
    st = storage(tmp_path)
    Saves(st).save(game_id, {"x": 1})
    Saves(st).save(game_id, {"game": "from another version"})
    kept = st.read(game_id)
    c = play(" ".join(open_game_keys(game_id)), saves=str(tmp_path))
    assert has_text(c, "Delete it?") and not has_text(c, "Game stopped")
    back = ["A", "A", "B", "A"]     # (the cursor is on the game now) Resume, B keeps it, the game menu
    c = play(" ".join(back), saves=str(tmp_path))
    assert st.read(game_id) == kept
    assert has_text(c, "Damaged save") and not has_text(c, "Resume")
    c = play(" ".join(back + ["A"]), saves=str(tmp_path))
    assert has_text(c, "Save does not fit")
    c = play(" ".join(back + ["A", "A", "A"]), saves=str(tmp_path))  # deleted after all
    assert not Saves(st).exists(game_id) and has_text(c, "New game") and not has_text(c, "Damaged")


def test_after_deleting_a_dice_save_that_did_not_fit_a_new_game_rolls(tmp_path):
    st = storage(tmp_path)
    Saves(st).save("dice", {"x": 1})
    Saves(st).save("dice", {"game": "from another version"})
    c = play(" ".join(open_game_keys("dice") + ["A"]), saves=str(tmp_path))   # Resume, A: deleted
    assert not Saves(st).exists("dice") and has_text(c, "pocket-party")
    c = play(" ".join(open_game_keys("dice")), saves=str(tmp_path))    # New game: it rolls
    assert has_text(c, "Roll all")


def stats_file(tmp_path, *copies):
    st = storage(tmp_path)
    for obj in copies:
        Saves(st).save("dicestats", obj)
    return st


NEW_DICE = open_game_keys("dice")  # fresh saves: main menu -> Dice roller -> New game


@pytest.mark.parametrize("wrong", [[1, 2, 3, 4, 5, 6], {"counts": [1, 2, 3]}, {"counts": ["1"] * 6},
                                   {"counts": None}, {"total": 6}])
def test_dice_stats_of_the_wrong_shape_are_reported_and_can_be_reset(tmp_path, wrong):
    st = stats_file(tmp_path, wrong)
    c = play(" ".join(NEW_DICE), saves=str(tmp_path))
    assert has_text(c, "Dice statistics") and has_text(c, "unreadable")
    assert not has_text(c, "Game stopped")
    c = play(" ".join(NEW_DICE + ["A"]), saves=str(tmp_path))  # A: start the count anew
    assert has_text(c, "Roll all")
    assert decode(st.read("dicestats")) == {"counts": decode(st.read("dice"))["game"]["counts"]}
    assert sum(decode(st.read("dicestats"))["counts"]) == 5  # this visit's first roll only


def test_dice_stats_with_a_bad_checksum_are_reported_and_kept_on_b(tmp_path):
    st = stats_file(tmp_path, {"counts": [9, 9, 9, 9, 9, 9]}, {"counts": [10, 9, 9, 9, 9, 9]})
    damage(st, "dicestats")
    damage(st, "dicestats.bak")
    kept = st.read("dicestats")
    c = play(" ".join(NEW_DICE), saves=str(tmp_path))
    assert has_text(c, "Dice statistics") and has_text(c, "unreadable")
    roll_and_leave = ["RIGHT"] * 5 + ["A", "B"]
    c = play(" ".join(NEW_DICE + ["B"] + roll_and_leave), saves=str(tmp_path))  # B: keep the file
    assert st.read("dicestats") == kept  # left as it was
    c = play(" ".join(open_game_keys("dice")[:-1] + ["A"] + roll_and_leave), saves=str(tmp_path))  # resumed
    assert st.read("dicestats") == kept  # still: the choice is kept with the game


def test_dice_stats_from_the_older_copy_are_used_and_said(tmp_path):
    st = stats_file(tmp_path, {"counts": [9, 9, 9, 9, 9, 9]}, {"counts": [10, 9, 9, 9, 9, 9]})
    damage(st, "dicestats")
    c = play(" ".join(NEW_DICE), saves=str(tmp_path))
    assert has_text(c, "Dice statistics") and has_text(c, "The last rolls may")
    play(" ".join(NEW_DICE + ["A"]), saves=str(tmp_path))
    assert sum(decode(st.read("dicestats"))["counts"]) == 54 + 5


def test_resuming_after_a_save_cut_short_says_the_power_went(tmp_path):
    play(" ".join(open_game_keys("dice") + ["B"]), saves=str(tmp_path))
    st = FileStorage(str(tmp_path / "saves"))
    st.write("dice.tmp", st.read("dice")[:-7])  # the next save, cut by the power
    c = play(" ".join(open_game_keys("dice")), saves=str(tmp_path))
    assert has_text(c, "The power went while") and has_text(c, "(unfinished copy:")
    c = play(" ".join(open_game_keys("dice") + ["A"]), saves=str(tmp_path))
    assert has_text(c, "Roll all")


def test_a_damaged_save_that_cannot_be_deleted_says_why_in_a_players_words(tmp_path, monkeypatch, capsys):
    # issue 19.5: read-only storage refuses the delete; the screen says so in words, the
    # error itself goes to the serial log
    st = damaged_dice_save(tmp_path)
    kept = st.read("dice")

    def refuse(self, name):
        raise OSError(30)  # EROFS
    monkeypatch.setattr(FileStorage, "remove", refuse)
    menu = open_game_keys("dice")[:-1]
    c = play(" ".join(menu + ["A", "A", "A"]), saves=str(tmp_path))
    assert has_text(c, "deleted") and has_text(c, "read-only")
    assert not has_text(c, "Errno") and not has_text(c, "30")
    assert "not deleted" in capsys.readouterr().out
    assert st.read("dice") == kept
