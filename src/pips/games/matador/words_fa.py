"""The game's own phrases in Persian, shaped, in visual order (pips.lang).

Made by pips_tools.lang_build from words_fa.txt: do not edit."""

WORDS = {
    "rules": "pips.games.matador.rules_fa",
    "blocked": "ﺖﺳﺍ ﻩﺪﻧﺮﺑ ﺮﺘﻤﮐ ﻊﻤﺟ :ﺖﺴﺑ‌ﻦﺑ",
    "stock": "ﻩﺮﯿﺧﺫ",
    "out_of_play": "{0} :ﯼﺯﺎﺑ ﺯﺍ ﻥﻭﺮﯿﺑ",
}
