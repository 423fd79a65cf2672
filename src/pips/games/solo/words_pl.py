"""The game's own phrases in Polish (pips.lang): what the table, the results
and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.solo.rules_pl",  # the rules page
    "won": "wygrana: wszystkie {0} kamieni w łańcuchu",
    "lost": "przegrana: {0} z {1} kamieni w łańcuchu",
}
