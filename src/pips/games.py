"""The registry of games: name to title and class, so a new game drops in here only.

The title screen lists the titles without importing a single game: a game's
module is imported only when that game is chosen (on a device each one costs
kilobytes of heap). A title here is the game class's own `title` (a test checks).
"""

_NAMES = ("block", "uno")
_TITLES = ("Block", "UNO")


def names():
    return _NAMES


def title(name):
    return _TITLES[_NAMES.index(name)]


def get(name):
    if name == "block":
        from pips.block import Block

        return Block
    if name == "uno":
        from pips.uno import Uno

        return Uno
    raise ValueError("no game %r (try: %s)" % (name, ", ".join(names())))
