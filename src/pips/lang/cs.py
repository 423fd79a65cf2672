"""Sdílené fráze česky: zprávy u stolu (pips.ui.events) a slova obrazovek
(pips.lang). Klíče jako v angličtině (pips.lang.en); n-tice nese tvary pro
1, 2-4 a 5 a více, její {0} je počet."""

PHRASES = {
    # úrovně botů
    "level.random": "Náhodná",
    "level.easy": "Lehká",
    "level.greedy": "Střední",
    "level.smart": "Těžká",
    "level.human": "Člověk",
    # co se stalo u stolu
    "dealer": "{0} rozdává",
    "first": "{0} začíná",
    "takes": "{0} bere {1}",
    "reversed": "hraje se opačně",
    "names_colour": "{0} volí barvu",
    "plays_next": "{0} hraje další",
    "first_card": "{0}, první karta {1}",
    "drew": "{0} si vzal {1}",
    "move": "{0}: {1}",
    "fair": "{0}: +4 bylo poctivé",
    "bluff": "{0}: blaf odhalen",
    "you_take": "ty bereš {0}",
    "you_drew": "vzal sis {0}",
    "into_hand": "do ruky: {0}",
    "on_you": "{0} na tebe: přijmout, nebo napadnout?",
    "goes_out": "{0} je venku",
    "sound": "Zvuk: {0}",
    "sound.on": "zapnutý",
    "sound.off": "vypnutý",
}
