"""Block's rules page in English, as the screens show it (Block.rules()): data
only, loaded when a page is opened, so that a match does not hold its text."""

PAGE = (
    "2 players (3 or 4 as an option), 7 tiles each; the other tiles stay out"
    " of play.",
    "Lay a tile on either end of the line with matching pips touching."
    " Doubles stand crosswise.",
    "Pass only when no tile fits.",
    "First out calls domino and scores every opponent's pips.",
    "Dead end, nobody can lay: the lowest pip count wins and scores the"
    " others' pips; equal counts score nothing.",
    "The starter moves one seat on each hand. The match ends when a total"
    " reaches the target (100 or 50); the highest total wins.",
)
