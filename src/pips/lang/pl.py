"""Wspólne zwroty po polsku: komunikaty przy stole (pips.ui.events) i słowa
ekranów (pips.lang). Klucze jak po angielsku (pips.lang.en); krotka niesie
formy dla 1, 2-4 (bez 12-14) i reszty, jej {0} to liczba."""

PHRASES = {
    # poziomy botów
    "level.random": "Losowy",
    "level.easy": "Łatwy",
    "level.greedy": "Średni",
    "level.smart": "Trudny",
    "level.human": "Człowiek",
    # co zaszło przy stole
    "dealer": "{0} rozdaje",
    "first": "{0} zaczyna",
    "takes": "{0} bierze {1}",
    "reversed": "gra w przeciwną stronę",
    "names_colour": "{0} wybiera kolor",
    "plays_next": "{0} gra następny",
    "first_card": "{0}, pierwsza karta {1}",
    "drew": "{0} dobrał {1}",
    "move": "{0}: {1}",
    "fair": "{0}: +4 było uczciwe",
    "bluff": "{0}: blef przyłapany",
    "you_take": "bierzesz {0}",
    "you_drew": "dobrałeś {0}",
    "into_hand": "do ręki: {0}",
    "on_you": "{0} na ciebie: przyjąć czy sprawdzić?",
    "goes_out": "{0} wychodzi",
    "sound": "Dźwięk: {0}",
    "sound.on": "włączony",
    "sound.off": "wyłączony",
}
