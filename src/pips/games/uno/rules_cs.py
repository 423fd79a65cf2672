"""The rules page in Czech, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "Přikládej kartu stejné barvy, čísla nebo symbolu. W a W+4 jdou na cokoli a volí barvu.",
    "Nemůžeš nebo nechceš hrát? Vezmi si jednu kartu; můžeš ji hned zahrát, nebo si ji nechat.",
    "S vynechá dalšího hráče, V obrací směr, +2 mu dá 2 karty a ztratí tah.",
    "W+4: další hráč bere 4 a ztrácí tah, nebo namítne: blaf (měl jsi tu barvu) tě stojí 4, poctivé +4 jeho 6.",
    "Když ti zbývá jedna karta, stiskni UNO! spolu s kartou. Zapomenuté UNO mohou ostatní chytit: trest 4 karty (nebo 2).",
    "Kdo je první venku, získá body karet v rukou ostatních: čísla podle hodnoty, S V +2 po 20, W W+4 po 50.",
    "Vyhrává první, kdo dosáhne cíle (500 nebo 200); jedna hra končí po jediném kole.",
)
