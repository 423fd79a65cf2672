"""The rules page in Czech, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "2 hráči, každý 7 kostek; zbylých 14 tvoří zálohu.",
    "Přikládej na jeden nebo druhý konec řady, stejná oka k sobě; kdo má pasující kostku, musí přiložit.",
    "Nic nepasuje: ber ze zálohy po jedné kostce, dokud některá nepasuje, a tu přilož. Ze zálohy bere i hráč bez kostek, dokud záloha vydrží.",
    "Záloha je prázdná a nic nepasuje: DÁL.",
    "Záloha prázdná a něčí ruka prázdná: ten hráč hru vyhrává. Nikdo nemůže přiložit: vyhrává nižší součet ok; při rovnosti nerozhodně.",
    "Začínající se střídá. Zápas vyhrává, kdo první vyhraje 3 hry (volitelně 1, 5 nebo 7).",
)
