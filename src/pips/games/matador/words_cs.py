"""The game's own phrases in Czech (pips.lang): what the table, the results
and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.matador.rules_cs",  # the rules page
    "blocked": "slepá ulička: vyhrává nižší součet",
    "stock": "Záloha",
    "out_of_play": "mimo hru: {0}",
}
