"""The README's promises: its two set-up commands, and a picture of every screen that is made
from the real firmware (tools/screenshots.py remakes them; web.png comes from the browser tests)."""
import os
import re

import pytest
import screenshots
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _readme():
    with open(os.path.join(ROOT, "README.md")) as f:
        return f.read()


def test_every_picture_in_the_readme_exists_and_is_remade_by_the_tool():
    pictures = re.findall(r"\]\((docs/screens/[\w.-]+\.png)\)", _readme())
    assert len(pictures) >= 20
    made = ({name for name, _, _ in screenshots.SHOTS} | {name for name, _ in screenshots.GOLDEN_SHOTS} |
            {shot[0] for shot in screenshots.LINK_SHOTS})
    for path in pictures:
        assert os.path.exists(os.path.join(ROOT, path)), path
        name = os.path.basename(path)[:-4]
        assert name in made or name == "web", "%s is not made by tools/screenshots.py" % path
    for name in made:  # golden shots need their golden frame
        assert os.path.exists(os.path.join(ROOT, "docs", "screens", name + ".png")), name


def test_the_two_setup_commands():
    block = re.search(r"## Set up.*?```sh\n(.*?)```", _readme(), re.S).group(1)
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["make sim", "make test"]
    with open(os.path.join(ROOT, ".ci", "run")) as f:
        assert "make test" in f.read()


@pytest.mark.parametrize("name", [n for n, _, _ in screenshots.SHOTS] + [n for n, _ in screenshots.GOLDEN_SHOTS] +
                         [shot[0] for shot in screenshots.LINK_SHOTS])
def test_the_pictures_show_the_firmware_as_it_is(name, tmp_path):
    """A screen that changed without `make screenshots` would leave the README showing an old one."""
    script = dict((n, s) for n, _, s in screenshots.SHOTS).get(name)
    linked = dict((shot[0], shot[2:]) for shot in screenshots.LINK_SHOTS).get(name)
    if script is not None:
        made = screenshots.shoot(name, script, out=str(tmp_path))
    elif linked is not None:
        made = screenshots.shoot_linked(name, linked[0], linked[1], out=str(tmp_path))
    else:
        made = screenshots.golden_png(name, out=str(tmp_path))
    with Image.open(made) as new, Image.open(os.path.join(ROOT, "docs", "screens", name + ".png")) as old:
        assert new.size == old.size and new.convert("RGB").tobytes() == old.convert("RGB").tobytes(), (
            "docs/screens/%s.png is out of date: run `make screenshots`" % name)


DOCS = ["README.md", "hal/README.md", "boards/README.md"] + sorted(
    "docs/" + f for f in os.listdir(os.path.join(ROOT, "docs")) if f.endswith(".md"))
PATH = re.compile(r"`((?:firmware|hal|boards|sim|tools|tests|docs|web|data)/[A-Za-z0-9_./-]+)(.?)")


@pytest.mark.parametrize("doc", DOCS)
def test_the_docs_name_files_and_functions_that_exist_and_no_machine_path(doc):
    with open(os.path.join(ROOT, doc)) as f:
        text = f.read()
    for machine in ("/work/", "/home/", "/root/", "/Users/"):
        assert machine not in text, "%s names a path of one machine (%s...): cite ../shared/... or a title" % (
            doc, machine)
    for m in PATH.finditer(text):
        path, after = m.group(1).rstrip(".,:;"), m.group(2)
        if after in "<{*":          # a pattern: tests/test_<id>_app.py
            continue
        if os.path.exists(os.path.join(ROOT, path)):
            continue
        module, _, name = path.rpartition(".")    # tools/_path.game_modules: a module's function
        assert module and os.path.exists(os.path.join(ROOT, module + ".py")), "%s names %s, which does not exist" % (
            doc, path)
        with open(os.path.join(ROOT, module + ".py")) as f:
            assert re.search(r"^(def|class) %s\b|^%s = " % (name, name), f.read(), re.M), "%s names %s" % (doc, path)
