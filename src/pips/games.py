"""The registry of games: name to class, so a new game drops in here only."""


def names():
    return ("block", "uno")


def get(name):
    if name == "block":
        from pips.block import Block

        return Block
    if name == "uno":
        from pips.uno import Uno

        return Uno
    raise ValueError("no game %r (try: %s)" % (name, ", ".join(names())))
