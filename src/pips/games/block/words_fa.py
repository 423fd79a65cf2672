"""The game's own phrases in Persian, shaped, in visual order (pips.lang).

Made by pips_tools.lang_build from words_fa.txt: do not edit."""

WORDS = {
    "rules": "pips.games.block.rules_fa",
    "blocked": "ﺖﺳﺍ ﻩﺪﻧﺮﺑ ﺮﺘﻤﮐ ﻊﻤﺟ :ﺖﺴﺑ‌ﻦﺑ",
    "r.over": "ﺖﺳﺍ ﻩﺪﺷ ﻡﺎﻤﺗ ﺖﺳﺩ",
    "r.turn": "{3}P ﻪﻧ ،ﺖﺳﺍ {2}P ﺖﺑﻮﻧ",
    "r.lay_first": "ﻪﻧ ﻥﺩﺮﮐ ﺩﺭ :ﺖﺷﺍﺬﮔ ﺪﯾﺎﺑ ﺍﺭ ﻝﻭﺍ ﻩﺮﻬﻣ",
    "r.must_lay": "ﺪﻨﮐ ﺩﺭ ﺪﻧﺍﻮﺗ‌ﯽﻤﻧ ﺲﭘ ،ﺩﺭﺍﺬﮕﺑ ﻩﺮﻬﻣ ﺪﻧﺍﻮﺗ‌ﯽﻣ {1}P",
    "r.no_move": "{0} :ﺖﺴﯿﻧ ﯼﺯﺎﺑ ﻦﯾﺍ ﺭﺩ ﯽﺘﮐﺮﺣ ﻦﯿﻨﭼ",
    "r.not_in_hand": "ﺖﺴﯿﻧ {2}P ﺖﺳﺩ ﺭﺩ {0}",
    "r.double": "ﺪﯿﻨﮐ ﯼﺯﺎﺑ {0} ﺍﺭ ﻥﺁ :ﺩﻮﺷ‌ﯽﻣ ﻪﺘﺷﺍﺬﮔ ﻑﺮﻃ ﮏﯾ ﺯﺍ ﻂﻘﻓ ﺖﻔﺟ",
    "r.not_at_end": "ﺖﺴﯿﻧ ﺭﻮﺟ ({2}) {1} ﺮﺳ ﺎﺑ {0}",
    "left": "ﭗﭼ",
    "right": "ﺖﺳﺍﺭ",
}
