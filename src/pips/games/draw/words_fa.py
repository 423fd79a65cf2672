"""Draw's own phrases in LANG (pips.lang): what the table, the
results and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.draw.rules_fa",  # the rules page
    "blocked": "blocked: lowest count wins",
    "stock": "Reserve",
}
