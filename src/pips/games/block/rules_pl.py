"""The rules page in Polish, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "2 graczy (do wyboru 3 lub 4), po 7 kamieni; pozostałe nie biorą udziału w grze.",
    "Dokładaj kamień na jeden z końców łańcucha, stykające się połówki z tą samą liczbą oczek. Dublety stoją w poprzek.",
    "Pasować wolno tylko wtedy, gdy żaden kamień nie pasuje.",
    "Kto pierwszy wyłoży ostatni kamień, woła domino i zdobywa oczka wszystkich przeciwników.",
    "Zablokowane, nikt nie może dołożyć: wygrywa najniższa suma oczek i zdobywa oczka pozostałych; przy równych sumach nikt.",
    "Zaczynający przesuwa się co partię o jedno miejsce. Mecz kończy się, gdy czyjaś suma osiągnie cel (100 lub 50); wygrywa najwyższa.",
)
