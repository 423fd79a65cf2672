"""UNO's own phrases in English (pips.lang): what the table, the results
and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.uno.rules_en",  # the rules page
}
