"""Block (Slepá ulička in the Czech booklet): lay tiles on a line, equal pips
touching; first out scores the others' pips.

This package is the whole game: `game` holds it (the rules as code, its
notation, why a move is refused, the referee's table), `rules_en` its rules
page, loaded when a page is opened. This file is what the title screen
reads, without loading the game."""

NAME = "block"
TITLE = "Block"
