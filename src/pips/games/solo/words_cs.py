"""The game's own phrases in Czech (pips.lang): what the table, the results
and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.solo.rules_cs",  # the rules page
    "won": "výhra: všech {0} kostek v řadě",
    "lost": "prohra: {0} z {1} kostek v řadě",
}
