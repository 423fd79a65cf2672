"""Link play on the screens (pips.ui.link, pips.ui.link_model): a host and
a guest App linked over TCP on this machine, from both title screens to the
match results; the lobby and the guest's "P2 (you)"; whose device the table
waits for, and a lost link; a guest and the host cut mid-match coming back
on the screens with the record of the uncut match; every message to the
guest checked against its seat's view (pips.link.sim.leak_check); every
link phrase fitting its box; and `pips sim --host` / `--join`, two headless
windows playing a match to the results."""

import os
import socket
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "sim"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pips import lang  # noqa: E402
from pips.link.sim import Leak, leak_check  # noqa: E402
from pips.ui import keys as K  # noqa: E402
from pips.ui.surface import Surface  # noqa: E402
from pips_sim import simulator as sim  # noqa: E402


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def make(port, seed, data=None, language=None, width=240, height=135):
    link = ("tcp", port, "127.0.0.1:%d" % port)
    app = sim.make_app(width, height, seed, data=data, language=language, link=link)
    return sim.Driver(app)


def name(d):
    return type(d.app.screen).__name__


def to_link(d):
    """From the title to its Link entry's screen."""
    items = d.app.screen.items()
    for _ in range(items.index(lang.text("title.link"))):
        d.tap(K.RIGHT)
    d.tap(K.A)
    assert name(d) == "LinkScreen"


def host_block(d):
    """Link, Host, Block, its target 50, Start: the lobby."""
    to_link(d)
    d.tap(K.A)  # host a table
    d.tap(K.A)  # Block, the first game
    assert name(d) == "HostSetupScreen"
    assert d.app.screen.items()[2] == lang.text("setup.seat", "P2", lang.text("link.a_device"))
    for _ in range(3):
        d.tap(K.RIGHT)
    d.tap(K.A)  # target 50
    d.tap(K.RIGHT)
    d.tap(K.RIGHT)
    d.tap(K.A)  # Start
    d.wait(2)
    assert name(d) == "LobbyScreen"


def join(d):
    to_link(d)
    d.tap(K.RIGHT)
    d.tap(K.A)
    assert name(d) == "JoinScreen"


def both(dh, dg, frames, h_keys=0, g_keys=0):
    for _ in range(frames):
        dh.step(h_keys)
        dg.step(g_keys)


class Watch:
    """The host's moves as played (seat, move), every message to the guest
    through the leak check, and what each table said it waits for."""

    def __init__(self):
        self.record = []
        self.said = {"host": set(), "guest": set()}
        self.models = set()

    def look(self, dh, dg):
        for side, d in (("host", dh), ("guest", dg)):
            model = d.app.linked
            if model is None:
                continue
            if side == "host" and id(model) not in self.models:
                self.models.add(id(model))
                self.hook(model)
            if model.state == 5:  # WAIT
                self.said[side].add(model.wait_text("."))

    def hook(self, model):
        play = model.play

        def played(seat, move, now):
            play(seat, move, now)
            self.record.append((seat, move))

        model.play = played

        class Table:  # what leak_check reads of a linked table
            host = model.link
            guest_seats = [[s] for s in model.guest_seat]

        model.link.sent = lambda g, message: leak_check(Table, g, message)


RESULTS = ("MatchResultScreen", "GuestResultScreen")


def play_on(dh, dg, watch, limit=40000, stop=None):
    """Tap A now and then on both until both show the match results."""
    frames = 0
    while frames < limit:
        if name(dh) == "MatchResultScreen" and name(dg) == "GuestResultScreen":
            return True
        if stop is not None and stop():
            return False
        a = frames % 6 < 3
        dh.step(K.A if a and name(dh) not in RESULTS else 0)
        dg.step(K.A if a and name(dg) not in RESULTS else 0)
        watch.look(dh, dg)
        frames += 1
    return False


def start(dh, dg):
    """Host in its lobby, guest joining: joined, then Start."""
    both(dh, dg, 80)
    lobby = dh.app.screen
    assert lobby.items()[:2] == [lang.text("link.you", "P1"), lang.text("link.joined", "P2", lang.num(1))]
    if name(dg) == "JoinScreen":  # (a guest back to a resumed host is at its table)
        assert lang.text("link.you", "P2") in dg.app.screen.items()
    lobby.cursor = lobby.players  # its Start row
    dh.tap(K.A)
    both(dh, dg, 40)
    # (a host with two humans of its own hands its device to the first first)
    assert name(dh) in ("LinkTableScreen", "HandOverScreen") and name(dg) == "LinkTableScreen"


def linked_block():
    """A host (seed 3) and a guest (seed 4) at a linked Block table to 50,
    started: (host's driver, guest's driver)."""
    port = free_port()
    dh, dg = make(port, 3), make(port, 4)
    host_block(dh)
    join(dg)
    start(dh, dg)
    return dh, dg


def test_a_linked_block_match_from_both_title_screens_to_the_results():
    port = free_port()
    dh, dg = make(port, 3), make(port, 4)
    host_block(dh)
    assert dh.app.screen.items()[1] == lang.text("link.open", "P2")
    join(dg)
    start(dh, dg)
    watch = Watch()
    assert play_on(dh, dg, watch)
    host_match = dh.app.screen.table.model.match
    guest_match = dg.app.screen.table.model.match
    assert host_match.over and guest_match.totals == list(host_match.totals)
    assert max(host_match.totals) >= 50
    assert len(watch.record) > 10
    # each table said whose device it waits for
    assert lang.text("link.device", "P2", ".") in watch.said["host"]
    assert lang.text("link.device", "P1", ".") in watch.said["guest"]
    # the guest's draws only from its seat's view: its view is the host's of P2
    from pips.link import view as packed

    guest_view = dg.app.screen.table.model.view
    host_view = host_match.game.view(1)
    assert packed.pack(guest_view, bytearray()) == packed.pack(host_view, bytearray())
    dg.tap(K.A)  # a key let go as the results came is not taken for them
    assert name(dg) == "GuestResultScreen"
    dg.wait(20)
    dg.tap(K.A)  # the guest's A: the title (a linked table opens again from the lobby)
    assert name(dg) == "TitleScreen" and dg.app.linked is None


def cut_run(tmp_path, cut):
    """A linked Block match; with `cut` "guest" or "host", that device loses
    power once the match has 8 moves, comes back on its screens (the guest
    joins again; the host resumes its kept match from Link, Host, Block, and
    the guest rejoins), and the match goes on. (record, totals)."""
    port = free_port()
    data = str(tmp_path / cut)
    os.makedirs(data)
    dh, dg = make(port, 3, data=data), make(port, 4)
    host_block(dh)
    join(dg)
    start(dh, dg)
    watch = Watch()
    if cut != "none":
        assert not play_on(dh, dg, watch, stop=lambda: len(watch.record) >= 8)
        if cut == "guest":
            dg.app.unlink(False)  # the sockets close as the power goes
            dg = make(port, 9)  # a new power-up: another session
            join(dg)
            for _ in range(400):
                both(dh, dg, 1)
                if name(dg) == "LinkTableScreen":
                    break
            assert name(dg) == "LinkTableScreen"
        else:
            dh.app.unlink(False)
            both(dh, dg, 150)  # the guest alone: the host is lost
            assert dg.app.linked.lost
            assert dg.app.screen.model.wait_text(".") == lang.text("link.lost", "P1", ".")
            dh = make(port, 11, data=data)
            assert "block" in dh.app.kept
            to_link(dh)
            dh.tap(K.A)
            dh.tap(K.A)  # Block: its kept match, resumed in the lobby
            assert name(dh) == "LobbyScreen" and dh.app.screen.kept is not None
            start(dh, dg)
    assert play_on(dh, dg, watch)
    totals = list(dh.app.screen.table.model.match.totals)
    assert dg.app.screen.table.model.match.totals == totals
    return watch.record, totals


def test_a_guest_and_the_host_cut_mid_match_on_the_screens_end_with_the_uncut_record(tmp_path):
    uncut = cut_run(tmp_path, "none")
    assert cut_run(tmp_path, "guest") == uncut
    assert cut_run(tmp_path, "host") == uncut


def test_the_leak_check_catches_another_seats_view_in_a_screens_message():
    from pips import games
    from pips.match import Match
    from pips.ui.link_model import table_message

    match = Match(games.get("block"), 2, {"target": 50}, 5)
    match.new_hand()

    class Table:
        class host:
            pass

        guest_seats = [[1]]

    Table.host.match = match
    leak_check(Table, 0, table_message(match, 255, 255, match.game.view(1)))
    with pytest.raises(Leak):
        leak_check(Table, 0, table_message(match, 255, 255, match.game.view(0)))


def wait_on_guest(dh, dg):
    """Both play (A now and then) until the host's table waits on the guest."""
    for i in range(900):
        both(dh, dg, 1, K.A if i % 6 < 3 else 0)
        if dh.app.linked.state == 5:  # WAIT
            return
    raise AssertionError("the host never waited on the guest")


def host_alone(dh, frames, taps=False):
    """The host's frames, the guest's device silent (off, or its cable out)."""
    for i in range(frames):
        dh.step(K.A if taps and i % 6 < 3 and name(dh) == "LinkTableScreen" else 0)


def test_a_guest_gone_is_offered_to_the_host_a_bot_plays_its_seat_and_gives_it_back():
    from pips.link.host import GONE_MS
    from pips_sim.simulator import FRAME_MS

    dh, dg = linked_block()
    watch = Watch()
    watch.look(dh, dg)
    wait_on_guest(dh, dg)
    model = dh.app.linked
    gone_frames = GONE_MS // FRAME_MS + 10
    host_alone(dh, gone_frames)
    # offered: the device gone, wait for it or a bot plays its seat
    assert name(dh) == "GoneScreen"
    assert dh.app.screen.title == lang.text("link.gone", "P2")
    assert dh.app.screen.items() == (lang.text("link.wait"), lang.text("link.bot_plays", "P2"))
    dh.tap(K.A)  # Wait for it: the table waits on, and asks again as long later
    assert name(dh) == "LinkTableScreen" and model.state == 5
    host_alone(dh, gone_frames // 2)
    assert name(dh) == "LinkTableScreen" and model.state == 5
    host_alone(dh, gone_frames // 2 + 10)
    assert name(dh) == "GoneScreen"
    played = len(watch.record)
    dh.tap(K.RIGHT)
    dh.tap(K.A)  # a bot plays P2
    assert name(dh) == "LinkTableScreen"
    assert model.taken[1] and model.holders[1] == 255
    assert lang.text("link.bot_plays", "P2") in model.lines
    host_alone(dh, 600, taps=True)
    watch.look(dh, dg)
    by_bot = [m for m in watch.record[played:] if m[0] == 1]
    assert by_bot, "no move of P2 while a bot held the seat"
    # the device heard again: its seat is its own again, and the match plays out
    both(dh, dg, 60)
    assert not model.taken[1] and model.owner[1] == 0 and model.holders[1] == 1
    assert lang.text("link.back", "P2") in model.lines or name(dh) != "LinkTableScreen"
    for _ in range(300):  # (the messages it missed come first)
        if dg.app.linked.holders[1] == 1:
            break
        both(dh, dg, 1)
    assert dg.app.linked.holders[1] == 1  # the guest told its seat is back
    assert play_on(dh, dg, watch)
    assert dg.app.screen.table.model.match.totals == list(dh.app.screen.table.model.match.totals)


def test_the_gone_offer_goes_by_itself_when_the_device_comes_back():
    from pips.link.host import GONE_MS
    from pips_sim.simulator import FRAME_MS

    dh, dg = linked_block()
    wait_on_guest(dh, dg)
    host_alone(dh, GONE_MS // FRAME_MS + 10)
    assert name(dh) == "GoneScreen"
    both(dh, dg, 60)
    assert name(dh) == "LinkTableScreen" and not dh.app.linked.taken[1]


def test_a_host_that_leaves_its_results_at_once_still_tells_the_guest_the_end():
    dh, dg = linked_block()
    watch = Watch()
    assert not play_on(dh, dg, watch, stop=lambda: name(dh) == "MatchResultScreen")
    dh.app.home()  # A on the results at once: the title, the end still on its way
    assert name(dh) == "TitleScreen" and dh.app.linked is None
    assert dh.app.draining is not None
    for _ in range(3000):
        both(dh, dg, 1)
        if name(dg) == "GuestResultScreen":
            break
    assert name(dg) == "GuestResultScreen"
    both(dh, dg, 30)
    assert dh.app.draining is None  # acknowledged: the wire closed


def test_a_guest_resigns_from_its_pause_menu_and_the_host_ends_the_match():
    dh, dg = linked_block()
    wait_on_guest(dh, dg)
    dg.tap(K.MENU)
    assert name(dg) == "PauseScreen"
    dg.app.screen.cursor = 2  # Resign
    dg.tap(K.A)
    assert name(dg) == "ConfirmScreen"
    dg.tap(K.RIGHT)
    dg.tap(K.A)  # Yes
    assert name(dg) == "LinkTableScreen"
    watch = Watch()
    assert play_on(dh, dg, watch)
    host_match = dh.app.screen.table.model.match
    assert host_match.resigned == [1] and host_match.over
    assert host_match.ranks()[1] == 2  # the resigned seat ranks last
    guest_match = dg.app.screen.table.model.match
    assert tuple(guest_match.resigned) == (1,) and guest_match.ranks() == host_match.ranks()


def test_a_host_seats_a_second_human_of_its_own_and_passes_the_device_between_them():
    """P1 and P3 on the host's device (a hand-over between them), P2 a guest's."""
    port = free_port()
    dh, dg = make(port, 3), make(port, 4)
    to_link(dh)
    dh.tap(K.A)
    dh.tap(K.A)  # Block
    setup = dh.app.screen
    setup.players = 3
    setup.enter()
    seen = []
    for _ in range(5):  # P3's choices, round: a device, a human on this device, the bots
        setup.cursor = 3
        dh.tap(K.A)
        seen.append(setup.levels[2])
        if setup.levels[2] == "human":
            break
    assert "device" in seen and setup.levels[:3] == ["human", "device", "human"]
    assert setup.items()[3] == lang.text("setup.seat", "P3", lang.text("link.here"))
    setup.values["target"] = 50
    setup.cursor = len(setup.items()) - 1
    dh.tap(K.A)
    dh.wait(2)
    assert name(dh) == "LobbyScreen"
    assert dh.app.screen.items()[2] == lang.text("setup.seat", "P3", lang.text("link.here"))
    join(dg)
    start(dh, dg)
    model = dh.app.linked
    assert model.levels == ["human", "human", "human"] and model.owner == [-1, 0, -1]
    assert model.humans == [0, 2] and model.holders == [0, 1, 0]
    handed = set()
    watch = Watch()
    frames = 0
    while not (name(dh) == "MatchResultScreen" and name(dg) == "GuestResultScreen") and frames < 60000:
        if name(dh) == "HandOverScreen":
            handed.add(dh.app.screen.seat if hasattr(dh.app.screen, "seat") else -1)
        a = frames % 6 < 3
        dh.step(K.A if a and name(dh) not in RESULTS else 0)
        dg.step(K.A if a and name(dg) not in RESULTS else 0)
        watch.look(dh, dg)
        frames += 1
    assert name(dh) == "MatchResultScreen" and name(dg) == "GuestResultScreen"
    assert handed, "the host's device never passed between its two humans"
    seats = set(seat for seat, move in watch.record)
    assert seats == {0, 1, 2}
    assert dg.app.screen.table.model.match.totals == list(dh.app.screen.table.model.match.totals)
    # remembered: the device's seat as a human's, and a human's but P1's comes back a device's
    assert dh.app.last_setup["block"][1][:3] == ["human", "human", "human"]


def test_a_host_on_a_cable_takes_one_device_and_says_so_refusing_more():
    """A cable joins two boards: the linked set-up offers one device seat at
    most, and a set-up remembered with more is refused at Start, as it is."""
    from pips import games

    d = sim.Driver(sim.make_app(240, 135, 3, link=("uart", None, None)))
    to_link(d)
    d.tap(K.A)
    d.tap(K.A)  # Block
    setup = d.app.screen
    assert name(d) == "HostSetupScreen" and setup.levels[1] == "device"
    setup.players = games.get("block").max_players
    setup.enter()
    for _ in range(6):  # P3's level, round every choice: never a device
        setup.cursor = 3
        d.tap(K.A)
        assert setup.levels[2] != "device"
    setup.levels[2] = "device"  # as remembered from a table over TCP
    drawn = []
    real = setup.s.text
    setup.s.text = lambda text, *a, **k: (drawn.append(text), real(text, *a, **k))[1]
    levels = list(setup.levels)
    setup.cursor = len(setup.items()) - 1  # Start
    d.tap(K.A)
    d.wait(3)
    assert name(d) == "HostSetupScreen" and setup.levels == levels
    assert lang.text("link.most", lang.num(1)) in drawn


@pytest.fixture
def english_after():
    yield
    lang.use("en")


def test_every_link_phrase_fits_its_box_in_every_language(english_after):
    cut = []
    real_fit = Surface.text_fit
    real_text = Surface.text

    def fit(self, s, w, tail=False):
        out = real_fit(self, s, w, tail)
        if out != s:
            cut.append(s)
        return out

    def text(self, s, x, y, c, bg=-1):
        if x < 0 or x + self.text_width(s) > self.width:
            cut.append(s)
        return real_text(self, s, x, y, c, bg)

    Surface.text_fit = fit
    Surface.text = text
    try:
        for code in lang.CODES:
            for width, height in ((240, 135), (320, 240), (240, 240)):
                port = free_port()
                dh = make(port, 3, language=code, width=width, height=height)
                dg = make(port, 4, language=code, width=width, height=height)
                host_block(dh)
                join(dg)
                start(dh, dg)
                for i in range(600):  # the host plays until it waits for the guest
                    both(dh, dg, 1, K.A if i % 6 < 3 else 0)
                    if dh.app.linked.state == 5:
                        break
                for _ in range(150):  # the guest silent: lost
                    dh.step(0)
                assert dh.app.linked.lost
                for _ in range(150):
                    dg.step(0)
                dh.app.unlink(False)
                dg.app.unlink(False)
                assert cut == [], (code, width, height)
    finally:
        Surface.text_fit = real_fit
        Surface.text = real_text


HOST_KEYS = """\
# Block's linked set-up: target 50, then Start: the lobby
RIGHT
RIGHT
RIGHT
A
RIGHT
RIGHT
A
wait 3
# the lobby's Start row, pressed until the device joined
RIGHT
RIGHT
until linked 100000
until match 100000
# the last messages out (the end, to the guest)
until idle 100000
"""

GUEST_KEYS = """\
until linked 100000
until match 100000
"""


def test_pips_sim_host_and_join_play_a_match_in_two_headless_windows(tmp_path):
    port = free_port()
    for side, keys in (("host", HOST_KEYS), ("guest", GUEST_KEYS)):
        (tmp_path / (side + ".keys")).write_text(keys)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.join(ROOT, "src"), os.path.join(ROOT, "sim"), env.get("PYTHONPATH", "")])

    def pips_sim(*args):
        return subprocess.Popen([sys.executable, "-m", "pips_sim.cli", "sim", "--headless"] + list(args),
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)

    host = pips_sim("--host", "block", "--port", str(port), "--keys", str(tmp_path / "host.keys"))
    guest = pips_sim("--join", "127.0.0.1:%d" % port, "--keys", str(tmp_path / "guest.keys"))
    out_guest = guest.communicate(timeout=240)[0]
    out_host = host.communicate(timeout=240)[0]
    assert host.returncode == 0 and "screen MatchResultScreen" in out_host, out_host
    assert guest.returncode == 0 and "screen GuestResultScreen" in out_guest, out_guest


def test_pips_sim_refuses_a_join_without_a_port_and_an_unknown_game(capsys):
    assert sim.main.__module__ == "pips_sim.simulator"
    with pytest.raises(SystemExit) as e:
        sim.main(["--headless", "--join", "127.0.0.1"])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        sim.main(["--headless", "--host", "chess"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "--join takes HOST:PORT" in err and "--host: no game 'chess'" in err


def test_soak_links_screens_traffic_plays_two_table_models_to_the_end_with_the_leak_check():
    from pips import games
    from pips.link.sim import SHORT
    from pips_tools import soak_link

    gc = games.get("block")
    moves, sent, ms = soak_link.screens_traffic(gc, SHORT["block"], 77)
    assert moves > 5 and sent > 100 * moves and ms > 1000
    # a view of the other seat sent to the guest: the leak check stops the run
    from pips.ui import link_model

    tables = link_model.HostModel.tables

    def leaky(self, seat, move):
        for g in range(len(self.link.peers)):
            self.link._send(g, link_model.table_message(self.match, seat, move, self.game.view(0)))

    link_model.HostModel.tables = leaky
    try:
        with pytest.raises(Leak):
            soak_link.screens_traffic(gc, SHORT["block"], 77)
    finally:
        link_model.HostModel.tables = tables
