"""The rules page in Polish, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "Od 2 do 4 graczy, po 7 kamieni; każdy wpłaca stawkę do banku.",
    "Kto ma dublet 6-6, kładzie go na środku i zaczyna. Dublet ma cztery strony: N, E, S i W.",
    "Najpierw krzyż: po kolei dokładaj kamień z 6 na wolną stronę, szóstką do dubletu. Bez szóstki: pas.",
    "Gdy wszystkie cztery strony są zajęte, dokładaj na koniec dowolnego ramienia, te same oczka się stykają. Nic nie pasuje: pas.",
    "Pierwszy bez kamieni bierze 3/4 banku, drugi resztę. Wszyscy zablokowani: miejsca biorą najniższe sumy; remisy się dzielą, nieparzysty żeton zostaje w banku.",
    "Kto nie może zapłacić stawki, odpada. Mecz: 10 partii lub jeden gracz w grze; wygrywa najwięcej żetonów.",
)
