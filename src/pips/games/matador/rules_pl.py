"""The rules page in Polish, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "2 graczy. 3 kamienie odkłada się nieoglądane; po 3 kamienie dla każdego, pozostałe 19 to talon.",
    "Dokładaj tak, by stykające się połówki dawały razem 7. Na koniec z 0 pasuje tylko matador.",
    "Matadory 0-0, 6-1, 5-2, 4-3: gdy nic innego nie pasuje, dołóż jednego na dowolny koniec, dowolnie obróconego.",
    "Z pasującym kamieniem lub matadorem musisz dołożyć; bez nich dobieraj po jednym, aż możesz; talon pusty: pas.",
    "Talon pusty i czyjaś ręka pusta: ten gracz wygrywa. Nikt nie może dołożyć: wygrywa niższa suma oczek; przy równych remis. Potem pokazuje się 3 odłożone kamienie.",
    "Zaczynający zmienia się co partię. Mecz wygrywa, kto pierwszy wygra 3 partie (do wyboru 1, 5 lub 7).",
)
