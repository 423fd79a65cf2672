"""The game's own phrases in Czech (pips.lang): what the table, the results
and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.block.rules_cs",  # the rules page
    "blocked": "slepá ulička: vyhrává nižší součet",
    "r.over": "hra skončila",
    "r.turn": "na tahu je P{2}, ne P{3}",
    "r.lay_first": "první kostku je třeba položit: DÁL nelze",
    "r.must_lay": "P{1} může přiložit kostku, DÁL tedy nesmí",
    "r.no_move": "takový tah ve hře Slepá ulička není: {0}",
    "r.not_in_hand": "{0} v ruce P{2} není",
    "r.double": "dubl se klade jen jedním směrem: hraj ho jako {0}",
    "r.not_at_end": "{0} nepasuje na {1} konec ({2})",
    "left": "levý",
    "right": "pravý",
}
