"""The languages (pips.lang): every catalogue has every phrase English has,
plural forms as each language counts, Persian stored shaped and in visual
order with Persian digits in counts, and the terminal game in each language,
the language set by the test itself (--lang, LANG)."""

import importlib
import io
import os
import string

import pytest

from pips import lang
from pips.games import GAMES, card, get, names
from pips_sim import cli
from pips_sim.words import CATALOGUES as TERM

FIELDS = string.Formatter()


def fields(phrase):
    forms = phrase if isinstance(phrase, tuple) else (phrase,)
    return {tuple(sorted({f[1] for f in FIELDS.parse(form) if f[1] is not None})) for form in forms}


def catalogues():
    """(where, English dict, the other languages' dicts by code)."""
    out = []
    for name, table in (("shared", lang.CATALOGUES), ("terminal", TERM)):
        mods = [importlib.import_module(m).PHRASES for m in table]
        out.append((name, mods[0], dict(zip(lang.CODES[1:], mods[1:]))))
    for entry in GAMES:
        cls = get(entry[0].NAME)
        mods = [importlib.import_module(m).WORDS for m in cls.words]
        out.append((entry[0].NAME, mods[0], dict(zip(lang.CODES[1:], mods[1:]))))
    return out


def missing():
    """Every phrase English has and another catalogue lacks: (where, code, key)."""
    return [(where, code, key) for where, english, others in catalogues()
            for code, phrases in others.items() for key in english if key not in phrases]


def test_no_phrase_is_missing_in_any_catalogue():
    assert missing() == []


def test_each_phrase_has_the_fields_and_forms_of_its_english():
    counts = {"en": 2, "cs": 3, "pl": 3, "fa": 1}
    for where, english, others in catalogues():
        for code, phrases in others.items():
            assert set(phrases) <= set(english), (where, code, set(phrases) - set(english))
            for key, phrase in phrases.items():
                if key == "rules":
                    continue
                eng = english[key]
                if isinstance(eng, tuple):
                    forms = 1 if isinstance(phrase, str) else len(phrase)  # Persian: one form, a str
                    assert forms == counts[code], (where, code, key)
                # a translation may leave out a field English has (Block's refusals
                # name seats by their P numbers, fields 2 and 3) but adds none below them
                allowed = {str(i) for i in range(4)} | {n for ns in fields(eng) for n in ns}
                for names_ in fields(phrase):
                    assert set(names_) <= allowed, (where, code, key, phrase)


def test_a_missing_phrase_falls_back_to_english(monkeypatch):
    lang.use("cs")
    phrases = dict(lang._state["phrases"])
    del phrases["goes_out"]
    monkeypatch.setitem(lang._state, "phrases", phrases)
    assert lang.text("goes_out", "P2") == "P2 goes out"
    assert lang.text("dealer", "P2") == "P2 rozdává"


def test_an_unknown_language_is_refused_and_the_language_stays():
    lang.use("pl")
    with pytest.raises(ValueError, match="no language 'de'"):
        lang.use("de")
    assert lang.code() == "pl"


@pytest.mark.parametrize("code, counts", [
    ("en", {1: 0, 2: 1, 5: 1, 0: 1, 21: 1}),
    ("cs", {1: 0, 2: 1, 3: 1, 4: 1, 5: 2, 0: 2, 12: 2, 22: 2}),
    ("pl", {1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 14: 2, 22: 1, 24: 1, 25: 2, 112: 2, 102: 1}),
    ("fa", {1: 0, 2: 0, 5: 0}),
])
def test_plural_forms(code, counts):
    lang.use(code, TERM)
    forms = lang._state["phrases"]["tiles"]
    forms = (forms,) if isinstance(forms, str) else forms
    for n, k in counts.items():
        assert lang.count("tiles", n) == forms[k].format(lang.num(n)), (code, n)


def test_persian_digits_in_counts_western_in_notation():
    lang.use("fa", TERM)
    assert lang.num(2026) == "\u06f2\u06f0\u06f2\u06f6"
    assert lang.num(-5) == "-\u06f5"
    text = lang.text("drew", "P2", lang.num(3))
    assert "P2" in text and "\u06f3" in text and "3" not in text
    lang.use("cs")
    assert lang.num(12) == "12"


def test_persian_is_stored_shaped_and_in_visual_order():
    """No letter of the Arabic block is left unshaped (every one is a
    presentation form), and a phrase reads right to left: the seat's name,
    first as read, is drawn last at the right."""
    lang.use("fa", TERM)
    for key, phrase in lang._state["phrases"].items():
        for form in phrase if isinstance(phrase, tuple) else (phrase,):
            assert not any("\u0621" <= c <= "\u064a" or c in "\u067e\u0686\u0698\u06a9\u06af\u06cc" for c in form), key
    assert lang.text("goes_out", "P2").startswith("\ufee9") or lang.text("goes_out", "P2").endswith("P2")
    joined = lang.join(["a", "b", "c"])
    assert joined == "c \u060cb \u060ca"


def test_each_language_names_each_game_and_has_its_rules_page():
    expected = {"cs": {"draw": "Domino se zálohou", "matador": "Matador", "bergen": "Bergen",
                       "twentyone": "Jedenadvacet", "solo": "Sólo domino", "block": "Slepá ulička"},
                "pl": {"domino-uno": "Domino Uno"}}
    for code in lang.CODES:
        lang.use(code)
        seen = set()
        for name in names():
            title = lang.title(card(name))
            assert title and title not in seen, (code, name)
            seen.add(title)
            assert title == expected.get(code, {}).get(name, title)
            page = get(name).rules()
            assert page and all(isinstance(p, str) and p for p in page)
            if code != "en":
                lang.use("en")
                assert page != get(name).rules(), (code, name)
                lang.use(code)
    lang.use("fa")
    from pips_tools.lang_build import shape

    pytest.importorskip("arabic_reshaper")
    assert lang.title(card("uno")) == shape("اونو")


def test_the_persian_catalogues_are_what_their_sources_make():
    pytest.importorskip("arabic_reshaper")
    pytest.importorskip("bidi")
    from pips_tools import lang_build

    assert lang_build.main(["--check"]) == 0


def test_a_field_keeps_its_place_when_laid_right_to_left():
    pytest.importorskip("arabic_reshaper")
    from pips_tools.lang_build import shape

    # two fields read first and second: the first drawn right of the second
    out = shape("دست {0}: {1} برد")
    assert out.index("{1}") < out.index("{0}")
    assert shape("  شماره ") == "  " + shape("شماره") + " "
    assert shape("(شما)") == "(" + shape("شما") + ")"


def play_in_terminal(argv, keys, env=None, monkeypatch=None):
    if env is not None:
        monkeypatch.setenv("LANG", env)
    out = io.StringIO()
    code = cli.main(argv, stdin=io.StringIO(keys), stdout=out)
    assert code == 0
    return out.getvalue()


BLOCK = ["play", "block", "--seed", "3", "--new", "--bots", "random"]
KEYS = "1\n" * 60


@pytest.mark.parametrize("code, words", [
    ("cs", ("Slepá ulička, hra 1", "Tvoje kostky:", "Na tahu: P1 (ty)", "číslo nebo tah", "Hráči:")),
    ("pl", ("Domino blokowe, partia 1", "Twoje kamienie:", "Ruch: P1 (ty)", "numer lub ruch", "Gracze:")),
    # the seat's name and the notation as they are, the game's name shaped, Persian digits
    ("fa", ("P1", "6-4", "\ufb8e\ufeee\ufee0\ufe91", "\u06f1")),  # "Block" shaped
])
def test_the_terminal_game_in_each_language(code, words, monkeypatch):
    out = play_in_terminal(BLOCK + ["--lang", code], KEYS)
    for word in words:
        assert word in out, (code, word)
    assert "Your hand" not in out and "Turn:" not in out
    english = play_in_terminal(BLOCK, KEYS)
    assert "Your hand: " in english
    # the same match: the same moves, told in another language
    lang.use("en")
    assert out.count("6-4") == english.count("6-4")


def test_lang_comes_from_the_environment_and_the_option_wins(monkeypatch):
    assert "Tvoje kostky:" in play_in_terminal(BLOCK, KEYS, "cs_CZ.UTF-8", monkeypatch)
    assert "Twoje kamienie:" in play_in_terminal(BLOCK + ["--lang", "pl"], KEYS, "cs_CZ.UTF-8", monkeypatch)
    assert "Your hand:" in play_in_terminal(BLOCK, KEYS, "de_DE.UTF-8", monkeypatch)


def test_an_unknown_lang_option_is_a_usage_error(capsys):
    assert cli.main(BLOCK + ["--lang", "xx"], stdin=io.StringIO(""), stdout=io.StringIO()) == 2
    assert "--lang: no language 'xx'" in capsys.readouterr().err


def test_a_refusal_in_czech_names_the_seat_as_the_table_does():
    lang.use("cs")
    game = get("block")(2, deal=None, rng=1, first=0)
    with pytest.raises(ValueError, match="na tahu je P1, ne P2"):
        game.play(1, 0)
    lang.use("en")
    with pytest.raises(ValueError, match="it is seat 0's turn, not seat 1's"):
        game.play(1, 0)


def test_a_catalogue_read_from_its_data_file_has_every_phrase(tmp_path, monkeypatch):
    """The .mpy build keeps each catalogue's phrases in a data file
    (pips_tools.datafiles) that pips.lang.Phrases reads a phrase at a time:
    every phrase of every catalogue and every game's words comes back as it
    is in the dict, plural forms as tuples (the terminal's catalogue has
    them), and a key it lacks as missing."""
    from pips_tools import datafiles

    monkeypatch.syspath_prepend(str(tmp_path))
    n = 0
    for where, english, others in catalogues():
        for code, table in [("en", english)] + sorted(others.items()):
            name = "%s_%s.dat" % (where.replace("-", "_"), code)
            (tmp_path / name).write_bytes(datafiles.phrases_file(table))
            phrases = lang.Phrases(name)
            for key, phrase in table.items():
                assert phrases.get(key) == phrase, (where, code, key)
                n += 1
            assert phrases.get("no.such.key") is None and phrases.get("rules.x", 7) == 7
    assert n > 4 * 131


def test_the_mpy_build_compiles_a_catalogue_with_its_data_files_name():
    """The module compiled for the .mpy tree names its data file where its
    table was, its other lines kept at their numbers."""
    from pips_tools import datafiles

    path = os.path.join(os.path.dirname(lang.__file__), "cs.py")
    with open(path, encoding="utf-8") as f:
        source = f.read()
    stub, data = datafiles.split(source, "pips/lang/cs.py")
    assert len(stub.splitlines()) == len(source.splitlines())
    space = {}
    exec(stub, space)
    assert space["PHRASES"] == "pips/lang/cs.dat" and data == datafiles.phrases_file(
        importlib.import_module("pips.lang.cs").PHRASES)
