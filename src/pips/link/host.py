"""The host: the referee of a linked table. It deals, runs the rules and the
bots, keeps the save (pips.save, after every move), and asks each guest for
its seats' moves, sending a guest only what its seats may see: the view of
the seat it asks (its own hand, its legal moves) and the moves played (the
message band). A guest heard from again after a cut gets its seat's view
again; a host cut resumes from its save (`Host.resume`).

A guest silent for longer than `gone_ms` while the table waits on it is put
to `on_gone(seat)`: "wait" (asked again later) or "bot" (a bot takes the
seat for the rest of the match)."""

from pips import const
from pips.link import EVENT, HELLO, MOVE, OVER, PASS, RESIGN, VIEW, send_long
from pips.match import Match, Turns
from pips.save import MatchSave

GONE_MS = const(30000)
ASK_AGAIN_MS = const(5000)  # no answer this long after the ask went out whole: asked again


def ask_key(match, game, seat):
    """The ask id: (hand, moves played, seat) picks one naming of one seat."""
    h = match.hands_played
    m = game.moves
    return bytes(((h >> 8) & 255, h & 255, (m >> 8) & 255, m & 255, seat))


class Host:
    """owner[seat]: the guest index holding the seat, -1 for the host's own
    (a bot, or `local(seat, legal, offered)` for a human at the host).
    peers: a pips.link.frame.Peer per guest. heard(seat, text) hears every
    move played; sent(guest, message) every message sent to a guest."""

    def __init__(self, match, owner, levels, peers, kept, bots, local=None, heard=None, sent=None):
        self.match = match
        self.owner = owner
        self.levels = levels
        self.peers = peers
        self.kept = kept  # the MatchSave
        self.bots = bots  # a bot per seat (None: a human's)
        self.local = local
        self.heard = heard
        self.sent = sent
        self.on_gone = None
        self.on_hello = None  # on_hello(g): guest g was heard from again (a screen's: pips.ui.link)
        self.gone_ms = GONE_MS
        self.turns = None
        self.asking = -1  # the seat asked, -1 for none
        self.key = None
        self.heard_at = [0] * len(peers)
        self.botted = [False] * match.players
        self.done = False
        self.over_message = None
        self.buf = bytearray(match.game_class.max_moves)
        self.moves = 0
        self.now = 0
        self.asked_at = 0
        for g, peer in enumerate(peers):
            peer.on_reset = self._reset_hook(g)

    @classmethod
    def new(cls, game_class, players, owner, levels, options, seed, store, peers, **kw):
        from pips.bots import bot_rng, table_bots

        match = Match(game_class, players, options, seed)
        rng = bot_rng(seed)
        kept = MatchSave(store, match, levels, seed, rng)
        bots = table_bots([None if lv == "human" else lv for lv in levels], rng, game_class)
        host = cls(match, owner, levels, peers, kept, bots, **kw)
        match.new_hand()
        host.turns = Turns(match.game)
        return host

    @classmethod
    def resume(cls, store, name, owner, peers, **kw):
        """The host again after a cut: the match read back from its save."""
        from pips.bots import table_bots
        from pips.restore import read_match

        kept, _ = read_match(store, name)
        if kept is None:
            raise ValueError("no kept match of %s to resume" % name)
        levels = kept.levels
        bots = table_bots([None if lv == "human" else lv for lv in levels], kept.bots, kept.match.game_class)
        host = cls(kept.match, owner, levels, peers, kept, bots, **kw)
        host.turns = kept.turns
        return host

    def _reset_hook(self, g):
        def reset():
            peer = self.peers[g]
            peer.queue = []
            if self.on_hello is not None:
                self.on_hello(g)  # a screen's table: what the guest's screen shows, again
            if self.done:
                self._send(g, self.over_message)  # the end, told again
            elif self.asking >= 0 and self.owner[self.asking] == g:
                self._send(g, self.view_message(self.asking))

        return reset

    def _send(self, g, message):
        if self.sent is not None:
            self.sent(g, message)
        send_long(self.peers[g], message)

    def view_message(self, seat):
        """What the guest holding `seat` is sent when asked: its seat's view."""
        game = self.match.game
        view = game.view(seat)
        hand = view.hand_list()
        n = game.legal(seat, self.buf)
        turn = game.turn if game.turn >= 0 else 255
        out = bytearray((VIEW,))
        out.extend(self.key)
        out.append(turn)
        out.append(1 if seat != game.turn else 0)
        out.append(len(hand))
        out.extend(bytes(hand))
        out.append(n)
        out.extend(self.buf[:n])
        reveal = view.reveal or ()  # a challenge's reveal: to the challenger alone
        out.append(len(reveal))
        out.extend(bytes(reveal))
        return out

    def step(self, now):
        """Hear the guests, then play on as far as the table can without waiting."""
        self.listen(now)
        while not self.done and self.asking < 0:
            self._next()
        self.wait(now)

    def listen(self, now):
        """Hear the guests (a screen's table plays on itself: pips.ui.link)."""
        self.now = now
        for g, peer in enumerate(self.peers):
            for msg in peer.poll(now):
                self.heard_at[g] = now
                self._message(g, msg)

    def wait(self, now):
        """The guest asked: the ask again when its answer was lost, the
        guest offered to the others when gone too long."""
        if self.asking >= 0 and not self.done:
            g = self.owner[self.asking]
            if not self.peers[g].idle():
                self.asked_at = now
            elif now - self.asked_at > ASK_AGAIN_MS:
                # the answer was lost on the way (a message damaged past the
                # check): the guest answers the same ask again, the same way
                self.asked_at = now
                self._send(g, self.view_message(self.asking))
            if now - self.heard_at[g] > self.gone_ms:
                answer = self.on_gone(self.asking) if self.on_gone else "wait"
                self.heard_at[g] = now
                if answer == "bot":
                    from pips.bots import make

                    self.botted[self.asking] = True
                    self.bots[self.asking] = make("greedy", self.kept.bots, self.match.game_class)
                    self.asking = -1

    def _message(self, g, msg):
        kind = msg[0]
        if kind == HELLO:
            if self.on_hello is not None:
                self.on_hello(g)
            if self.done:
                self._send(g, self.over_message)
            elif self.asking >= 0 and self.owner[self.asking] == g:
                self._send(g, self.view_message(self.asking))
        elif kind == MOVE and len(msg) == 8:
            seat = msg[6]
            if self.asking != seat or bytes(msg[1:6]) != self.key or self.owner[seat] != g:
                return  # a stale answer (an earlier ask, resent)
            move = msg[7]
            self.asking = -1
            if move != PASS:
                try:
                    self._apply(seat, move)
                except ValueError:
                    self.asking = seat  # refused: asked again
                    self._send(g, self.view_message(seat))
        elif kind == RESIGN and len(msg) == 2:
            seat = msg[1]
            if seat < self.match.players and self.owner[seat] == g and seat not in self.match.resigned:
                if self.asking == seat:
                    self.asking = -1
                self._resign(seat)

    def _resign(self, seat):
        """The guest's `seat` resigns, as a human at a table does: the record
        keeps it, the turn loop starts over from the hand as it stands."""
        match = self.match
        match.resign_at_table(seat)
        self.kept.play(seat, -1)
        self.turns = Turns(match.game)

    def _apply(self, seat, move):
        game = self.match.game
        text = game.move_text(move)
        game.play(seat, move)
        self.moves += 1
        self.kept.play(seat, move)
        if self.heard is not None:
            self.heard(seat, text)
        self.tell(seat, move)

    def tell(self, seat, move):
        """Every guest hears `seat`'s move (the message band)."""
        event = bytes((EVENT, seat, move))
        for g in range(len(self.peers)):
            self._send(g, event)

    def _next(self):
        match = self.match
        seat = -1 if match.over else self.turns.next()  # (over at once: a resignation)
        if seat < 0:
            if match.over or match.end_hand():
                self.kept.over()
                self.finish()
                return
            match.new_hand()
            self.turns = Turns(match.game)
            return
        game = match.game
        owner = self.owner[seat]
        if owner < 0 or self.botted[seat]:
            bot = self.bots[seat]
            if bot is not None:
                move = bot.choose(game.view(seat))
            else:
                n = game.legal(seat, self.buf)
                move = self.local(seat, ask_key(match, game, seat), self.buf[:n], seat != game.turn)
            if move >= 0:
                self._apply(seat, move)
            return
        self.ask(seat)

    def ask(self, seat):
        """Ask the guest holding `seat` for its move."""
        owner = self.owner[seat]
        self.asking = seat
        self.heard_at[owner] = self.now  # the wait for the guest starts now
        self.asked_at = self.now
        self.key = ask_key(self.match, self.match.game, seat)
        self._send(owner, self.view_message(seat))

    def finish(self):
        """The match is over: every guest told, with the totals."""
        self.done = True
        over = bytearray((OVER,))
        for t in self.match.totals:
            over.append(t & 255)
        self.over_message = over
        for g in range(len(self.peers)):
            self._send(g, over)
