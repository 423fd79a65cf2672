"""Domino Uno's own phrases in LANG (pips.lang): what the table, the
results and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.domino_uno.rules_fa",  # the rules page
    "blocked": "last turn: lowest count wins",
}
