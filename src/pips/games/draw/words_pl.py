"""The game's own phrases in Polish (pips.lang): what the table, the results
and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.draw.rules_pl",  # the rules page
    "blocked": "zablokowane: wygrywa niższa suma",
    "stock": "Talon",
}
