"""The rules page in Polish, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "Dokładaj kartę w tym samym kolorze, z tą samą liczbą lub symbolem. W i W+4 pasują do wszystkiego i wybierają kolor.",
    "Nie możesz lub nie chcesz zagrać? Dobierz jedną kartę; możesz ją od razu zagrać albo zatrzymać.",
    "S blokuje następnego gracza, V odwraca kierunek, +2 każe mu dobrać 2 i traci ruch.",
    "W+4: następny gracz dobiera 4 i traci ruch albo sprawdza: blef (miałeś ten kolor) kosztuje ciebie 4, uczciwe +4 jego 6.",
    "Gdy zostaje ci jedna karta, naciśnij UNO! razem z kartą. Zapomniane UNO inni mogą przyłapać: kara 4 kart (lub 2).",
    "Kto pierwszy pozbędzie się kart, zdobywa punkty z rąk pozostałych: liczby według wartości, S V +2 po 20, W W+4 po 50.",
    "Wygrywa pierwszy, kto osiągnie cel (500 lub 200); tryb jednej partii kończy się po jednej partii.",
)
