"""The rules page in Czech, as the screens show it: data only, loaded when a
page is opened."""

PAGE = (
    "2 až 4 hráči, každý 2 kostky, které ostatní nevidí; sečti si oka.",
    "Po řadě od začínajícího: přiber (kostku ze zálohy), nebo stůj (už nic nebereš).",
    "Přes 21 prohrává, i o jediné oko; přesně 21 hned stojí.",
    "Když všichni stojí nebo přetáhli, ukážou se všechny kostky. Vyhrává nejvyšší součet do 21; stejné nejlepší součty se o výhru dělí.",
    "Každý vítěz hry získá 1 bod. Začínající se každou hru posouvá o místo.",
    "Zápas: daný počet her (5), nebo kdo první vyhraje daný počet her.",
)
