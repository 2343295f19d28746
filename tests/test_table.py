"""core.table: what the table games' screens share."""
import pytest
from hal.keys import K_MENU
from core.rules import Illegal
from core.session import QuitGame
from core import table


class Game:
    def __init__(self, over):
        self.over = over

    def is_over(self):
        return self.over

    def apply(self, a):
        if a == "bad":
            raise Illegal("not like that")


class Ctx:
    def __init__(self, answer):
        self.answer = answer

    def open_menu(self):
        return self.answer


class Ui:
    def __init__(self, keys):
        self.keys = list(keys)

    def wait_key(self):
        return self.keys.pop(0)


class App(table.TableApp):
    def __init__(self, over=False, answer="quit", keys=()):
        self.game = Game(over)
        self.ctx = Ctx(answer)
        self.ui = Ui(keys)
        self.saved = 0
        self.refused = []

    def save(self):
        self.saved += 1

    def refuse(self, reason):
        self.refused.append(reason)


def test_save_and_quit_saves_a_running_game():
    app = App(over=False)
    with pytest.raises(QuitGame):
        app.menu()
    assert app.saved == 1


def test_save_and_quit_on_a_finished_game_does_not_save_it_again():
    app = App(over=True)
    with pytest.raises(QuitGame):
        app.menu()
    assert app.saved == 0


def test_resume_returns_to_the_game():
    app = App(answer="resume", keys=[K_MENU, 16])
    assert app.key() == 0 and app.key() == 16
    assert table.LIVE["waiting"] == "decide" and app.saved == 0


def test_refused_actions_show_the_reason():
    app = App()
    assert app.apply("good") is True
    assert app.apply("bad") is False and app.refused == ["not like that"]
