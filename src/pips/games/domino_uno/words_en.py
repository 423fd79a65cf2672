"""Domino Uno's own phrases in English (pips.lang): what the table, the
results and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.domino_uno.rules_en",  # the rules page
    "blocked": "last turn: lowest count wins",
}
