"""The game's own phrases in Persian, shaped, in visual order (pips.lang).

Made by pips_tools.lang_build from words_fa.txt: do not edit."""

WORDS = {
    "rules": "pips.games.twentyone.rules_fa",
    "total": "{0} =",
    "over": "ﺪﺣ ﺯﺍ ﺶﯿﺑ {0} =",
}
