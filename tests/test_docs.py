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
    made = images.make(str(tmp_path))
    assert len(made) > 3 * len(images.GALLERY)
    for path in made:
        name = os.path.relpath(path, str(tmp_path))
        with open(path, "rb") as f:
            fresh = f.read()
        kept = os.path.join(images.IMG, name)
        if not os.path.exists(kept):
            stale.append(name + " (missing)")
            continue
        with open(kept, "rb") as f:
            if f.read() != fresh:
                stale.append(name)
    assert not stale, "docs/img out of date: %s (run make images)" % ", ".join(stale)


def test_the_gallery_shows_every_game_at_every_panel_size():
    """docs/gallery.md shows each game's table on each panel size (the
    pictures are the goldens of the test above), each of that size."""
    import struct

    with open(os.path.join(ROOT, "docs", "gallery.md")) as f:
        page = f.read()
    shown = re.findall(r"img/gallery/(\d+x\d+)/([\w-]+)\.png", page)
    want = [(size, name) for size, board, name in images.gallery()]
    assert sorted(shown) == sorted(want)
    for size, name in want:
        with open(os.path.join(images.IMG, "gallery", size, name + ".png"), "rb") as f:
            head = f.read(24)
        width, height = struct.unpack(">II", head[16:24])  # the PNG's IHDR
        scale = width // int(size.split("x")[0])
        assert scale >= 1 and (width, height) == tuple(scale * int(v) for v in size.split("x")), name


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
