"""Draw's rules page in English, as the screens show it (Draw.rules()): data
only, loaded when a page is opened, so that a match does not hold its text."""

PAGE = (
    "2 players, 7 tiles each; the other 14 are the reserve.",
    "Lay a tile on either end of the line with equal pips touching;"
    " with a tile that fits you must lay.",
    "Nothing fits: draw one tile at a time until one fits, then lay it."
    " An empty hand draws too while the reserve lasts.",
    "Reserve empty and nothing fits: pass.",
    "Reserve empty and a hand empty: that player wins the hand. Nobody can"
    " lay: the lower count wins; equal counts tie.",
    "The starter alternates. First to win 3 hands (1, 5 or 7 as an option)"
    " wins the match.",
)
