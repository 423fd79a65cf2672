"""Block (Slepá ulička in the Czech booklet): lay tiles on a line, equal pips
touching; first out scores the others' pips.

This package is the whole game: `game` holds it (the rules as code, its
notation, why a move is refused, the referee's table), `rules_en` its rules
page, loaded when a page is opened. This file is what the title screen
reads, without loading the game."""

NAME = "block"
TITLE = "Block"

# The game's name in each language of pips.lang.CODES (en, cs, pl, fa); the
# Persian one shaped and in visual order, written by pips_tools.lang_build from
# fa.txt. The game's own phrases per language: its module's WORDS.
TITLES = ("Block", "Slepá ulička", "Domino blokowe", "ﮎﻮﻠﺑ ﯼﻮﻨﯿﻣﻭﺩ")
