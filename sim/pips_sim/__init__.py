"""Pips on the desktop: the `pips` command, terminal play, the simulator's
window, the referee and bot matches. The tools that build, flash and measure
are pips_tools."""
