"""Bergen's rules page in English, as the screens show it (Bergen.rules()): data
only, loaded when a page is opened, so that a match does not hold its text."""

PAGE = (
    "2 to 4 players, 7 tiles each; each pays the stake into the bank.",
    "The holder of 6-6 lays it in the centre and starts. The double has four"
    " sides: N, E, S and W.",
    "First the cross: in turn lay a tile with a 6 on an empty side, its 6"
    " against the double. No 6: pass.",
    "Once all four sides are filled, lay a tile on the end of any arm, equal"
    " pips touching. Nothing fits: pass.",
    "First out takes 3/4 of the bank, second out the rest. All stuck: the"
    " lowest counts take the places left; ties share, an odd chip stays in"
    " the bank.",
    "Who cannot pay the stake is out. The match: 10 hands or one player left;"
    " most chips wins.",
)
