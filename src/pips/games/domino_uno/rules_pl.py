"""The rules page in Polish, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "Od 2 do 6 graczy, każdy dostaje 9 minus liczba graczy kamieni; reszta to talon.",
    "W swojej kolejce dokładasz jeden kamień na jeden z końców; liczba oczek stykających się połówek musi być identyczna.",
    "Nic nie pasuje: dobierz jeden kamień; dołóż go od razu albo zatrzymaj.",
    "Nic nie pasuje, a talon jest pusty: zabierz z jednego końca łańcucha tyle kamieni, aż któryś z twoich pasuje, i dołóż go.",
    "Kładąc przedostatni kamień, powiedz uno. Póki następny gracz nie zagra, każdy może przyłapać zapomniane uno: 2 kamienie z talonu.",
    "Kto pierwszy wyłoży wszystkie kamienie, wygrywa partię: 1 punkt (mecz do 10) albo oczka pozostałych (do 250). Zwycięzca zaczyna następną partię.",
    "Po 500 kolejkach wygrywa najniższa suma oczek.",
)
