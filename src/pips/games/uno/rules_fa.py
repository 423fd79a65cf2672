"""Uno's rules page in English, as the screens show it (Uno.rules()): data
only, loaded when a page is opened, so that a match does not hold its text."""

PAGE = (
    "Match the top card by colour, number or symbol. W and W+4 go on anything"
    " and name the colour.",
    "Can't or won't play? Draw one; you may play it at once or keep it.",
    "S skips the next player, V reverses, +2 makes them draw 2 and miss the turn.",
    "W+4: the next player draws 4 and misses the turn, or challenges: a bluff"
    " (you held the colour) costs you 4, an honest +4 costs them 6.",
    "Going down to one card: press UNO! with the card. Others can catch"
    " a missed call for a 4-card penalty (or 2).",
    "First out scores the cards left in the other hands: numbers at face"
    " value, S V +2 20, W W+4 50.",
    "First to the target (500 or 200) wins; single-hand mode ends after one hand.",
)
