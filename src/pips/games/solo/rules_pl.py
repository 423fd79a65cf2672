"""The rules page in Polish, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "Jeden gracz. 5 kamieni leży odkrytych; pozostałe 23 to zakryty talon.",
    "Połóż odkryty kamień jako początek łańcucha, potem dokładaj odkryte kamienie na jeden z końców, te same oczka się stykają.",
    "Dokładaj, póki któryś odkryty kamień pasuje; gdy żaden, z talonu odkrywa się tyle kamieni, ile dołożyłeś w tej rundzie.",
    "Wygrana: wszystkie 28 kamieni w łańcuchu.",
    "Przegrana: nic nie pasuje, a talon jest pusty, albo właśnie odkryte kamienie nie dają niczego, co pasuje.",
    "Każde rozdanie ma numer: wpisz go, by zagrać to samo rozdanie jeszcze raz.",
)
