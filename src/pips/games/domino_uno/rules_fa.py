"""DominoUno's rules page in English, as the screens show it (DominoUno.rules()): data
only, loaded when a page is opened, so that a match does not hold its text."""

PAGE = (
    "2-6 players, 9 minus the players tiles each; the rest is the stock.",
    "Lay one tile a turn on either end, matching pips touching.",
    "Nothing fits: draw one tile; lay it at once or keep it.",
    "Nothing fits and the stock is empty: take tiles back off one end until"
    " a tile you held fits, then lay one you held.",
    "Second-to-last tile: call uno with it. Until the next player acts,"
    " anyone may catch a missed call: 2 tiles from the stock.",
    "First out wins the hand: 1 point (match to 10) or the others' pips"
    " (to 250). The winner leads the next hand.",
    "At 500 turns the lowest count wins.",
)
