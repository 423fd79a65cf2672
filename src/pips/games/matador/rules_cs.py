"""The rules page in Czech, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "2 hráči. 3 kostky se neviděné vyřadí; každý dostane 3 kostky, zbylých 19 je záloha.",
    "Přikládej tak, aby se dotýkající poloviny sečetly na 7. Na konec s 0 smí jen matador.",
    "Matadoři 0-0, 6-1, 5-2, 4-3: když nic jiného nepasuje, přilož jednoho na kterýkoli konec, libovolně otočeného.",
    "S pasující kostkou nebo matadorem musíš přiložit; bez nich ber ze zálohy po jedné, dokud nemůžeš; záloha prázdná: DÁL.",
    "Záloha prázdná a něčí ruka prázdná: ten hráč vyhrává. Nikdo nemůže přiložit: vyhrává nižší součet ok; při rovnosti nerozhodně. Pak se ukážou 3 vyřazené kostky.",
    "Začínající se střídá. Zápas vyhrává, kdo první vyhraje 3 hry (volitelně 1, 5 nebo 7).",
)
