"""The shared phrases in Persian, shaped, in visual order (pips.lang).

Made by pips_tools.lang_build from fa.txt: do not edit."""

PHRASES = {
    "level.random": "ﯽﻓﺩﺎﺼﺗ",
    "level.easy": "ﻥﺎﺳﺁ",
    "level.greedy": "ﯽﻟﻮﻤﻌﻣ",
    "level.smart": "ﺖﺨﺳ",
    "level.human": "ﻥﺎﺴﻧﺍ",
    "dealer": "ﺖﺳﺍ ﻩﺪﻨﻨﮐ‌ﺶﺨﭘ {0}",
    "first": "ﺪﻨﮐ‌ﯽﻣ ﻉﻭﺮﺷ {0}",
    "takes": "ﺩﺭﺍﺩ‌ﯽﻣﺮﺑ ﺎﺗ {1} {0}",
    "reversed": "ﺪﺷ ﺲﮑﻋﺮﺑ ﯼﺯﺎﺑ ﺖﻬﺟ",
    "names_colour": "ﺪﻨﮐ‌ﯽﻣ ﺏﺎﺨﺘﻧﺍ ﺍﺭ ﮓﻧﺭ {0}",
    "plays_next": "ﺖﺳﺍ {0} ﺖﺑﻮﻧ",
    "first_card": "{1} ﻝﻭﺍ ﺕﺭﺎﮐ ،{0}",
    "drew": "ﺪﯿﺸﮐ ﺎﺗ {1} {0}",
    "move": "{1} :{0}",
    "fair": "ﺩﻮﺑ ﺯﺎﺠﻣ ۴+ :{0}",
    "bluff": "ﺪﺷ ﻪﺘﻓﺮﮔ ﻑﻮﻠﺑ :{0}",
    "you_take": "ﺪﯾﺭﺍﺩ‌ﯽﻣﺮﺑ ﺎﺗ {0} ﺎﻤﺷ",
    "you_drew": "{0} :ﺪﯾﺪﯿﺸﮐ",
    "into_hand": "{0} :ﺪﻣﺁ ﻥﺎﺘﺘﺳﺩ ﻪﺑ",
    "on_you": "؟ﺪﯿﻨﮐ ﺽﺍﺮﺘﻋﺍ ﺎﯾ ﺪﯾﺮﯾﺬﭙﺑ :ﺎﻤﺷ ﯼﺍﺮﺑ {0}",
    "goes_out": "ﺩﺮﮐ ﻡﺎﻤﺗ ﺍﺭ ﺶﺘﺳﺩ {0}",
    "sound": "{0} :ﺍﺪﺻ",
    "sound.on": "ﻦﺷﻭﺭ",
    "sound.off": "ﺵﻮﻣﺎﺧ",
}
