"""Draw's short rules page (Game.rules()): data only, loaded when the page is
opened, so that a match on the handheld does not hold its text."""

RULES = (
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
