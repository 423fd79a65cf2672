"""The registry of games: each game's name, title and module, so a new game
is one module here plus one line in the tables below.

A game's module is `pips.games.<module>`; it ends with `GAME = TheClass`.
The title screen lists the titles without importing a game; `get(name)`
imports the game's module the first time it is asked for.
"""

NAMES = ("block", "uno", "draw", "matador", "bergen", "twentyone", "solo", "domino-uno")
TITLES = ("Block", "UNO", "Draw", "Matador", "Bergen", "Twenty-one", "Solitaire", "Domino Uno")


def names():
    return NAMES


def title(name):
    return TITLES[NAMES.index(name)]


def get(name):
    """The game class registered as `name`; ValueError naming the games when
    there is none."""
    if name not in NAMES:
        raise ValueError("no game %r (try: %s)" % (name, ", ".join(NAMES)))
    # `domino-uno` lives in pips.games.domino_uno
    module = __import__("pips.games." + name.replace("-", "_"), None, None, ("GAME",))
    return module.GAME
