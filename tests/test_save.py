"""What is kept across a power cut (pips.save, pips.restore, pips.settings,
pips.stats): a match resumed at any move plays on exactly as it would have,
each game keeps its own match, the records survive a cut at every byte and
every step (on CPython and on MicroPython) and come back exactly as the
module's text promises, a damaged or forged record is refused with its
reason and never hangs, a folder that cannot be written is said once, and
the settings and statistics come back as written."""

import os

import pytest

import save_cuts
from mpy_support import ROOT, needs_micropython, run_micropython
from pips import games
from pips.bots import bot_rng, table_bots
from pips.match import Match
from pips.restore import peek_match, read_match
from pips.rng import Rng
from pips.save import EARLIER, UNREADABLE, MatchSave, Store, _payload, checksum, match_record, put
from pips.match import Turns


class Memory(Store):
    """A store whose files are a dict."""

    def __init__(self):
        Store.__init__(self, "")
        self.files = {}

    def load(self, name):
        return self.files.get(name)

    def exists(self, name, file=False):
        return name in self.files

    def dump(self, name, parts):
        self.files[name] = b"".join(bytes(p) for p in parts)

    def rename(self, name, new):
        if name not in self.files:
            raise OSError(2)
        self.files[new] = self.files.pop(name)

    def remove(self, name):
        self.files.pop(name, None)


def play_kept(kept, bots, hands, stop=-1, end=True):
    """Play the kept match on as a table does (pips.match, a save after each
    move), each move into hands[-1]; stop after `stop` moves (-1: to the
    match's end), or with `end` False once the hand's last move is played,
    the hand not yet ended. True once the match is over."""
    match = kept.match
    turns = kept.turns
    n = 0
    while True:
        if turns is None:
            match.new_hand()
            turns = Turns(match.game)
            hands.append([])
        seat = turns.next()
        if seat < 0 and not end:
            return False
        if seat < 0:
            if match.end_hand() or match.over:
                kept.store.clear(kept.name)
                return True
            turns = None
            continue
        if n == stop:
            return False
        move = bots[seat].choose(match.game.view(seat))
        if move >= 0:
            match.game.play(seat, move)
            kept.play(seat, move)
            hands[-1].append((seat, move))
            n += 1


def new_match(name, players, seed, levels, store, options=None):
    game_class = games.get(name)
    match = Match(game_class, players, options, seed)
    rng = bot_rng(seed)
    bots = table_bots([None if lv == "human" else lv for lv in levels], rng, game_class)
    return MatchSave(store, match, levels, seed, rng), bots


TABLES = [
    ("block", 2, ("random", "greedy"), {"target": 50}),
    ("block", 3, ("smart", "random", "greedy"), {"target": 50}),
    ("uno", 4, ("random", "greedy", "random", "greedy"), {"target": 200}),  # catches out of turn
    ("bergen", 3, ("greedy", "random", "greedy"), None),  # totals below zero
    ("domino-uno", 3, ("random", "random", "greedy"), None),
    ("twentyone", 3, ("smart", "greedy", "random"), None),
    ("solo", 1, ("greedy",), None),
]


@pytest.mark.parametrize("name,players,levels,options", TABLES)
def test_a_match_resumed_at_any_move_plays_on_as_it_would_have(name, players, levels, options):
    """Cut after move k (the power goes), read the record back, play on: the
    moves of every hand and the totals are the uninterrupted match's."""
    kept, bots = new_match(name, players, 5, levels, Memory(), options)
    whole = []
    assert play_kept(kept, bots, whole)
    want = (whole, kept.match.totals, kept.match.ranks())
    total = sum(len(h) for h in whole)
    for cut in sorted(set([1, 2, total - 1] + list(range(3, total, max(1, total // 8))))):
        store = Memory()
        kept, bots = new_match(name, players, 5, levels, store, options)
        hands = []
        assert not play_kept(kept, bots, hands, cut)
        again, note = read_match(store, name)
        assert note is None and again is not None and again.match is not kept.match
        assert again.match.game.moves == kept.match.game.moves  # the same position
        assert again.match.totals == kept.match.totals
        for seat in range(players):
            mine = again.match.game.view(seat).hand_list()
            assert list(mine) == list(kept.match.game.view(seat).hand_list())
        # the hand so far is in the record; the rest is played from here
        moves = again.moves
        hands[-1] = [(moves[i], moves[i + 1]) for i in range(0, len(moves), 2)]
        play_kept(again, table_bots(again.levels, again.bots, again.match.game_class), hands)
        assert (hands, again.match.totals, again.match.ranks()) == want, cut


def test_a_resignation_is_kept_and_replayed():
    """UNO plays on without a seat that resigned: the record says so, and the
    replay leaves that seat out as the table did."""
    store = Memory()
    kept, bots = new_match("uno", 3, 2, ("human", "random", "greedy"), store)
    hands = []
    play_kept(kept, [bots[1], bots[1], bots[2]], hands, 6)  # P1's first moves as a bot would
    game = kept.match.game
    game.play(0, game.parse_move(0, "resign"))
    kept.match.resign(0)
    kept.play(0, -1)
    again = read_match(store, "uno")[0]
    assert again.match.resigned == [0] and again.match.game.moves == game.moves
    assert again.match.game.turn == game.turn


def test_nothing_kept_reads_as_nothing_and_a_finished_match_is_forgotten():
    store = Memory()
    assert read_match(store, "block") == (None, None)
    kept, bots = new_match("block", 2, 1, ("random", "random"), store, {"target": 50})
    play_kept(kept, bots, [], 3)
    assert read_match(store, "block")[0] is not None
    play_kept(kept, bots, [])
    assert read_match(store, "block") == (None, None) and not store.files


def test_each_game_keeps_its_own_match():
    """A match of UNO and one of Block, kept side by side: each is read back
    as its own game; a game without one reads as nothing, and a record kept
    under another game's name is refused."""
    store = Memory()
    uno, uno_bots = new_match("uno", 3, 2, ("random", "greedy", "random"), store)
    play_kept(uno, uno_bots, [], 5)
    block, block_bots = new_match("block", 2, 4, ("greedy", "random"), store, {"target": 50})
    play_kept(block, block_bots, [], 3)
    assert sorted(store.files) == [match_record("block"), match_record("block") + ".old",
                                   match_record("uno"), match_record("uno") + ".old"]
    assert read_match(store, "uno")[0].match.game_class.name == "uno"
    assert read_match(store, "block")[0].match.game.moves == 3
    assert read_match(store, "draw") == (None, None) and not store.kept(match_record("draw"))
    assert peek_match(store, "uno") == (0, [0, 0, 0])
    store.files[match_record("draw")] = store.files[match_record("block")]
    again, note = read_match(store, "draw")
    assert again is None and note.startswith(UNREADABLE) and "a record of block" in note


def test_a_record_that_does_not_replay_gives_the_one_before_and_says_so():
    """A record whole by its checksum but whose moves do not fit the hand
    (another version's, say) is passed over for the generation before, and
    the player is told: one move earlier."""
    store = Memory()
    kept, bots = new_match("block", 2, 1, ("random", "greedy"), store, {"target": 50})
    play_kept(kept, bots, [[]], 4)
    before = store.read(kept.name)
    kept.moves.extend(b"\x00\x00")  # seat 0 lays tile 0 again: not legal
    kept.play(1, 0)
    again, note = read_match(store, "block")
    assert again is not None and again.match.game.moves == 4 and note == EARLIER
    assert store.read(kept.name) != before


def forged(store, name, payload):
    """Keep `payload` as the newest record of `name`, whole by its checksum,
    with no generation before it."""
    store.clear(name)
    store.write(name, (payload,))


def read_within(store, name, seconds=10):
    """read_match in a thread that must end within `seconds` (a record must
    never hang its reader: on a handheld, a title that never comes)."""
    import threading

    out = []
    reader = threading.Thread(target=lambda: out.append(read_match(store, name)), daemon=True)
    reader.start()
    reader.join(seconds)
    assert out, "reading the record did not end"
    return out[0]


def test_a_move_by_a_seat_that_does_not_act_is_refused_not_looped_on():
    """A record whose move names a seat the turn loop never offers there,
    checksum and all: refused with its reason, at once, for every seat."""
    store = Memory()
    kept, bots = new_match("uno", 4, 3, ("random",) * 4, store)
    play_kept(kept, bots, [], 6)
    good = bytes(store.read(kept.name))
    seat_at = len(good) - 2
    acted = good[seat_at]
    for seat in [s for s in range(4) if s != acted] + [5, 9, 0x7F]:
        forged(store, kept.name, good[:seat_at] + bytes((seat,)) + good[seat_at + 1:])
        again, note = read_within(store, "uno")
        assert again is None and note.startswith(UNREADABLE)
        assert "does not act here" in note or "not in the hand" in note, note


def test_the_checksum_sees_every_byte_and_its_place():
    """Fletcher's second sum makes the checksum see where a byte is: two bytes
    swapped, or moved, are a different record."""
    data = bytes(range(1, 60))
    base = checksum((data,))
    for i in range(len(data) - 1):
        swapped = bytearray(data)
        swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
        assert checksum((swapped,)) != base, i
    assert checksum((data[1:] + data[:1],)) != base
    assert checksum((data[:10], data[10:])) == base  # parts are one run of bytes


def test_a_turn_loop_after_a_resignation_is_the_tables(tmp_path):
    """After a resignation the table starts its turn loop anew (no seat is
    offered a move out of turn before the next move): the replayed match's
    loop must answer as the table's did. Here a missed UNO is open when a
    seat resigns: the table's loop names the seat to act; a loop carried on
    from before would offer the late call first."""
    from pips.games.uno.game import CALL

    for seed in range(200):
        store = Memory()
        kept, bots = new_match("uno", 3, seed, ("random",) * 3, store)
        match = kept.match
        match.new_hand()
        game = match.game
        turns = Turns(game)
        kept.turns = turns
        buf = bytearray(game.max_moves)
        found = False
        for _ in range(200):
            seat = turns.next()
            if seat < 0:
                break
            n = game.legal(seat, buf)
            moves = list(buf[:n])
            forgetting = [m for m in moves if m & CALL]
            if seat == game.turn and game.sizes[seat] == 2 and forgetting:
                move = forgetting[0] & ~CALL  # the second-to-last card, without UNO
                game.play(seat, move)
                kept.play(seat, move)
                found = game.catchable == seat
                break
            move = bots[seat].choose(game.view(seat))
            if move >= 0:
                game.play(seat, move)
                kept.play(seat, move)
        if not found:
            continue
        resigner = (game.turn + 1) % 3
        if resigner == game.catchable:
            continue
        game.play(resigner, game.parse_move(resigner, "resign"))
        match.resign(resigner)
        kept.play(resigner, -1)
        live = Turns(game)  # the table's loop after a resignation
        again = read_match(store, "uno")[0]
        assert again.turns.next() == live.next() == game.turn
        return
    raise AssertionError("no seed gave a missed UNO to resign over")


def test_the_generator_state_round_trips_and_bad_bytes_are_refused():
    rng = Rng(77)
    for _ in range(100):
        rng.next()
    out = rng.state()
    assert len(out) == 221 and rng.state(bytearray(221)) == out
    other = Rng(1)
    assert other.set_state(out, 0) == 221
    assert [other.next() for _ in range(200)] == [rng.next() for _ in range(200)]
    with pytest.raises(ValueError):
        Rng(1).set_state(bytes(221), 0)  # no odd word: no generator's state
    with pytest.raises(ValueError):
        Rng(1).set_state(out[:100], 0)


def test_signed_numbers_are_small_in_bytes():
    from pips.restore import get_int

    for n in (0, 1, -1, 63, -64, 64, 500, -12345, 2**28):
        out = bytearray()
        put(out, n)
        assert get_int(out, 0) == (n, len(out))
        assert len(out) == 1 or abs(n) >= 64


def test_files_in_a_folder(tmp_path):
    """The real files: the folder is made on the first record; a record torn
    on disk (the renames kept, the data not) gives the generation before."""
    folder = str(tmp_path / "data")
    store = Store(folder)
    assert store.read("x") is None and store.usable() is None
    store.write("x", (b"one",))
    store.write("x", (b"two", bytearray(b"!")))
    assert store.read("x") == b"two!"
    assert sorted(os.listdir(folder)) == ["x", "x.old"]
    with open(os.path.join(folder, "x"), "r+b") as f:
        f.truncate(8)
    assert store.read_noted("x") == (b"one", EARLIER)
    store.clear("x")
    assert os.listdir(folder) == [] and store.read("x") is None


def test_a_folder_that_cannot_be_used_is_said_and_a_failed_write_once(tmp_path):
    """A file where the folder should be, a folder where a record's file
    should be, a read-only folder: usable() says why in one line; writes
    fail without an exception, told once through `warn`."""
    a_file = tmp_path / "file"
    a_file.write_bytes(b"x")
    told = []
    store = Store(str(a_file), told.append)
    assert "is not a folder" in store.usable()
    assert store.write("x", (b"one",)) is False and store.write("x", (b"two",)) is False
    assert len(told) == 1 and told[0].startswith("could not save x")
    # a folder where the record is: moved aside as the generation before
    folder = tmp_path / "data"
    (folder / match_record("block")).mkdir(parents=True)
    told = []
    store = Store(str(folder), told.append)
    kept, bots = new_match("block", 2, 1, ("random", "random"), store, {"target": 50})
    play_kept(kept, bots, [], 3)
    assert told == [] and read_match(store, "block")[0].match.game.moves == 3
    # a folder where the new file is written: the write fails, said once
    (folder / (match_record("uno") + ".new")).mkdir()
    kept, bots = new_match("uno", 2, 1, ("random", "random"), store)
    play_kept(kept, bots, [], 3)
    assert len(told) == 1 and "folder is in the way" in told[0]
    again, note = read_match(store, "uno")
    assert again is None and note.startswith(UNREADABLE)
    if hasattr(os, "geteuid") and os.geteuid() != 0:  # root writes anywhere
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        try:
            assert "cannot write" in Store(str(locked)).usable()
        finally:
            locked.chmod(0o700)


def test_a_fuzzed_save_folder_never_loads_a_broken_match():
    """A sample of pips_tools.save_fuzz's pass (python -m pips_tools.save_fuzz
    runs it all): each byte flipped, cut short, garbage, a folder in a file's
    place, the folder a file, a read-only card; what loads is one of the last
    two records, byte for byte, or nothing with a note; never a traceback."""
    from pips_tools import save_fuzz

    figures = save_fuzz.run(every=7)
    assert figures["cases"] > 1500
    assert figures["broken"] == 0 and figures["tracebacks"] == 0
    assert figures["earlier"] == figures["noted"] - figures["unreadable"]
    assert figures["newest"] > 0 and figures["earlier"] > 0 and figures["unreadable"] > 0
    assert figures["read_only"] == {"writes": 5, "told": 1, "left": False}


def test_cut_at_every_byte_and_step_cpython():
    payloads = save_cuts.records(3)[:24]  # the first hand, the next one dealt, its moves
    assert len(payloads) == 24
    assert save_cuts.cuts(payloads) > 24 * 2 * 400


@needs_micropython
@pytest.mark.micropython
def test_cut_at_every_byte_and_step_micropython():
    rc, out, err = run_micropython(
        os.path.join(ROOT, "tests", "save_cuts.py"), timeout=600, args=(24, 3)
    )
    assert rc == 0, out + err
    assert "records 24" in out
    assert int(out.split("cuts ")[1].split()[0]) > 24 * 2 * 400


# -- every field of a record checked: a forged or changed one is refused -----------------


def two_generations(name="block", players=2, seed=1, moves=5, options=None):
    """A store holding a match of `name` after `moves` moves: (store, kept,
    the newest payload, the one before)."""
    store = Memory()
    levels = ("random", "greedy", "random", "greedy")[:players]
    kept, bots = new_match(name, players, seed, levels, store, options)
    play_kept(kept, bots, [[]], moves)
    newest = bytes(store.read(kept.name))
    before = bytes(_payload(store.files[kept.name + ".old"]))
    return store, kept, newest, before


def test_every_changed_byte_of_the_newest_file_gives_the_one_before_and_says_so():
    """A file is taken whole or not at all: each byte of the newest file
    changed in turn (its mark, its length, its payload, its checksum), and
    the file with its own last bytes written twice, is refused, and the
    generation before is read, one move earlier, and said."""
    store, kept, newest, before = two_generations(options={"target": 50})
    name = kept.name
    whole = store.files[name]
    changed = [whole[:i] + bytes((whole[i] ^ 0xFF,)) + whole[i + 1:] for i in range(len(whole))]
    for tail in (1, 4, 9):
        changed.append(whole + whole[-tail:])
    for data in changed:
        store.files[name] = data
        again, note = read_match(store, "block")
        assert note == EARLIER, (data, note)
        assert bytes(store.read(name)) == before and again.match.game.moves == 4
    store.files[name] = whole
    assert read_match(store, "block")[1] is None and bytes(store.read(name)) == newest


def forge(kept, change):
    """The newest record of `kept`, its head made anew after change(match)
    (the match's own fields, before the moves), as the only generation."""
    match = kept.match
    change(match)
    kept.deal()
    kept.store.clear(kept.name)
    kept.store.write(kept.name, (kept.head, kept.bots.state(), kept.moves))


@pytest.mark.parametrize("field,change,reason", [
    ("the version", lambda p: p.__setitem__(0, 2), "another version"),
    ("a resigned seat past the table", lambda p: None, "cannot have resigned"),
    ("a first seat past the table", lambda p: None, "starts at"),
    ("half a move", lambda p: p.append(0), "a move cut in half"),
])
def test_a_forged_field_is_refused_with_its_reason(field, change, reason):
    """A record whole by its checksum whose version, seats or moves cannot be
    is refused, saying which, and nothing is loaded."""
    store, kept, newest, before = two_generations("uno", 3, 2, 4)
    payload = bytearray(newest)
    if field == "a resigned seat past the table":
        forge(kept, lambda m: m.resigned.append(3))
        payload = bytearray(store.read(kept.name))
    elif field == "a first seat past the table":
        forge(kept, lambda m: setattr(m, "first", 3))
        payload = bytearray(store.read(kept.name))
    change(payload)
    forged(store, kept.name, bytes(payload))
    again, note = read_within(store, "uno")
    assert again is None and note.startswith(UNREADABLE) and reason in note, note


def test_a_resignation_is_carried_into_the_hands_after_it():
    """A seat that resigned in one hand is still out in the next: a match
    kept in its second hand comes back with the seat resigned, the same
    moves and the same seat to act."""
    store = Memory()
    kept, bots = new_match("uno", 3, 5, ("random", "greedy", "random"), store, {"target": 500})
    match = kept.match
    match.new_hand()
    turns = Turns(match.game)
    resigner = -1
    while match.hands_played == 0 or match.game.moves < 3:
        seat = turns.next()
        if seat < 0:
            assert not match.end_hand() and not match.over
            match.new_hand()
            turns = Turns(match.game)
            continue
        game = match.game
        if resigner < 0 and game.moves >= 3 and seat == game.turn:
            resigner = (seat + 1) % 3
            game.play(resigner, game.parse_move(resigner, "resign"))
            match.resign(resigner)
            kept.play(resigner, -1)
            turns = Turns(game)  # as the table does after a resignation
            continue
        move = bots[seat].choose(game.view(seat))
        if move >= 0:
            game.play(seat, move)
            kept.play(seat, move)
    again = read_match(store, "uno")[0]
    assert again.match.hands_played == 1 and again.match.resigned == [resigner]
    assert again.match.game.moves == match.game.moves and again.match.game.turn == match.game.turn
    assert again.turns.next() == turns.next()


def test_a_resumed_match_keeps_the_generation_before_its_first_move():
    """A match read back and played on one move keeps the record it was read
    from as the generation before (a damaged newest then still comes back one
    move earlier): reading a match is not starting one."""
    store, kept, newest, before = two_generations(options={"target": 50})
    again = read_match(store, "block")[0]
    bots = table_bots(["random", "greedy"], again.bots, again.match.game_class)
    play_kept(again, bots, [[]], 1)
    assert bytes(_payload(store.files[kept.name + ".old"])) == newest


def test_the_generation_before_alone_is_read_and_said_and_any_file_marks_a_match_kept():
    """NAME.old alone (the newest file removed, by a card's fault or a hand):
    read, one move earlier, and said; a match whose only file is NAME.new or
    NAME.old still shows as kept on the title."""
    store, kept, newest, before = two_generations(options={"target": 50})
    name = kept.name
    del store.files[name]
    again, note = read_match(store, "block")
    assert note == EARLIER and again.match.game.moves == 4
    assert store.kept(name)
    store.files[name + ".new"] = store.files.pop(name + ".old")
    assert store.kept(name) and read_match(store, "block")[1] is None
    del store.files[name + ".new"]
    assert not store.kept(name)


def test_a_number_without_end_and_options_of_another_version_are_refused():
    """The record's numbers end within five bytes, and its options are as
    many as the game has: else ValueError, however the bytes go on."""
    from pips.restore import get_int, get_options

    assert get_int(b"\x81\x80\x80\x80\x01", 0) == (-(2 ** 27) - 1, 5)
    with pytest.raises(ValueError, match="not a number"):
        get_int(b"\xff" * 6 + b"\x00", 0)
    uno = games.get("uno")
    n = len(uno.options)
    assert sorted(get_options(bytes((n,) + (0,) * n), 0, uno)[0]) == sorted(o[0] for o in uno.options)
    for count in (n - 1, n + 1):
        with pytest.raises(ValueError, match="options changed"):
            get_options(bytes((count,) + (0,) * (n + 1)), 0, uno)


def test_a_resignation_after_the_hands_last_move_is_kept_and_replayed():
    """A seat resigns once the hand is over (its results not yet shown): the
    resignation is kept with the hand's moves, and read back the hand stands
    over with the seat out, as at the table."""
    store = Memory()
    kept, bots = new_match("uno", 3, 4, ("random", "greedy", "random"), store, {"target": 500})
    assert not play_kept(kept, bots, [[]], 10 ** 6, end=False)
    game = kept.match.game
    assert game.turn < 0  # the hand is over
    kept.match.resign(2)
    kept.play(2, -1)
    again, note = read_match(store, "uno")
    assert note is None and again.match.resigned == [2]
    assert again.match.game.turn < 0 and again.match.game.moves == game.moves


# -- settings and statistics -----------------------------------------------------


def test_settings_and_statistics_come_back(tmp_path):
    from pips.settings import level_name, write_settings, read_settings
    from pips.settings import stats_lines
    from pips.stats import count as count_match, read as read_stats
    from pips.ui.app import App
    from pips.ui.diosurface import DioSurface

    folder = str(tmp_path)
    lights = []
    app = App(DioSurface(240, 135), data=folder, backlight=lights.append)
    store = Store(folder)
    assert (app.brightness, app.level, app.picture_tiles) == (100, "greedy", False)
    assert level_name(app.level) == "Normal" and lights == [100]
    app.brightness, app.level, app.picture_tiles = 40, "smart", True
    app.last_setup["uno"] = (3, ["human", "smart", "random"], {"target": 200, "penalty": 2,
                                                             "mode": "single"})
    write_settings(app)
    again = App(DioSurface(240, 135), data=folder, backlight=lights.append)
    assert (again.brightness, again.level, again.picture_tiles) == (40, "smart", True)
    assert again.last_setup == app.last_setup and lights[-1] == 40
    read_settings(store, app)

    block = games.get("block")
    match = Match(block, 2, {"target": 50}, 1)
    match.totals[:] = [50, 12]
    count_match(store, match, ["human", "greedy"])
    match.totals[:] = [20, 51]
    count_match(store, match, ["human", "greedy"])
    count_match(store, match, ["greedy", "smart"])  # no human: not counted
    match.totals[:] = [-7, 3]
    count_match(store, match, ["human", "random"])
    rows = read_stats(store)
    assert rows == {("block", "greedy"): [2, 1, 50], ("block", "random"): [1, 0, -7]}
    assert read_stats(None) == {}
    assert stats_lines(rows, games.title)[0].split() == ["Block", "Normal", "1/2", "50"]


# -- the screens -------------------------------------------------------------------


def test_the_handheld_offers_to_resume_its_match_where_it_stood(tmp_path):
    """The title marks the games with a match kept; picking one offers to
    resume it (it plays on where it stood) or a new match, asked twice: no
    keeps it, yes forgets it. A match of another game is its own."""
    from pips.ui import keys as K
    from pips_sim import simulator as sim

    folder = str(tmp_path)
    app = sim.make_app(seed=4, data=folder)
    lines = sim.setup_script(0, games.get("block"), ["human", "random"], {"target": 50})
    sim.run_script(app, lines + ["wait 60", "A", "wait 60", "A", "wait 60", "A", "wait 60"], shots=[])
    table = app.screen
    model = table.model
    assert type(table).__name__ == "TableScreen" and model.game.moves >= 3
    stood = [list(model.game.view(s).hand_list()) for s in range(2)], model.match.totals

    again = sim.make_app(seed=9, data=folder)  # the power came back: the title
    title = again.screen
    assert type(title).__name__ == "TitleScreen" and again.kept == ["block"]
    assert title.items()[0] == "Block *" and title.items()[1] == "UNO"
    assert title.hint == "A: choose  *: a match kept"
    d = sim.Driver(again)
    d.tap(K.A)  # Block: its match is kept
    assert type(again.screen).__name__ == "KeptScreen"
    assert again.screen.title == "Block: hand 1 kept"
    assert again.screen.items() == ("Resume the match", "New match")
    d.tap(K.A)  # Resume the match
    resumed = again.screen.model
    assert type(again.screen).__name__ == "TableScreen" and "resumed: hand 1" in resumed.lines
    assert resumed.game.moves == model.game.moves
    assert ([list(resumed.game.view(s).hand_list()) for s in range(2)], resumed.match.totals) == stood

    third = sim.make_app(data=folder)
    d = sim.Driver(third)
    d.tap(K.A)
    d.tap(K.RIGHT)
    d.tap(K.A)  # New match: asked first
    assert third.screen.title == "Replace the kept match?"
    assert third.screen.items() == ("No, keep it", "Yes, a new match")
    d.tap(K.A)  # No: the question before, the match still kept
    assert third.screen.title == "Block: hand 1 kept" and third.kept == ["block"]
    d.tap(K.RIGHT)
    d.tap(K.A)
    d.tap(K.RIGHT)
    d.tap(K.A)  # Yes: forgotten, the table's set-up
    assert type(third.screen).__name__ == "SetupScreen" and third.kept == []
    assert not [n for n in os.listdir(folder) if n.startswith("match")]
    assert sim.make_app(data=folder).kept == []


def test_a_damaged_kept_match_is_said_on_the_handheld(tmp_path):
    """The newest record torn: resumed one move earlier, and the table says so;
    both generations torn: the kept screen says the match could not be read,
    and offers a new one."""
    from pips.ui import keys as K
    from pips_sim import simulator as sim

    folder = str(tmp_path)
    app = sim.make_app(seed=4, data=folder)
    lines = sim.setup_script(0, games.get("block"), ["human", "random"], {"target": 50})
    sim.run_script(app, lines + ["wait 60", "A", "wait 60", "A", "wait 60", "A", "wait 60"], shots=[])
    moves = app.screen.model.game.moves
    record = os.path.join(folder, match_record("block"))
    with open(record, "r+b") as f:
        f.truncate(30)
    again = sim.make_app(data=folder)
    d = sim.Driver(again)
    d.tap(K.A)
    again.screen.pick(0)  # Resume, looked at before a frame plays on
    model = again.screen.model
    assert model.game.moves == moves - 1 and model.lines[-1] == EARLIER
    with open(record + ".old", "r+b") as f:
        f.truncate(30)
    with open(record, "r+b") as f:
        f.truncate(30)
    third = sim.make_app(data=folder)
    d = sim.Driver(third)
    d.tap(K.A)
    d.tap(K.A)  # Resume: nothing can be read
    kept = third.screen
    assert type(kept).__name__ == "KeptScreen" and kept.note.startswith(UNREADABLE)
    assert kept.items() == ("New match",) and third.kept == []
    d.tap(K.A)
    assert type(third.screen).__name__ == "SetupScreen"


def test_a_new_match_clears_its_games_older_record():
    """A new match's first record clears the game's kept generations, so a cut
    right after it can never bring the older match back."""
    store = Memory()
    old, bots = new_match("block", 2, 1, ("random", "random"), store, {"target": 50})
    play_kept(old, bots, [], 5)
    new, bots = new_match("block", 2, 8, ("greedy", "random"), store, {"target": 50})
    play_kept(new, bots, [], 1)
    assert sorted(store.files) == [match_record("block")]
    del store.files[match_record("block")]  # the newest record lost
    assert read_match(store, "block") == (None, None)


def test_the_settings_screen_changes_and_keeps_the_settings(tmp_path):
    from pips.ui import keys as K
    from pips_sim import simulator as sim

    folder = str(tmp_path)
    app = sim.make_app(data=folder)
    d = sim.Driver(app)
    for _ in range(len(games.names())):
        d.tap(K.RIGHT)
    d.tap(K.A)
    assert type(app.screen).__name__ == "SettingsScreen"
    items = app.screen.items()
    assert items[:3] == ["Brightness: 100%", "Bots: Normal", "Tiles: pips"]
    assert items[3:6] == ["UNO target: 500", "UNO penalty: 4", "UNO mode: standard"]
    assert items[-1] == "Statistics"
    d.tap(K.A)  # brightness: 20
    d.tap(K.RIGHT)
    d.tap(K.A)  # bots: Hard
    d.tap(K.RIGHT)
    d.tap(K.A)  # pictures
    d.tap(K.RIGHT)
    d.tap(K.A)  # UNO to 200
    assert app.screen.items()[:4] == [
        "Brightness: 20%", "Bots: Hard", "Tiles: pictures", "UNO target: 200"]
    d.tap(K.B)  # back: kept
    assert type(app.screen).__name__ == "TitleScreen"
    again = sim.make_app(data=folder)
    assert (again.brightness, again.level, again.picture_tiles) == (20, "smart", True)
    d = sim.Driver(again)
    d.tap(K.RIGHT)
    d.tap(K.A)  # UNO's set-up: the kept options, bots at the kept level
    setup = again.screen
    assert setup.values["target"] == 200 and setup.levels[1] == "smart"
    d.tap(K.B)  # the title again, from its top
    for _ in range(len(games.names())):
        d.tap(K.RIGHT)
    d.tap(K.A)
    for _ in range(len(again.screen.items()) - 1):
        d.tap(K.RIGHT)
    d.tap(K.A)  # Statistics
    assert type(again.screen).__name__ == "StatsScreen"
    assert again.screen.rows[0][0] == "no match played yet"
