"""The terminal game's catalogues, one per language (in the order of
pips.lang.CODES): the phrases only the terminal says, desktop-side."""

CATALOGUES = ("pips_sim.words.en", "pips_sim.words.cs", "pips_sim.words.pl", "pips_sim.words.fa")
