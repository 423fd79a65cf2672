"""The rules page in Czech, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "2 až 6 hráčů, každý 9 minus počet hráčů kostek; zbytek je záloha.",
    "Za tah přilož jednu kostku na jeden nebo druhý konec, stejná oka k sobě.",
    "Nic nepasuje: vezmi jednu kostku; přilož ji hned, nebo si ji nech.",
    "Nic nepasuje a záloha je prázdná: ber kostky z jednoho konce řady, dokud nepasuje některá z tvých, a tu přilož.",
    "S předposlední kostkou ohlas uno. Dokud další hráč nehraje, smí kdokoli zapomenuté uno chytit: 2 kostky ze zálohy.",
    "Kdo je první venku, vyhrává hru: 1 bod (zápas do 10) nebo oka ostatních (do 250). Vítěz začíná další hru.",
    "Po 500 tazích vyhrává nejnižší součet.",
)
