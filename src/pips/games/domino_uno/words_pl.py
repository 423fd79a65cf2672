"""The game's own phrases in Polish (pips.lang): what the table, the results
and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.domino_uno.rules_pl",  # the rules page
    "blocked": "ostatnia kolejka: wygrywa niższa suma",
}
