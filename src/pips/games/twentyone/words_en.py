"""Twenty-one's own phrases in English (pips.lang): what the table, the
results and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.twentyone.rules_en",  # the rules page
    "total": "= {0}",
    "over": "= {0} over",
}
