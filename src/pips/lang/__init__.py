"""The words a player reads, in the language chosen: English, Czech, Polish
or Persian.

A catalogue is a plain dict, PHRASES, from a key to a phrase. A phrase is a
str, or a tuple of plural forms for a phrase said with a count (English
two: one, other; Czech and Polish three: one, few, many; Persian one). A
phrase may hold numbered fields, `{0}`, `{1}`, filled by str.format.

- The screens' and the terminal's shared phrases: one catalogue per language
  in this package (`pips.lang.en`, `.cs`, `.pl`, `.fa`: the table CATALOGUES).
- A game's own phrases and its rules page: in the game's package, one module
  per language each, the phrases' named by the game's card (its WORDS table,
  in the order of CODES), the rules page's by the phrases (key "rules").

Only the chosen language's catalogue is loaded (use()), and a game's words
only when the game asks for them. A phrase missing from a catalogue is
taken from English, which is then loaded too (tests/test_lang.py lists any
missing, so on a device it never is).

In the .mpy form a catalogue's phrases stay in a data file on the board's
flash (pips.datafile; the module's PHRASES or WORDS is then the file's
name), read a phrase at a time through Phrases, which has a dict's get():
in RAM only the keys' hashes and the phrases read last.

Persian is written right to left. Its catalogues are made at build time
(pips_tools.lang_build, from the `fa.txt` beside them): shaped into Arabic
presentation forms and stored in visual order, left to right as drawn, so
that neither the device nor a terminal shapes or reorders anything. A field
stands where its value is drawn; a text made at run time is joined from
pieces with join() and row(), which put the pieces right to left. Counts and
scores in Persian use Persian digits (num()); tile and card notation and
the seats' names (P1, P2) keep their Western digits.
"""

CODES = ("en", "cs", "pl", "fa")
# Each language's name in itself (the Persian one in visual order, presentation forms).
NAMES = ("English", "\u010ce\u0161tina", "Polski", "\ufbfd\ufeb3\ufead\ufe8e\ufed3")
# The shared catalogues, in the order of CODES.
CATALOGUES = ("pips.lang.en", "pips.lang.cs", "pips.lang.pl", "pips.lang.fa")

_state = {"lang": 0, "phrases": None, "english": None, "games": {}, "extra": None}


def use(code, extra=None):
    """Choose the language by its code (en, cs, pl, fa); ValueError naming
    the languages for any other. Its shared catalogue is loaded now, with
    the catalogue of `extra` (a table of modules in the order of CODES: the
    terminal's phrases, pips_sim.words) added to it."""
    if code not in CODES:
        raise ValueError("no language %r (try: %s)" % (code, ", ".join(CODES)))
    k = CODES.index(code)
    _state["lang"] = k
    _state["extra"] = extra
    _state["english"] = None
    _state["phrases"] = _catalogue(k)
    _state["games"] = {}


def _catalogue(k):
    phrases = _load(CATALOGUES[k], "PHRASES")
    extra = _state["extra"]
    if extra:
        phrases = dict(phrases)
        phrases.update(_load(extra[k], "PHRASES"))
    return phrases


def code():
    """The chosen language's code."""
    return CODES[_state["lang"]]


def rtl():
    """True when the chosen language is written right to left (Persian)."""
    return _state["lang"] == 3


def from_environment(value):
    """The language a LANG value names (`cs_CZ.UTF-8`: cs), English for
    any other or none."""
    if value:
        head = value.split(".")[0].split("_")[0].lower()
        if head in CODES:
            return head
    return "en"


def _load(module, name):
    """`name` of a module read from one of the language tables: CATALOGUES
    (or the terminal's beside it), a game's `words` (a module per language)
    or a words module's "rules" (its rules page). A catalogue whose phrases
    are in a data file (a str, the .mpy form): a Phrases over it."""
    table = getattr(__import__(module, None, None, (name,)), name)
    if isinstance(table, str):
        return Phrases(table)
    return table


def key_hash(key):
    """A key's 16-bit hash, the same on every runtime: a data file's index
    (pips_tools.datafiles writes it, Phrases reads it)."""
    h = 5381
    for c in key:
        h = ((h << 5) + h + ord(c)) & 0xFFFF
    return h


_CACHED = 12  # phrases a Phrases keeps (the table asks for a few a frame)


class Phrases:
    """A catalogue's phrases read from its data file as asked for: get(key)
    as a dict's. The file: the count n (2 bytes), then n entries of the key's
    hash and its record's place (2 bytes each), sorted; a record is the key's
    length (a byte) and the key, the forms' count (a byte, 0 for a phrase
    that is a str) and each form's length (2 bytes) and the form, UTF-8.
    In RAM: the index (4 bytes a phrase; the fa catalogue's dict held about
    12 KB on the webassembly port) and the last _CACHED phrases read."""

    def __init__(self, name):
        from pips.datafile import open_data

        self.name = name
        with open_data(name) as f:
            n = f.read(2)
            self.index = f.read(4 * ((n[0] << 8) | n[1]))
        self.cache = {}

    def get(self, key, default=None):
        phrase = self.cache.get(key)
        if phrase is None:
            phrase = self._read(key)
            if phrase is None:
                return default
            if len(self.cache) >= _CACHED:
                self.cache = {}
            self.cache[key] = phrase
        return phrase

    def _read(self, key):
        from pips.datafile import open_data

        index = self.index
        h = key_hash(key)
        lo = 0
        hi = len(index) // 4
        while lo < hi:  # the first entry of hash h
            mid = (lo + hi) >> 1
            if ((index[4 * mid] << 8) | index[4 * mid + 1]) < h:
                lo = mid + 1
            else:
                hi = mid
        want = key.encode()
        with open_data(self.name) as f:
            while lo < len(index) // 4 and ((index[4 * lo] << 8) | index[4 * lo + 1]) == h:
                f.seek((index[4 * lo + 2] << 8) | index[4 * lo + 3])
                if f.read(f.read(1)[0]) == want:
                    return _record(f)
                lo += 1
        return None


def _record(f):
    """A record's phrase, from its forms' count on: a str (a count of 0) or
    the tuple of its plural forms."""
    count = f.read(1)[0]
    forms = []
    for _ in range(count or 1):
        n = f.read(2)
        forms.append(f.read((n[0] << 8) | n[1]).decode())
    return tuple(forms) if count else forms[0]


def _english():
    english = _state["english"]
    if english is None:
        english = _catalogue(0)
        _state["english"] = english
    return english


def _phrases():
    phrases = _state["phrases"]
    if phrases is None:
        use(CODES[_state["lang"]], _state["extra"])
        phrases = _state["phrases"]
    return phrases


def _lookup(table, key, english):
    phrase = table.get(key)
    if phrase is None:
        phrase = english().get(key)
        if phrase is None:
            raise KeyError(key)
    return phrase


def text(key, *fields):
    """The phrase `key`, its fields filled with `fields` (counts given
    through num() show the language's digits)."""
    phrase = _lookup(_phrases(), key, _english)
    if fields:
        return phrase.format(*fields)
    return phrase


def count(key, n, *fields):
    """The plural form of `key` for the count `n`, its field {0} the count
    (num(n)) and {1}... the `fields`."""
    forms = _lookup(_phrases(), key, _english)
    return _form(forms, n).format(num(n), *fields)


def _form(forms, n):
    if isinstance(forms, str):
        return forms
    k = _state["lang"]
    if len(forms) == 1:
        return forms[0]
    if k == 0 or len(forms) == 2:  # English: one, other
        return forms[0] if n == 1 else forms[1]
    if n == 1:
        return forms[0]
    if k == 1:  # Czech: 2-4 few, else many
        return forms[1] if 2 <= n <= 4 else forms[2]
    # Polish: 2-4 few except 12-14, else many
    tens = n % 100
    return forms[1] if 2 <= n % 10 <= 4 and not 12 <= tens <= 14 else forms[2]


def num(n):
    """A count or a score as the language writes it: Persian digits in
    Persian (the minus sign kept), Western digits otherwise."""
    s = str(n)
    if _state["lang"] != 3:
        return s
    out = ""
    for c in s:
        out += chr(0x06F0 + ord(c) - 48) if "0" <= c <= "9" else c
    return out


def join(pieces, sep=", "):
    """Pieces joined into one text with `sep` (", " or "; ": the language's
    own), the first piece first as read: leftmost in a language written left
    to right, rightmost in Persian, where the pieces (each in visual order)
    are laid right to left."""
    if _state["lang"] == 3:
        if sep.strip():
            sep = " " + _RTL_MARKS.get(sep[0], sep[0])
        return sep.join(reversed(list(pieces)))
    return sep.join(pieces)


_RTL_MARKS = {",": "\u060c", ";": "\u061b"}  # the Persian comma and semicolon


# -- a game's own words --------------------------------------------------
def game_words(game):
    """A game's own phrases in the chosen language (`game`: its class or a
    hand; its `words` table names a module per language), loaded once per
    language; {} for a game without."""
    cache = _state["games"]
    words = cache.get(game.name)
    if words is None:
        modules = getattr(game, "words", None)
        words = _load(modules[_state["lang"]], "WORDS") if modules else {}
        cache[game.name] = words
    return words


def game_text(game, key, *fields):
    """A game's own phrase `key` (English when the language has none)."""
    phrase = game_words(game).get(key)
    if phrase is None:
        modules = getattr(game, "words", None)
        phrase = _load(modules[0], "WORDS").get(key) if modules else None
        if phrase is None:
            raise KeyError(key)
    if fields:
        return phrase.format(*fields)
    return phrase


def title(card):
    """A game's name in the chosen language (its card's TITLES, in the
    order of CODES), its TITLE where it has none."""
    titles = getattr(card, "TITLES", None)
    k = _state["lang"]
    if titles and k < len(titles) and titles[k]:
        return titles[k]
    return card.TITLE


def rules_page(game):
    """A game's rules page in the chosen language (English where the game
    has none in it): a tuple of paragraphs, loaded when asked for (its
    module named by the game's words, key "rules")."""
    return _load(game_text(game, "rules"), "PAGE")
