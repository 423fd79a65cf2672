// Run a MicroPython script on the webassembly port (npm
// @micropython/micropython-webassembly-pyscript), for the tests.
//
//     node wasm_run.mjs [--repeat NAME] PORT_MJS TREE SCRIPT [ARG...]
//
// PORT_MJS is the package's micropython.mjs; TREE a folder copied into the
// port's in-memory file system as /lib (the port cannot see the host's files),
// put first on sys.path; SCRIPT the Python file to run, with sys.argv set to
// [SCRIPT, ARG...]. Prints what the script prints; exits 1 on an uncaught
// Python exception (its traceback on stderr), else 0.
//
// --repeat NAME: once the script has run, call its global function NAME again
// and again, each call from the top level, while it returns true. This port
// collects garbage only there: gc.collect() inside a call just marks a
// collection as due, done when the call from JavaScript returns (its
// ports/webassembly/main.c, with the heap split and grown on demand), so a
// script that wants the heap collected between two pieces of its work makes
// each piece a call (pips_tools.memory's sessions: a frame a call).
//
// This port is 32-bit (sys.maxsize is 2**31 - 1), unlike the 64-bit unix
// port, so it checks that the core's numbers stay small ints there too. Its
// heap grows by itself, so it cannot hold a memory budget; what a script
// holds can still be read between calls (--repeat).

import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";

let params = process.argv.slice(2);
let repeat = null;
if (params[0] === "--repeat") {
  repeat = params[1];
  params = params.slice(2);
}
const [portPath, tree, script, ...args] = params;
const { loadMicroPython } = await import(pathToFileURL(portPath).href);

const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function copyTree(from, to) {
  mp.FS.mkdir(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = to + "/" + entry.name;
    if (entry.isDirectory()) {
      copyTree(source, target);
    } else if (entry.isFile()) {
      mp.FS.writeFile(target, fs.readFileSync(source));
    }
  }
}

copyTree(tree, "/lib");
const argv = JSON.stringify([script, ...args]);
try {
  // set up first, apart: the script's tracebacks keep its own line numbers
  mp.runPython(`import sys\nsys.path.insert(0, "/lib")\nsys.argv[:] = ${argv}\n`);
  mp.runPython(fs.readFileSync(script, "utf8"));
  if (repeat !== null) {
    do {
      mp.runPython(`_more = ${repeat}()`);
    } while (mp.globals.get("_more"));
  }
} catch (error) {
  process.stderr.write(String(error && error.message ? error.message : error) + "\n");
  process.exit(1);
}
