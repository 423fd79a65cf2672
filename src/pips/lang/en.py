"""The shared phrases in English: the table's messages (pips.ui.events) and
the screens' words (pips.lang). Every key here is the list the other
catalogues are checked against; a tuple holds the plural forms (one, other),
its {0} the count. The terminal game's own phrases: pips_sim.words."""

PHRASES = {
    # the bots' levels
    "level.random": "Random",
    "level.easy": "Easy",
    "level.greedy": "Normal",
    "level.smart": "Hard",
    "level.human": "Human",
    # what happened at a table (pips.ui.events)
    "dealer": "{0} is the dealer",
    "first": "{0} plays first",
    "takes": "{0} takes {1}",
    "reversed": "play reversed",
    "names_colour": "{0} names the colour",
    "plays_next": "{0} plays next",
    "first_card": "{0}, first card {1}",
    "drew": "{0} drew {1}",
    "move": "{0}: {1}",
    "fair": "{0}: +4 was fair",
    "bluff": "{0}: bluff caught",
    "you_take": "you take {0}",
    "you_drew": "you drew {0}",
    "into_hand": "into your hand: {0}",
    "on_you": "{0} on you: accept or challenge?",
    "goes_out": "{0} goes out",
    # the settings screen: the Sound setting (a board with a buzzer)
    "sound": "Sound: {0}",
    "sound.on": "on",
    "sound.off": "off",
}
