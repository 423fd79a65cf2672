"""The game's own phrases in Polish (pips.lang): what the table, the results
and the terminal say in this game's words."""

WORDS = {
    "rules": "pips.games.block.rules_pl",  # the rules page
    "blocked": "zablokowane: wygrywa niższa suma",
    "r.over": "partia skończona",
    "r.turn": "ruch ma P{2}, nie P{3}",
    "r.lay_first": "pierwszy kamień trzeba wyłożyć: nie można pasować",
    "r.must_lay": "P{1} może dołożyć kamień, więc nie wolno pasować",
    "r.no_move": "nie ma takiego ruchu w grze Domino blokowe: {0}",
    "r.not_in_hand": "{0} nie ma w ręku P{2}",
    "r.double": "dublet kładzie się tylko w jedną stronę: zagraj go jako {0}",
    "r.not_at_end": "{0} nie pasuje do {1} końca ({2})",
    "left": "lewego",
    "right": "prawego",
}
