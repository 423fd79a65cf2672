"""Copy the compiled firmware to a board over USB with mpremote (`make deploy`).

    python -m pips_tools.deploy --port /dev/ttyACM0 [--dry-run] [--force] [--frozen]

The files are those firmware/deploy.txt lists, taken from the .mpy tree that
`make mpy` builds (build/mpy; this command brings it up to date first), each to
the same path on the board. Only files whose content changed since the last
deploy to that port are sent: build/deployed.json keeps their SHA-256 per port.
mpremote's own `fs cp` also skips a file whose hash on the board already
matches, so a stale local record costs a check, never a wrong board. Then the
board is reset and runs main.py.

--dry-run prints the mpremote commands without running them (no board needed)
--force   sends every file, whatever either record says
--frozen  main.py only, for a firmware with the package frozen in but not main.py
          (`make firmware` freezes main.py too: that one needs nothing on the board)
--no-reset  leave the board running what it was

mpremote (pinned in requirements.txt) is run as a subprocess, `python -m
mpremote`, so nothing else needs it installed.
"""

import argparse
import fnmatch
import hashlib
import json
import os
import shlex
import subprocess
import sys

from pips_tools import mpy

ROOT = mpy.ROOT
DEPLOY_LIST = os.path.join(ROOT, "firmware", "deploy.txt")
DEFAULT_RECORD = os.path.join(ROOT, "build", "deployed.json")


class DeployError(RuntimeError):
    pass


def read_list(path=DEPLOY_LIST):
    """The (include, pattern) lines of a deploy list, comments and blanks dropped."""
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("-"):
                out.append((False, line[1:].strip()))
            else:
                out.append((True, line))
    return out


def tree_files(build_dir):
    """Every file under build_dir, as a '/'-separated path relative to it, sorted."""
    out = []
    for folder, dirs, names in os.walk(build_dir):
        dirs.sort()
        for name in names:
            rel = os.path.relpath(os.path.join(folder, name), build_dir)
            out.append(rel.replace(os.sep, "/"))
    return sorted(out)


def select(build_dir, rules):
    """The files of build_dir the rules pick, in order. `*` does not cross a '/'.
    A plain file name that is missing raises DeployError (a stale list or no build)."""
    return pick(tree_files(build_dir), rules, build_dir)


def pick(available, rules, where="the build"):
    """The paths of `available` the rules pick, in order (see select)."""
    chosen = []
    for include, pattern in rules:
        if any(ch in pattern for ch in "*?["):
            hits = [
                p
                for p in available
                if fnmatch.fnmatchcase(p, pattern) and p.count("/") == pattern.count("/")
            ]
        else:
            hits = [pattern] if pattern in available else []
            if include and not hits:
                raise DeployError(
                    "%s is listed in deploy.txt but not in %s (run `make mpy`)"
                    % (pattern, where)
                )
        if include:
            chosen.extend(p for p in hits if p not in chosen)
        else:
            chosen = [p for p in chosen if p not in hits]
    return chosen


PACKAGE_JSON = os.path.join(ROOT, "package.json")


def package_json(deploy_list=DEPLOY_LIST):
    """mip's package.json for the repository (`mpremote mip install
    github:OWNER/REPO`): the deploy list's files as their sources, each to the
    path the list gives it (a board then compiles them as it imports them),
    their URLs relative to the repository's root."""
    built = {}
    for src, rel in mpy.device_sources():
        built[os.path.relpath(mpy._target("", rel))] = src
    urls = []
    for name in pick(sorted(built), read_list(deploy_list)):
        src = built[name]
        dest = name[:-4] + ".py" if name.endswith(".mpy") else name
        urls.append([dest, os.path.relpath(src, ROOT).replace(os.sep, "/")])
    import tomllib

    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        version = tomllib.load(f)["project"]["version"]
    return {"urls": urls, "version": version}


def file_hash(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def load_record(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def save_record(path, record):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(record, f, indent=1, sort_keys=True)
    os.replace(tmp, path)


def folders_of(files):
    """The board folders the files need, parents first."""
    out = []
    for rel in files:
        parts = rel.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            folder = "/".join(parts[:i])
            if folder not in out:
                out.append(folder)
    return out


def mpremote_base(port):
    return [sys.executable, "-m", "mpremote", "connect", port]


def plan(port, build_dir, files, record, force=False, reset=True):
    """(commands, hashes): the mpremote command lines to run, and the new hash of
    every file they send. Nothing changed and not forced: no commands at all."""
    hashes = {}
    changed = []
    known = record.get(port, {})
    for rel in files:
        h = file_hash(os.path.join(build_dir, rel))
        hashes[rel] = h
        if force or known.get(rel) != h:
            changed.append(rel)
    if not changed:
        return [], hashes
    copy = list(mpremote_base(port))
    folders = folders_of(changed)
    if folders:
        # `fs mkdir` fails on a folder that exists: make the missing ones from the
        # board's side, parents first, in one line (the dry run prints it).
        names = ", ".join('"/%s"' % f for f in folders)
        code = (
            'import os; [os.mkdir(d) for d in (%s,) if d.rpartition("/")[2] not in '
            'os.listdir(d.rpartition("/")[0] or "/")]' % names
        )
        copy += ["exec", code, "+"]
    for i, rel in enumerate(changed):
        if i:
            copy.append("+")
        copy += ["fs", "cp"] + (["-f"] if force else []) + [os.path.join(build_dir, rel), ":" + rel]
    commands = [copy]
    if reset:
        commands.append(mpremote_base(port) + ["reset"])
    return commands, {rel: hashes[rel] for rel in changed}


def show(command):
    return " ".join(shlex.quote(part) for part in command)


def have_mpremote():
    import importlib.util

    return importlib.util.find_spec("mpremote") is not None


def deploy(
    port,
    build_dir=mpy.DEFAULT_OUT,
    deploy_list=DEPLOY_LIST,
    record_path=DEFAULT_RECORD,
    dry_run=False,
    force=False,
    frozen=False,
    reset=True,
    build=True,
    run=None,
    out=print,
    board=None,
):
    """Bring the board on `port` up to date; return the files sent (or to send,
    in a dry run). `run(command)` runs one command line and returns its exit
    status (tests pass a fake; default: subprocess)."""
    if build:
        mpy.build(build_dir)
    files = ["main.py"] if frozen else select(build_dir, read_list(deploy_list))
    if board is not None and not frozen:
        files = board_files(build_dir, files, board)
    record = load_record(record_path)
    commands, sent = plan(port, build_dir, files, record, force, reset)
    if not commands:
        out("%s: all %d files up to date, nothing to send" % (port, len(files)))
        return []
    if not dry_run and run is None and port.startswith("/dev/") and not os.path.exists(port):
        raise DeployError("no board at %s (plugged in? make deploy PORT=...)" % port)
    for rel in sent:
        out("%s %s" % ("would send" if dry_run else "sending", rel))
    if dry_run:
        for command in commands:
            out(show(command))
        return list(sent)
    if run is None:
        if not have_mpremote():
            raise DeployError("mpremote is not installed: .venv/bin/pip install mpremote==1.29.0")

        def run(command):
            return subprocess.run(command).returncode

    for command in commands:
        status = run(command)
        if status != 0:
            raise DeployError("mpremote failed (exit %d) on %s; --dry-run shows its commands"
                              % (status, port))
        if command is commands[0]:
            # The files are on the board: remember them before the reset.
            known = record.setdefault(port, {})
            known.update(sent)
            save_record(record_path, record)
    return list(sent)


def board_files(build_dir, files, board):
    """`files` for another board than the reference one: its profile and the
    profiles' kit (and the driver without a frame buffer, which the larger
    panels take) instead of pico_lcd_114.mpy, and pips_board.py (written into
    build_dir) naming it for main.py. The board table says which board is which."""
    from pips_tools.firmware import boards, write_board_name

    table = boards()
    try:
        module = table.entry(board)[0]
    except ValueError as e:
        raise DeployError(str(e))
    write_board_name(board, build_dir)
    if board == table.DEFAULT:
        return list(files) + ["pips_board.py"]
    return [f for f in files if f != "pico_lcd_114.mpy"] + [
        "kit.mpy", "st7789_direct.mpy", module + ".mpy", "pips_board.py"]


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m pips_tools.deploy", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--port", default="/dev/ttyACM0", help="the board's serial port")
    parser.add_argument("--build", default=mpy.DEFAULT_OUT, help="the .mpy tree (build/mpy)")
    parser.add_argument("--list", default=DEPLOY_LIST, help="the deploy list (firmware/deploy.txt)")
    parser.add_argument("--record", default=DEFAULT_RECORD, help="hashes of what was sent")
    parser.add_argument("--dry-run", action="store_true", help="print the commands only")
    parser.add_argument("--force", action="store_true", help="send every file")
    parser.add_argument("--frozen", action="store_true", help="Pips is frozen in: main.py only")
    parser.add_argument("--no-reset", action="store_true", help="do not reset the board")
    parser.add_argument("--board", help="the board (boards/board_table.py; default: the reference)")
    parser.add_argument("--package-json", action="store_true",
                        help="write package.json (mip's list of the device files) and stop")
    args = parser.parse_args(argv)
    if args.package_json:
        with open(PACKAGE_JSON, "w") as f:
            json.dump(package_json(args.list), f, indent=1)
            f.write("\n")
        print("wrote %s" % PACKAGE_JSON)
        return 0
    try:
        deploy(
            args.port,
            args.build,
            args.list,
            args.record,
            dry_run=args.dry_run,
            force=args.force,
            frozen=args.frozen,
            reset=not args.no_reset,
            board=args.board,
        )
    except (DeployError, mpy.MpyError) as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
