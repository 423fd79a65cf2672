"""What happened at a table, told in short lines: the one path from a game to
the messages of every surface (the table's message band, the hand result,
and the terminal game, pips_sim.term_play).

Nothing here knows a game by name, and a game reports nothing itself: a
move's events are read from what the views show before and after it (the
hand sizes, the viewer's own pieces, the turn, a question put to a seat, the
top card) and from the move's text. A game's `dealer` (UNO's) is named at the
deal, and its `blocked_text` words a hand that ends with nobody out
("blocked: lowest count wins"). At a pile table (UNO's) the deal also tells
the first card turned up and what it did. What a seat takes in (drawn, a
penalty, tiles taken back) is shown piece by piece only to its holder (the
viewer); the others read the count.

The words come from the chosen language's catalogue (pips.lang); a game's
`blocked_text` is read in its own words (its key "blocked").
"""

from pips import lang


def seat_name(seat):
    """P1, P2...: every surface's name for a seat (seat 0 is P1)."""
    return "P%d" % (seat + 1)


def label(text):
    """A move's text as a player reads it, on its button and in the events:
    capitalised, the call `uno` reads UNO!, and a trailing seat number
    (`catch 2`) names the seat as the status strip does (`Catch P3`)."""
    parts = text.split(" ")
    for i in range(len(parts)):  # (a loop: the buttons' labels are read every frame)
        if parts[i] == "uno":
            parts[i] = "UNO!"
    last = parts[-1]
    if len(parts) > 1 and last.isdigit():
        parts[-1] = seat_name(int(last))
    out = " ".join(parts)
    return out[:1].upper() + out[1:]


def over(game, view):
    """How the hand ended when nobody went out (the game's `blocked_text`),
    else None; `view`: any seat's view of the game."""
    if game.blocked_text is None or game.turn >= 0 or 0 in view.sizes:
        return None
    return lang.game_text(game, "blocked") if game.words else game.blocked_text


def deal(game, view):
    """The lines of a new hand: who deals or starts; at a pile table, the
    first card turned up and what it did (who took cards, the direction, who
    plays). `view`: the viewer's view of the game (any seat's, when nobody
    holds the device)."""
    if game.dealer >= 0:
        head = lang.text("dealer", seat_name(game.dealer))
    else:
        head = lang.text("first", seat_name(game.turn))
    if view.table_kind != "pile":
        return [head]
    from pips.cards import text

    sizes = view.sizes
    least = min(sizes)
    said = [
        lang.text("takes", seat_name(s), lang.num(sizes[s] - least))
        for s in range(len(sizes))
        if sizes[s] > least
    ]
    if view.direction < 0:
        said.append(lang.text("reversed"))
    if view.pending:  # a first wild: its colour is named
        said.append(lang.text("names_colour", seat_name(game.turn)))
    else:
        said.append(lang.text("plays_next", seat_name(game.turn)))
    return [lang.text("first_card", head, text(view.top)), lang.join(said)]


def before(view, viewer):
    """What a move's events are read against, from the view before the move
    (as move() takes it, for the viewer)."""
    return bytes(view.sizes), view.hand_list() if viewer >= 0 else None


def move(game, seat, text, before, view, viewer):
    """The lines of `seat`'s move `text` (its text before it was played):
    the move with who took how many, then what only the viewer sees, a
    question put to the viewer, how the hand ended. `before` from before(),
    `view` the viewer's view after the move (any seat's, when nobody holds
    the device; the same seat's as before())."""
    sizes, hand = before
    after = view.sizes
    name = seat_name(seat)
    took = []  # the seats whose hands grew (a loop: no function made in a move's frame)
    for s in range(len(after)):
        if s < len(sizes) and after[s] > sizes[s]:
            took.append(s)
    got = []  # the pieces new in the viewer's hand, by name
    # the viewer's hand is read when it grew, or when the viewer moved (a lay may
    # turn up as many as it laid: Solitaire)
    if hand is not None and (viewer in took or viewer == seat):
        if view.piece_kind == "card":
            from pips.cards import text as piece_text
        else:
            from pips.tiles import text as piece_text
        rest = list(hand)
        for code in view.hand_list():
            if code in rest:
                rest.remove(code)
            else:
                got.append(piece_text(code))
        if got and viewer not in took:  # as many came in as went out (Solitaire's turn-up)
            took.append(viewer)
            took.sort()
    mine = bool(got)
    if text == "draw" and took == [seat]:
        line = lang.text("drew", name, lang.num(len(got) if mine else after[seat] - sizes[seat]))
        took = ()
    else:
        line = lang.text("move", name, label(text))  # as its button reads
    if text == "challenge":  # the +4 challenged: who takes the cards tells the outcome
        line = lang.text("fair" if seat in took else "bluff", name)
    if took:
        pieces = [line]
        for s in took:
            # the viewer counts what came in (a move may also lay one: Solitaire's
            # turn-up after a lay), the others what their hand grew by
            if s == viewer:
                pieces.append(lang.text("you_take", lang.num(len(got) if mine else after[s] - sizes[s])))
            else:
                pieces.append(lang.text("takes", seat_name(s), lang.num(after[s] - sizes[s])))
        line = lang.join(pieces)
    out = [line]
    if mine:
        out.append(lang.text("you_drew" if text == "draw" else "into_hand", " ".join(got)))
    turn = game.turn
    if turn == viewer and turn != seat and view.pending:
        # a question put to the viewer by another's move: UNO's +4
        out.append(lang.text("on_you", text.split(":")[0]))
    if turn < 0:
        end = over(game, view)
        if end is not None:
            out.append(end)
        elif 0 <= game.winner < len(after) and after[game.winner] == 0:
            out.append(lang.text("goes_out", seat_name(game.winner)))
    return out
