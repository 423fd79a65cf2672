"""Twenty-one (Jedenadvacet in the Czech booklet): draw tiles towards 21 pips
without going over.

This package is the whole game: `game` holds it (the rules as code, its
notation, why a move is refused, the referee's table), `rules_en` its rules
page, loaded when a page is opened. This file is what the title screen
reads, without loading the game."""

NAME = "twentyone"
TITLE = "Twenty-one"
