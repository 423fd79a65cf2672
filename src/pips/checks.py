"""Checks of what is typed rather than chosen: table options given as text
(`--set target=200`) and stacked deals. Imported when a table is set up from
text or a deal is stacked: a handheld, which offers only valid choices, never
needs it."""


def typed_table(cls, given):
    """Game.table when `given` has something beyond valid values of known
    keys: a number written as text is converted, the rest refused."""
    out = {}
    for key, default, allowed in cls.options:
        out[key] = default
    for key in given:
        spec = None
        for o in cls.options:
            if o[0] == key:
                spec = o
        if spec is None:
            raise ValueError("%s has no option %r" % (cls.name, key))
        value = given[key]
        if isinstance(value, str) and isinstance(spec[1], int):
            try:
                value = int(value)
            except ValueError:
                pass
        if value not in spec[2]:
            raise ValueError(
                "option %s takes %s, not %r"
                % (key, " or ".join(str(v) for v in spec[2]), value)
            )
        out[key] = value
    return out


def check_deal(deal, full, name=None):
    """A stacked deal must be a permutation of the full set (`full` sorted).
    The refusal names what is missing or too often there; `name(code)` gives a
    piece's text (the game's notation), else the code is shown."""
    if sorted(deal) == list(full):
        return
    want = {}
    for code in full:
        want[code] = want.get(code, 0) + 1
    got = {}
    for code in deal:
        got[code] = got.get(code, 0) + 1
    order = []
    for code in list(full) + sorted(deal):
        if code not in order:
            order.append(code)
    extra = []  # named first: a doubled piece is the likelier slip
    short = []
    for code in order:
        w = want.get(code, 0)
        g = got.get(code, 0)
        if w == g:
            continue
        text = _piece_name(name, code)
        if w == 0:
            extra.append("%s is not in the set" % text)
        elif g == 0:
            short.append("%s is missing" % text)
        elif g < w:
            short.append("%s appears %s, not %s" % (text, _times(g), _times(w)))
        elif w == 1:
            extra.append("%s appears %s" % (text, _times(g)))
        else:
            extra.append("%s appears %s, not %s" % (text, _times(g), _times(w)))
    wrong = extra + short
    shown = ", ".join(wrong[:6])
    if len(wrong) > 6:
        shown += " and %d more" % (len(wrong) - 6)
    once = len(want) == len(full)
    raise ValueError(
        "a stacked deal must hold every piece %s: %s"
        % ("once" if once else "as often as the set has it", shown)
    )


def _piece_name(name, code):
    if name is not None:
        try:
            return name(code)
        except (IndexError, KeyError, TypeError, ValueError):
            pass
    return "piece %r" % (code,)


def _times(n):
    return "once" if n == 1 else "twice" if n == 2 else "%d times" % n
