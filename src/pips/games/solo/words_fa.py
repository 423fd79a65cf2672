"""The game's own phrases in Persian, shaped, in visual order (pips.lang).

Made by pips_tools.lang_build from words_fa.txt: do not edit."""

WORDS = {
    "rules": "pips.games.solo.rules_fa",
    "won": "ﻒﯾﺩﺭ ﺭﺩ ﻩﺮﻬﻣ {0} ﺮﻫ :ﺩﺮﺑ",
    "lost": "ﻒﯾﺩﺭ ﺭﺩ ﻩﺮﻬﻣ {1} ﺯﺍ {0} :ﺖﺧﺎﺑ",
}
