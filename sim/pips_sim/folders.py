"""The desktop's own folders (the window and the terminal share them)."""

import os


def data_folder():
    """Where the desktop keeps its match, settings and statistics (pips.save):
    $PIPS_DATA_DIR, else $XDG_DATA_HOME/pips, else ~/.local/share/pips."""
    folder = os.environ.get("PIPS_DATA_DIR")
    if folder:
        return folder
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "pips")
