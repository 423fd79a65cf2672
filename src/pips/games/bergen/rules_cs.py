"""The rules page in Czech, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "2 až 4 hráči, každý 7 kostek; každý vloží sázku do banku.",
    "Kdo má šestkový dubl, položí ho doprostřed a začíná. Dubl má čtyři strany: S, V, J a Z (v zápisu N, E, S, W).",
    "Nejdřív kříž: po řadě přikládej kostku se 6 na volnou stranu, šestkou k dublu. Bez šestky: DÁL.",
    "Když jsou všechny čtyři strany obsazené, přikládej na konec kteréhokoli ramene, stejná oka k sobě. Nic nepasuje: DÁL.",
    "První venku bere 3/4 banku, druhý zbytek. Všichni ve slepé uličce: místa dostanou nejnižší součty; při rovnosti se dělí, lichý žeton zůstane v banku.",
    "Kdo nezaplatí sázku, vypadává. Zápas: 10 her nebo jediný zbylý hráč; vyhrává nejvíc žetonů.",
)
