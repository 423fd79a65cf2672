"""The `pips` command: play in the terminal, run bot matches, referee a hand, open the window.

    pips play GAME [--players N] [--humans K] [--bots smart,greedy] [--seed S] [--set K=V]
    pips run GAME --games N --bots smart,random [--players N] [--seed S] [--rollouts R] [--json]
    pips referee GAME [--players N] [--seed S] [--deal "..."] [--first SEAT] [--set K=V]
    pips sim ...           the simulator window (its own options)

Every subcommand is generic over the games in `pips.games`. Bad values end
with a one-line message on stderr and exit 2; Ctrl-C with a one-line message
and exit 130; standard input is read as bytes, so bytes that are not text
(bad UTF-8) are moves like any other unreadable text, never a crash.
"""

import argparse
import json
import os
import sys
import time

from pips import bots, games
from pips_sim.folders import data_folder


class UsageError(Exception):
    """A bad command-line value: reported on stderr with exit code 2."""


# the smart bots' rollouts per decision: -1 (the level's own number) or this range
ROLLOUTS = (1, 100000)


class Lines:
    """Standard input read as bytes and decoded with errors replaced: a byte
    that is not text in the stream's encoding (bad UTF-8 under a strict UTF-8
    locale) becomes U+FFFD in its line instead of stopping the command."""

    def __init__(self, raw, encoding="utf-8"):
        self.raw = raw
        self.encoding = encoding

    def readline(self, size=-1):
        return self.raw.readline(size).decode(self.encoding, "replace")

    def isatty(self):
        return self.raw.isatty()

    def __iter__(self):
        while True:
            line = self.readline()
            if not line:
                return
            yield line


def lenient(stream):
    """`stream` (a text stream) read through Lines when it has bytes underneath."""
    raw = getattr(stream, "buffer", None)
    if raw is None:
        return stream
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        "".encode(encoding)
    except LookupError:
        encoding = "utf-8"
    return Lines(raw, encoding)


def whole(text):
    """argparse type: a whole number written in ASCII digits (int() also reads
    other scripts' digits, and refuses 5,000 digits with its own error)."""
    digits = text[1:] if text[:1] in ("-", "+") else text
    if not digits or len(digits) > 18 or not all("0" <= c <= "9" for c in digits):
        raise argparse.ArgumentTypeError("not a whole number: %r" % (text[:40],))
    return int(text)


def check_seed(seed):
    if seed is not None and seed < 0:
        raise UsageError("--seed takes a whole number 0 or more, not %d" % seed)


def check_rollouts(rollouts):
    low, high = ROLLOUTS
    if rollouts != -1 and not low <= rollouts <= high:
        raise UsageError(
            "--rollouts takes %d to %d (or -1, the level's own number), not %d"
            % (low, high, rollouts)
        )


def parse_sets(pairs):
    options = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError("--set takes KEY=VALUE, not %r" % pair)
        options[key.strip()] = value.strip()
    return options


def parse_levels(text):
    """Bot levels from `normal,hard` (level names or bot names, any case)."""
    words = text.split(",")
    if not text.strip() or any(not w.strip() for w in words):
        raise UsageError("--bots takes levels separated by commas, none empty, like "
                         "normal,hard: not %r" % text[:40])
    try:
        return [bots.level_of(w) for w in words]
    except ValueError as exc:
        raise UsageError(str(exc))


def game_class(name):
    try:
        return games.get(name)
    except ImportError as exc:
        raise UsageError("game %r cannot be loaded: %s" % (name, exc))
    except ValueError as exc:
        raise UsageError(str(exc))


def table(cls, pairs):
    try:
        return cls.table(parse_sets(pairs))
    except ValueError as exc:
        raise UsageError(str(exc))


def check_players(cls, players):
    try:
        cls.check_players(players)
    except ValueError as exc:
        raise UsageError(str(exc))


def is_terminal(stream):
    return hasattr(stream, "isatty") and stream.isatty()


def data_store(folder, stderr):
    """The store of the data folder, or None (said in one line on stderr)
    when the folder cannot be used: play goes on without saving. A write that
    fails later is said once, and play goes on."""
    from pips.save import Store

    store = Store(folder, lambda text: stderr.write("pips: %s\n" % text))
    why = store.usable()
    if why is not None:
        stderr.write("pips: %s: this match is not saved\n" % why)
        return None
    return store


def ask(stdin, stdout, question):
    stdout.write(question)
    stdout.flush()
    return stdin.readline().strip().lower()


def kept_or_new(args, cls, store, stdin, stdout, stderr):
    """What `pips play` does about the game's kept match: (the kept match to
    play on or None, whether the new match is saved). --resume resumes it
    (an error when none can be); at a terminal the player is asked, and asked
    again before a new match replaces it; without a terminal a kept match is
    never replaced: the new match is not saved, unless --new. Returns None
    when the player keeps the match and plays nothing."""
    from pips.restore import peek_match, read_match
    from pips.save import match_record

    kept_there = store is not None and store.kept(match_record(cls.name))
    if args.resume:
        if not kept_there:
            raise UsageError("no match of %s is kept" % cls.title)
        kept, note = read_match(store, cls.name)
        if note is not None:
            stderr.write("pips: %s\n" % note)
        if kept is None:
            raise UsageError("the kept match of %s cannot be resumed" % cls.title)
        return check_humans(kept), True
    if not kept_there or args.new:
        return None, store is not None
    if not is_terminal(stdin):
        stderr.write("pips: a match of %s is kept: this one is not saved (--new replaces it, "
                     "--resume plays it on)\n" % cls.title)
        return None, False
    head = peek_match(store, cls.name)
    if head is not None:
        answer = ask(stdin, stdout, "A match of %s is kept (hand %d, totals %s). Resume it? [Y/n] "
                     % (cls.title, head[0] + 1, " ".join(map(str, head[1]))))
        if answer in ("", "y", "yes"):
            kept, note = read_match(store, cls.name)
            if note is not None:
                stdout.write("%s\n" % note)
            if kept is not None:
                return check_humans(kept), True
            stdout.write("The kept match cannot be resumed.\n")
    answer = ask(stdin, stdout, "Start a new match of %s? The kept one is lost. [y/N] " % cls.title)
    if answer not in ("y", "yes"):
        return None
    return None, True


def check_humans(kept):
    """A kept match the terminal can play: its humans in the first seats."""
    levels = kept.levels
    humans = levels.count("human")
    if levels[:humans] != ["human"] * humans:
        raise UsageError("the kept match has its humans at other seats: resume it in the window")
    return kept


# -- subcommands ---------------------------------------------------------------
def play_language(option, environment):
    """The terminal game's language: --lang, else the LANG environment
    variable's (`cs_CZ.UTF-8`: cs), else English."""
    from pips import lang

    if option is None:
        return lang.from_environment(environment)
    if option not in lang.CODES:
        raise UsageError("--lang: no language %r (try: %s)" % (option, ", ".join(lang.CODES)))
    return option


def cmd_play(args, stdin, stdout):
    from pips_sim.term_play import TermPlay

    cls = game_class(args.game)
    check_seed(args.seed)
    check_rollouts(args.rollouts)
    levels = parse_levels(args.bots) if args.bots is not None else ["greedy"]  # one Normal bot
    if args.humans < 0:
        raise UsageError("--humans must be 0 or more")
    if args.resume and args.new:
        raise UsageError("--resume plays the kept match on, --new replaces it: not both")
    language = play_language(args.lang, os.environ.get("LANG"))
    store = data_store(data_folder(), sys.stderr)
    choice = kept_or_new(args, cls, store, stdin, stdout, sys.stderr)
    if choice is None:
        return 0  # the kept match stays
    kept, saved = choice
    if kept is not None:
        match = kept.match
        humans = kept.levels.count("human")
        session = TermPlay(
            match.game_class,
            match.players,
            humans=humans,
            levels=kept.levels[humans:],
            seed=kept.seed,
            options=match.options,
            inp=stdin,
            out=stdout,
            store=store,
            kept=kept,
            language=language,
        )
        return session.run()
    players = args.players
    if players is None:
        listed = len(levels) if args.bots is not None else 0
        players = max(cls.min_players, args.humans + listed)
    check_players(cls, players)
    if args.humans > players:
        raise UsageError("%d humans do not fit a %d-player table" % (args.humans, players))
    if args.first is not None and not 0 <= args.first < players:
        raise UsageError("--first: no seat %d at a %d-player table (seats are 0 to %d)"
                         % (args.first, players, players - 1))
    options = table(cls, args.set)
    seed = args.seed
    if seed is None:
        seed = int(time.time()) % 1000000
        stdout.write("Seed %d (replay this match with --seed %d)\n" % (seed, seed))
    session = TermPlay(
        cls,
        players,
        humans=args.humans,
        levels=levels,
        seed=seed,
        options=options,
        rollouts=args.rollouts,
        inp=stdin,
        out=stdout,
        first=args.first if args.first is not None else -1,
        store=store if saved else None,
        language=language,
    )
    return session.run()


def cmd_stats(args, stdin, stdout):
    """The statistics the terminal and the window keep (pips.stats)."""
    from pips.save import Store
    from pips.settings import HEAD, stats_lines
    from pips import stats

    folder = data_folder()
    rows = stats_lines(stats.read(Store(folder)) if os.path.isdir(folder) else {}, games.title)
    stdout.write("\n".join([HEAD] + (rows or ["no match played yet"])) + "\n")
    return 0


def cmd_run(args, stdin, stdout):
    from pips_sim import runner

    cls = game_class(args.game)
    check_seed(args.seed)
    check_rollouts(args.rollouts)
    levels = parse_levels(args.bots)
    players = args.players if args.players is not None else max(cls.min_players, len(levels))
    check_players(cls, players)
    if len(levels) > players:
        raise UsageError("%d bots listed for %d seats" % (len(levels), players))
    levels += [levels[-1]] * (players - len(levels))
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    progress = runner.Progress(args.games)
    result = runner.run(
        cls,
        levels,
        args.games,
        seed=args.seed,
        options=table(cls, args.set),
        rollouts=args.rollouts,
        progress=progress,
    )
    if args.json:
        stdout.write(json.dumps(result) + "\n")
    else:
        stdout.write(runner.format_table(result) + "\n")
    return 0


def cmd_referee(args, stdin, stdout):
    from pips_sim import referee

    cls = game_class(args.game)
    check_seed(args.seed)
    players = args.players if args.players is not None else cls.min_players
    check_players(cls, players)
    try:
        game = referee.new_game(
            cls, players, args.seed, args.deal, -1 if args.first is None else args.first,
            parse_sets(args.set)
        )
    except ValueError as exc:
        raise UsageError(str(exc))
    return referee.run(game, stdin, stdout)


def cmd_host(args, stdin, stdout):
    from pips_sim import link_term

    cls = game_class(args.game)
    check_seed(args.seed)
    players = args.players if args.players is not None else max(2, cls.min_players)
    check_players(cls, players)
    if not 1 <= args.guests < players:
        raise UsageError("%d guest devices at a %d-player table" % (args.guests, players))
    options = table(cls, args.set)
    store = data_store(args.data, sys.stderr) if getattr(args, "data", None) else None
    if store is None:
        from pips.link.sim import MemoryStore

        store = MemoryStore()
    return link_term.host(args.game, args.port, players, args.guests, args.seed, options, stdin, stdout, store)


def cmd_join(args, stdin, stdout):
    from pips_sim import link_term

    if ":" not in args.address:
        raise UsageError("an address is HOST:PORT, like 127.0.0.1:7700")
    try:
        return link_term.join(args.address, stdin, stdout)
    except OSError as exc:
        raise UsageError("cannot reach %s (%s)" % (args.address, exc))


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr (exit 2), as
    every other error of the command's."""

    def error(self, message):
        self.exit(2, "%s: error: %s\n" % (self.prog, message))


def parser():
    top = OneLineParser(
        prog="pips", description="Pips: domino and UNO games in the terminal and the simulator."
    )
    sub = top.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    sub.required = True
    names = ", ".join(games.names())

    def common(p, seed_help="seed of the deals, 0 or more (default 0)", seed=0):
        p.add_argument("game", help="the game: %s" % names)
        p.add_argument("--players", type=whole, help="seats at the table")
        p.add_argument("--seed", type=whole, default=seed, help=seed_help)
        p.add_argument(
            "--set",
            action="append",
            metavar="KEY=VALUE",
            help="a table option, like target=50 (repeatable)",
        )

    p = sub.add_parser("play", help="play a match in the terminal against bots or friends")
    common(p, "seed of the deals, 0 or more (default: from the clock, printed for a replay)", None)
    p.add_argument("--humans", type=whole, default=1, help="human seats, from seat 0 (default 1)")
    p.add_argument("--bots", help="bot levels for the other seats in order: easy, normal, hard "
                   "(or random, greedy, smart; default one normal)")
    p.add_argument(
        "--rollouts",
        type=whole,
        default=-1,
        help="smart bot rollouts per decision, 1 to %d (default -1: the level's own)" % ROLLOUTS[1],
    )
    p.add_argument("--first", type=whole, help="first hand's starter, a seat from 0 (default by lot)")
    p.add_argument("--lang", help="the language played in: en, cs, pl or fa (default: from the "
                   "LANG environment variable, else en)")
    p.add_argument(
        "--resume",
        action="store_true",
        help="play on the game's match kept in the data folder, without asking (at a "
        "terminal `pips play` asks)",
    )
    p.add_argument(
        "--new",
        action="store_true",
        help="start a new match over the game's kept one without asking (without it, "
        "and without a terminal, a kept match is never replaced)",
    )
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("stats", help="matches played and won, and best scores, per game and level")
    p.set_defaults(run=cmd_stats)

    p = sub.add_parser("run", help="bot matches with statistics")
    common(p)
    p.add_argument("--games", type=whole, default=100, help="matches to play (default 100)")
    p.add_argument("--bots", default="smart,random", help="bot levels, one per seat in order "
                   "(easy, normal, hard, or random, greedy, smart)")
    p.add_argument(
        "--rollouts",
        type=whole,
        default=-1,
        help="smart bot rollouts per decision, 1 to %d (default -1: the level's own)" % ROLLOUTS[1],
    )
    p.add_argument("--json", action="store_true", help="print the results as one JSON object")
    p.set_defaults(run=cmd_run)

    p = sub.add_parser("referee", help="referee one hand over a line protocol (JSON out)")
    common(p)
    p.add_argument("--deal", help="a stacked deal in the game's notation, top first")
    p.add_argument(
        "--first",
        "--dealer",
        dest="first",
        type=whole,
        help="the seat the game names first (Block's starter, UNO's dealer), from 0; "
        "default by lot",
    )
    p.set_defaults(run=cmd_referee)

    p = sub.add_parser("host", help="host a linked match over TCP (the referee)")
    common(p)
    p.add_argument("--port", type=whole, default=7700, help="TCP port to listen on (default 7700)")
    p.add_argument("--guests", type=whole, default=1, help="devices to wait for (default 1)")
    p.add_argument("--data", help="folder to keep the match in (default: kept in memory)")
    p.set_defaults(run=cmd_host)

    p = sub.add_parser("join", help="join a linked match: pips join HOST:PORT")
    p.add_argument("address", help="the host's address, HOST:PORT")
    p.set_defaults(run=cmd_join)

    sub.add_parser("sim", help="the simulator window (pips sim --help for its options)")
    return top


def main(argv=None, stdin=None, stdout=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    stdin = stdin if stdin is not None else lenient(sys.stdin)
    stdout = stdout if stdout is not None else sys.stdout
    if argv and argv[0] == "sim":
        try:
            from pips_sim import simulator  # pygame only loads for the window
        except ImportError as exc:
            sys.stderr.write("pips sim: error: the simulator cannot be loaded: %s\n" % exc)
            return 2
        except KeyboardInterrupt:
            return interrupted("sim")
        try:
            return simulator.main(argv[1:])
        except KeyboardInterrupt:
            return interrupted("sim")
    top = parser()
    args, extra = top.parse_known_args(argv)
    if extra:
        sys.stderr.write("pips %s: error: unrecognized arguments: %s\n"
                         % (args.command, " ".join(extra)[:80]))
        return 2
    try:
        return args.run(args, stdin, stdout)
    except UsageError as exc:
        sys.stderr.write("pips %s: error: %s\n" % (args.command, exc))
        return 2
    except KeyboardInterrupt:
        return interrupted(args.command)
    except BrokenPipeError:
        return 0


def interrupted(command):
    """Ctrl-C: one line on stderr (after the line a prompt left open), exit 130."""
    sys.stderr.write("\npips %s: interrupted\n" % command)
    sys.stderr.flush()
    return 130


if __name__ == "__main__":
    sys.exit(main())
