"""Solitaire's own phrases in English (pips.lang): what the table, the
results and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.solo.rules_en",  # the rules page
    "won": "won: all {0} tiles in the line",
    "lost": "lost: {0} of {1} tiles in the line",
}
