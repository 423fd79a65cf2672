"""The repository's own documents: the screenshots are what the code draws,
and nothing points outside the repository."""

import os
import re

from pips_tools import images

ROOT = images.ROOT


def test_readme_pictures_are_what_the_screens_draw(tmp_path):
    """Each picture in docs/img/ is made again by `make images`; one the code
    no longer draws that way fails here (run `make images` after a deliberate
    change of the screens, and look at the pictures)."""
    stale = []
    for path in images.make(str(tmp_path)):
        name = os.path.basename(path)
        with open(path, "rb") as f:
            fresh = f.read()
        with open(os.path.join(images.IMG, name), "rb") as f:
            kept = f.read()
        if fresh != kept:
            stale.append(name)
    assert not stale, "docs/img out of date: %s (run make images)" % ", ".join(stale)


def test_every_readme_picture_is_made_by_make_images():
    """README shows pictures `make images` makes, among them every game's table
    and a word on it (its rules page linked beside)."""
    from pips import games

    made = {name + ".png" for _, names in images.scripts() for name in names} | {"simulator.png"}
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    shown = set(re.findall(r"docs/img/([\w-]+\.png)", readme))
    assert shown and shown <= made
    for name in games.names():
        assert name + ".png" in shown, name
        assert "docs/rules/%s.md" % name in readme, name


def test_documents_point_nowhere_outside_the_repository():
    docs = [os.path.join(ROOT, "README.md")]
    for folder, _, names in os.walk(os.path.join(ROOT, "docs")):
        docs += [os.path.join(folder, n) for n in names if n.endswith(".md")]
    for path in docs:
        with open(path) as f:
            text = f.read()
        assert "../shared" not in text and "shared/rules" not in text, path
        for link in re.findall(r"\]\(([^)#]+)", text):
            if "://" in link:
                continue
            target = os.path.normpath(os.path.join(os.path.dirname(path), link))
            assert os.path.exists(target), "%s links to %s, which is not there" % (path, link)
