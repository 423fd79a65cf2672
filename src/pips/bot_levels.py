"""The bot levels, the greedy bot, and the making of a bot (pips.bots offers
them all, and loads this module on first use; pips.bots.table_bots loads it to
make a table's bots and lets it go: a greedy bot keeps its class)."""

from pips.bots import RandomBot, SmartBot

LEVELS = ("random", "greedy", "smart")


class GreedyBot(RandomBot):
    """The game's own heuristic (Game.greedy), which follows the page's tips."""

    level = "greedy"

    def choose(self, view):
        if view.turn != view.seat:
            return self.react(view)
        n = self._moves(view)
        if n == 1:
            return self.buf[0]
        return view.game_class.greedy(view, self.buf, n, self.rng)


def make(level, rng=None, game_class=None, rollouts=-1):
    if level == "random":
        return RandomBot(rng, game_class)
    if level == "greedy":
        return GreedyBot(rng, game_class)
    if level == "smart":
        return SmartBot(rng, game_class, rollouts)
    raise ValueError("no bot %r (random, greedy or smart)" % level)
