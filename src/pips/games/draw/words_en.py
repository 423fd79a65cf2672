"""Draw's own phrases in English (pips.lang): what the table, the
results and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.draw.rules_en",  # the rules page
    "blocked": "blocked: lowest count wins",
    "stock": "Reserve",
}
