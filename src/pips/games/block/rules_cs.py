"""The rules page in Czech, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "2 hráči (volitelně 3 nebo 4), každý 7 kostek; ostatní kostky zůstanou mimo hru.",
    "Kostku přikládej na jeden nebo druhý konec řady, stejný počet ok k sobě. Dubly stojí napříč.",
    "DÁL smíš říct, jen když žádná kostka nepasuje.",
    "Kdo první přiloží poslední kostku, ohlásí DOMINO a získá oka všech soupeřů.",
    "Slepá ulička, nikdo nemůže přiložit: vyhrává nižší součet ok a získá oka ostatních; při rovnosti nikdo nic.",
    "Začínající se každou hru posouvá o místo. Zápas končí, když někdo dosáhne cíle (100 nebo 50); vyhrává nejvyšší součet.",
)
