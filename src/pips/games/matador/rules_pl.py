"""Matador's rules page in English, as the screens show it (Matador.rules()): data
only, loaded when a page is opened, so that a match does not hold its text."""

PAGE = (
    "2 players. 3 tiles are set aside unseen; 3 tiles each, the other 19 are"
    " the reserve.",
    "Attach a tile so that the touching halves add up to 7. An end showing 0"
    " takes only a matador.",
    "Matadors 0-0, 6-1, 5-2, 4-3: with no other tile that fits, lay one at"
    " either end, either way round.",
    "With a tile that fits or a matador you must lay; with neither, draw one"
    " tile at a time until you can; reserve empty: pass.",
    "Reserve empty and a hand empty: that player wins. Nobody can lay: the"
    " lower count wins; equal counts tie. The 3 tiles are then shown.",
    "The starter alternates. First to win 3 hands (1, 5 or 7 as an option)"
    " wins the match.",
)
