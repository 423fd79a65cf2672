"""The table's set-up (pips.ui.table): the match, the bots, the first hand, and
the bands' layout, made when the table first shows. It runs once a match, so
the table loads it then and lets it go (its bytecode need not stay for the
whole match).
"""

from pips.ui.palette import FELT, FELT_DARK
from pips.ui.app import load
from pips.ui.table import Layer
from pips.match import Match
from pips.rng import Rng
from pips import bots as B


def begin(table):
    """The match, the bots and the first hand, made when the table first
    shows: by then the set-up screen's code has gone from the heap."""
    app = table.app
    game_class = table.game_class
    players = table.players
    levels = table.levels
    table.match = Match(game_class, players, table.options, app.next_seed())
    del table.options  # the match's own now (match.options): one attribute less to hold
    # one bot per level and one generator for them all, as in pips.selfplay:
    # bots keep nothing between decisions, and a Pico's heap is small
    table.bots = B.table_bots(
        [None if level == "human" else level for level in levels],
        Rng(app.next_seed()),
        game_class,
    )
    table.humans = [s for s in range(players) if levels[s] == "human"]
    table.viewer = table.humans[0] if len(table.humans) == 1 else -1
    table.buf = bytearray(game_class.max_moves)
    table.message = ""
    table.calling = False
    table.acting = -1
    table.hand_first = 0
    table.next_hand()
    view = table.view_of(0)
    table.modules = (
        "pips.ui.table",
        "pips.ui.piece_" + view.piece_kind,
        "pips.ui.table_" + view.table_kind,
    )
    table.piece = load(table.modules[1])  # W, H, piece(), text()
    table.band = load(table.modules[2])  # items(table, view), paint()
    # the bands, top down: status, table, message, buttons, hand; each
    # height is worked out again where its band is drawn
    s = table.s
    line_h = s.char_h + 2  # the message band
    table.cell_w = app.width // players
    one_line = 9 * s.char_w + 4 <= table.cell_w  # "P1 12 999" fits
    table.hand_y = app.height - (table.piece.H + 6)
    table.button_y = table.hand_y - (s.char_h + 4)
    table.msg_y = table.button_y - line_h
    table.table_y = line_h if one_line else 2 * line_h  # the status band's height
    table.table_h = table.msg_y - table.table_y
    table.table_layer = Layer(s, FELT, table.paint)
    table.hand_layer = Layer(s, FELT_DARK, table.paint)
