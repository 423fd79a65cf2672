"""The rules page in Polish, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "Od 2 do 4 graczy, po 2 kamienie, których inni nie widzą; policz swoje oczka.",
    "Po kolei od zaczynającego: dobierz (kamień z talonu) albo stój (nic więcej nie bierzesz).",
    "Ponad 21 przegrywa, choćby o jedno oczko; równo 21 od razu stoi.",
    "Gdy wszyscy stoją lub przekroczyli, wszystkie kamienie się odkrywa. Wygrywa najwyższa suma nie większa niż 21; równe najlepsze sumy dzielą wygraną.",
    "Każdy zwycięzca partii dostaje 1 punkt. Zaczynający przesuwa się co partię o jedno miejsce.",
    "Mecz: określona liczba partii (5) albo kto pierwszy wygra określoną liczbę partii.",
)
