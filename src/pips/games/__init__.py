"""The registry: every game, in the order the title screen lists them, and
each game found by its name.

A game is a package of its own, pips.games.<package>: its __init__ is the
game's card (NAME, TITLE: what the title screen reads, without loading the
game), its module `game` holds the game (the class, registered at its
bottom as GAME), and `rules_en` its rules page. Registering a game is one
line in GAMES below; everything else (the title, the set-up, the command
line, the bots, the tools and the tests) takes the games from here.

A game's module is loaded the first time the game is asked for (get), not
before: a handheld that keeps its code in RAM holds only the games played.
"""

from pips.games import bergen, block, domino_uno, draw, matador, solo, twentyone, uno

# The games in the title screen's order: (its card, the module holding its class).
GAMES = (
    (block, "pips.games.block.game"),
    (uno, "pips.games.uno.game"),
    (draw, "pips.games.draw.game"),
    (matador, "pips.games.matador.game"),
    (bergen, "pips.games.bergen.game"),
    (twentyone, "pips.games.twentyone.game"),
    (solo, "pips.games.solo.game"),
    (domino_uno, "pips.games.domino_uno.game"),
)


def names():
    """The games' names, in the title screen's order."""
    return [card.NAME for card, _ in GAMES]


def title(name):
    """The title of the game registered as `name`."""
    return _entry(name)[0].TITLE


def get(name):
    """The game class registered as `name` (its module loaded when first
    asked for); ValueError naming the games when there is none."""
    module = _entry(name)[1]
    return __import__(module, None, None, ("GAME",)).GAME


def card(name):
    """The card of the game registered as `name` (its package: NAME, TITLE,
    and the tables of its words and rules pages per language, pips.lang);
    None for a game not registered (a test's own)."""
    for entry in GAMES:
        if entry[0].NAME == name:
            return entry[0]
    return None


def _entry(name):
    for entry in GAMES:
        if entry[0].NAME == name:
            return entry
    raise ValueError("no game %r (try: %s)" % (name, ", ".join(names())))
