"""The game's own phrases in Czech (pips.lang): what the table, the results
and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.domino_uno.rules_cs",  # the rules page
    "blocked": "poslední tah: vyhrává nižší součet",
}
