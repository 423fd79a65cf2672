"""Twenty-one (Jedenadvacet in the Czech booklet): draw tiles towards 21 pips
without going over.

This package is the whole game: `game` holds it (the rules as code, its
notation, why a move is refused, the referee's table), `rules_en` its rules
page, loaded when a page is opened. This file is what the title screen
reads, without loading the game."""

NAME = "twentyone"
TITLE = "Twenty-one"

# The game's name in each language of pips.lang.CODES (en, cs, pl, fa); the
# Persian one shaped and in visual order, written by pips_tools.lang_build from
# fa.txt. The game's own phrases per language: its module's WORDS.
TITLES = ("Twenty-one", "Jedenadvacet", "Oczko", "ﮏﯾﻭ‌ﺖﺴﯿﺑ")
