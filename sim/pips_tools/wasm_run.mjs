// Run a MicroPython script on the webassembly port (npm
// @micropython/micropython-webassembly-pyscript), for the tests.
//
//     node wasm_run.mjs PORT_MJS TREE SCRIPT [ARG...]
//
// PORT_MJS is the package's micropython.mjs; TREE a folder copied into the
// port's in-memory file system as /lib (the port cannot see the host's files),
// put first on sys.path; SCRIPT the Python file to run, with sys.argv set to
// [SCRIPT, ARG...]. Prints what the script prints; exits 1 on an uncaught
// Python exception (its traceback on stderr), else 0.
//
// This port is 32-bit (sys.maxsize is 2**31 - 1), unlike the 64-bit unix
// port, so it checks that the core's numbers stay small ints there too. Its
// heap grows by itself, so it cannot hold a memory budget.

import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";

const [portPath, tree, script, ...args] = process.argv.slice(2);
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
} catch (error) {
  process.stderr.write(String(error && error.message ? error.message : error) + "\n");
  process.exit(1);
}
