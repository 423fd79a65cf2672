"""The checks of pips.game that end in a refusal, and the option parsing of
Game.table beyond plain valid values: loaded only when one is needed, so a
running match keeps them out of the device's heap."""


def table(cls, given):
    """Game.table when `given` has something beyond valid values of known keys."""
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
                "option %s takes %s, not %r" % (key, " or ".join(str(v) for v in spec[2]), value)
            )
        out[key] = value
    return out


def refuse_players(cls, players):
    raise ValueError(
        "%s takes %d to %d players, not %d"
        % (cls.title, cls.min_players, cls.max_players, players)
    )


def check_deal(deal, full):
    """A stacked deal must be a permutation of the full set (`full` sorted)."""
    if sorted(deal) != list(full):
        raise ValueError("a stacked deal must hold every piece of the set exactly once")
