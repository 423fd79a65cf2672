"""The rules page in Polish, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "2 graczy, po 7 kamieni; pozostałe 14 to talon.",
    "Dokładaj na jeden z końców, te same oczka się stykają; mając pasujący kamień, musisz dołożyć.",
    "Nic nie pasuje: dobieraj po jednym kamieniu, aż któryś pasuje, i dołóż go. Gracz z pustą ręką też dobiera, póki starczy talonu.",
    "Talon pusty i nic nie pasuje: pas.",
    "Talon pusty i czyjaś ręka pusta: ten gracz wygrywa partię. Nikt nie może dołożyć: wygrywa niższa suma oczek; przy równych remis.",
    "Zaczynający zmienia się co partię. Mecz wygrywa, kto pierwszy wygra 3 partie (do wyboru 1, 5 lub 7).",
)
