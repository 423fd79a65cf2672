"""`python -m pips_tools.pico_link`: two emulated Picos in one process
(pips_tools.pico.play_link), UART0 to UART0 at 115,200 baud, play a linked
Block match from their title screens to the results, A pressed every 300
ms on both. Prints the time from the release of a guest's key that plays a
move to the end of the host's frame that plays it on its table, in
simulated time (median and 90th percentile), the bytes each device sent on
its cable, and whether each device's frames are the desktop's.

    python -m pips_tools.pico_link [--folder DIR] [--max-sim-s 900]
"""

import argparse
import sys
import tempfile

from pips_tools import pico


def percentile(values, q):
    """The nearest-rank q-quantile of `values` (0 < q <= 1)."""
    ordered = sorted(values)
    k = max(0, -(-int(q * 1000) * len(ordered) // 1000) - 1)
    return ordered[k]


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m pips_tools.pico_link", description=__doc__.split("\n\n")[0])
    p.add_argument("--folder", help="where the runs' files go (default: a new temporary folder)")
    p.add_argument("--max-sim-s", type=int, default=900, help="simulated seconds at most (default 900)")
    args = p.parse_args(argv)
    why = pico.missing()
    if why is not None:
        sys.stderr.write("pico_link: %s\n" % why)
        return 1
    folder = args.folder or tempfile.mkdtemp(prefix="pips-link-")
    result = pico.play_link(folder, args.max_sim_s)
    for role in ("host", "guest"):
        r = result[role]
        names = [words[2] for words in r["info"]]
        differ = pico.frames_equal(r)
        print("%s: %s, %d frames to %s at %.1f s simulated; frames %s" % (
            role, r["summary"]["stop"], len(names), names[-1], r["summary"]["simS"],
            "as the desktop's" if differ is None else "differ from the desktop's: frame %d, %s" % differ))
    print("cable bytes sent: host %d, guest %d" % tuple(result["uart_bytes"]))
    times = pico.link_times(result)
    if not times:
        print("no guest move timed")
        return 1
    print("guest key to its move on the host's table, %d moves, simulated ms: median %d, p90 %d "
          "(min %d, max %d)" % (len(times), percentile(times, 0.5), percentile(times, 0.9),
                                min(times), max(times)))
    print("files in %s" % folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
