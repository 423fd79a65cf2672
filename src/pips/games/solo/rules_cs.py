"""Solo's rules page in English, as the screens show it (Solo.rules()): data
only, loaded when a page is opened, so that a match does not hold its text."""

PAGE = (
    "One player. 5 tiles lie face up; the other 23 are the stock, face down.",
    "Lay a face-up tile to start the line, then attach face-up tiles at either"
    " end, equal pips touching.",
    "Keep laying while any face-up tile fits; when none does, as many tiles"
    " as you laid that round are turned up from the stock.",
    "Win: all 28 tiles in the line.",
    "Lose: nothing fits and the stock is empty, or the tiles just turned up"
    " leave nothing that fits.",
    "Every deal has a number: type it in to play the same deal again.",
)
