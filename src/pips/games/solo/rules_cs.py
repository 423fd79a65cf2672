"""The rules page in Czech, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "Jeden hráč. 5 kostek leží lícem nahoru; ostatních 23 je záloha lícem dolů.",
    "Polož kostku z otočených jako základ řady, pak přikládej otočené kostky na jeden nebo druhý konec, stejná oka k sobě.",
    "Přikládej, dokud některá otočená kostka pasuje; když žádná, otočí se ze zálohy tolik kostek, kolik jsi v tom kole položil.",
    "Výhra: všech 28 kostek v řadě.",
    "Prohra: nic nepasuje a záloha je prázdná, nebo právě otočené kostky nedají nic, co pasuje.",
    "Každé rozdání má číslo: zadej ho a hraješ stejné rozdání znovu.",
)
