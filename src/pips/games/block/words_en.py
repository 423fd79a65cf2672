"""Block's own phrases in English (pips.lang): what the table, the
results and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.block.rules_en",  # the rules page
    "blocked": "blocked: lowest count wins",
    "r.over": "the hand is over",
    "r.turn": "it is seat {0}'s turn, not seat {1}'s",
    "r.lay_first": "the first tile must be laid: no pass",
    "r.must_lay": "seat {0} can lay a tile, so may not pass",
    "r.no_move": "no such move in Block: {0}",
    "r.not_in_hand": "{0} is not in seat {1}'s hand",
    "r.double": "a double is laid one way only: play it as {0}",
    "r.not_at_end": "{0} does not match the {1} end ({2})",
    "left": "left",
    "right": "right",
}
