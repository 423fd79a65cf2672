"""Twenty-one's rules page in English, as the screens show it (Twentyone.rules()): data
only, loaded when a page is opened, so that a match does not hold its text."""

PAGE = (
    "2 to 4 players, 2 tiles each, unseen by the others; count your pips.",
    "In turn, from the starter: hit (take a tile from the stock) or stand"
    " (take no more).",
    "Over 21 loses, even by one pip; exactly 21 stands at once.",
    "When everyone has stood or gone over, all tiles are shown. The highest"
    " total not over 21 wins; equal best totals share the win.",
    "Each winner of a hand scores 1. The starter moves one seat on each hand.",
    "The match: a number of hands (5), or first to a number of hands won.",
)
