"""The game's own phrases in Persian, shaped, in visual order (pips.lang).

Made by pips_tools.lang_build from words_fa.txt: do not edit."""

WORDS = {
    "rules": "pips.games.uno.rules_fa",
}
