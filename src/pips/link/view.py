"""A seat's view (pips.game.View) in bytes, for a guest's screen: the host
packs the view of the guest's seat, the guest lays the values into a view
of its own of the same game (made from a hand of its own dealing, which it
never shows), so its table draws from that seat's view only.

The view's plain fields are packed in the order of their names: ints,
bytes, bytearrays, None, and lists and tuples of these. Anything else (the
game's class, the table's options) is not sent: the guest's own view keeps
its own. A value, by its first byte:

    0           None
    1 b         an int 0..255
    2 b0..b3    any other int (32 bits, two's complement)
    3 n ...     bytes (n bytes)
    4 n ...     a bytearray
    5 n ...     a list of n values
    6 n ...     a tuple of n values
    7           not sent: the guest's own value stays
"""

from pips import const

_NONE = const(0)
_BYTE = const(1)
_INT = const(2)
_BYTES = const(3)
_ARRAY = const(4)
_LIST = const(5)
_TUPLE = const(6)
_KEPT = const(7)


def names(view):
    """The view's fields, in the order both ends pack them."""
    return sorted(view.__dict__)


def _put(out, value):
    if value is None:
        out.append(_NONE)
    elif isinstance(value, bool) or isinstance(value, int):
        value = int(value)
        if 0 <= value < 256:
            out.append(_BYTE)
            out.append(value)
        else:
            if not -(1 << 31) <= value < (1 << 31):
                raise ValueError("an int past 32 bits in a view")
            out.append(_INT)
            value &= 0xFFFFFFFF
            for shift in (24, 16, 8, 0):
                out.append((value >> shift) & 255)
    elif isinstance(value, (bytes, bytearray)):
        if len(value) > 255:
            raise ValueError("a field of %d bytes in a view" % len(value))
        out.append(_BYTES if isinstance(value, bytes) else _ARRAY)
        out.append(len(value))
        out.extend(value)
    elif isinstance(value, (list, tuple)):
        out.append(_LIST if isinstance(value, list) else _TUPLE)
        out.append(len(value))
        for item in value:
            _put(out, item)
    else:
        out.append(_KEPT)


def pack(view, out):
    """Append the view's fields to `out` (a bytearray)."""
    fields = view.__dict__
    keys = names(view)
    out.append(len(keys))
    for key in keys:
        _put(out, fields[key])
    return out


def _get(data, at):
    """(value, where the next value starts); _KEPT's value is the class _get."""
    tag = data[at]
    at += 1
    if tag == _NONE:
        return None, at
    if tag == _BYTE:
        return data[at], at + 1
    if tag == _INT:
        value = (data[at] << 24) | (data[at + 1] << 16) | (data[at + 2] << 8) | data[at + 3]
        if value & 0x80000000:
            value -= 1 << 32
        return value, at + 4
    if tag == _BYTES or tag == _ARRAY:
        n = data[at]
        value = bytes(data[at + 1 : at + 1 + n])
        return (value if tag == _BYTES else bytearray(value)), at + 1 + n
    if tag == _LIST or tag == _TUPLE:
        n = data[at]
        at += 1
        items = []
        for _ in range(n):
            item, at = _get(data, at)
            items.append(item)
        return (items if tag == _LIST else tuple(items)), at
    if tag == _KEPT:
        return _get, at
    raise ValueError("a view field of unknown kind %d" % tag)


def unpack(data, at, view):
    """Lay the fields packed in data[at:] into `view` (a view of the same
    game, seat count and options); where they end. ValueError when the
    fields are not the view's."""
    fields = view.__dict__
    keys = names(view)
    if data[at] != len(keys):
        raise ValueError("a view of %d fields, not %d" % (data[at], len(keys)))
    at += 1
    for key in keys:
        value, at = _get(data, at)
        if value is not _get:
            setattr(view, key, value)
    return at
