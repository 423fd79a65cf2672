"""UNO, the 108-card game (from a Persian page): shed your cards by colour or
rank, with action cards and wilds; call UNO on your last card.

This package is the whole game: `game` holds it (the rules as code, its
notation, why a move is refused, the referee's table), `rules_en` its rules
page, loaded when a page is opened. This file is what the title screen
reads, without loading the game."""

NAME = "uno"
TITLE = "UNO"
