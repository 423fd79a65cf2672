"""Large constant tables kept in a data file beside their module, read as needed.

With the .mpy files on a board's filesystem, every constant of a module is
copied into RAM when the module is imported; frozen into the firmware (and
on the desktop) a table stays where it is, in flash, and costs no RAM. So
the .mpy build (pips_tools.mpy, its table DATA_TABLES: the fonts' runs, the
catalogues' phrases) writes such a table to a data file beside the module
and compiles the module with the file's name where the table was. The one
choice a reader makes: a table that is a str is the name of its data file.
"""

import sys

# The .mpy form: this module (and so every module) was loaded from a .mpy
# file, its code in RAM (frozen: ".py", in flash; the desktop: ".py").
IN_RAM = globals().get("__file__", "").endswith(".mpy")


def open_data(name):
    """The data file `name` (its path inside the tree: "pips/ui/font8.dat")
    open for reading, found as its module was: from the current folder or a
    folder of sys.path."""
    for folder in sys.path:
        try:
            return open(folder + "/" + name if folder else name, "rb")
        except OSError:
            pass
    raise OSError("no data file " + name)
