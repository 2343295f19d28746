// tools/headless.py on the MicroPython WebAssembly port under Node: a 32-bit VM,
// like the RP2040, for `make bench`'s 32-bit heap figures (tools/bench_pico.py).
//
//   node web/headless.mjs MPY_TREE [headless.py arguments...]
//   node web/headless.mjs MPY_TREE --steps GAME|launcher PLAYERS SEED
//
// MPY_TREE: the firmware and hal/ as .mpy (tools/build.py mpy_tree, e.g. build/mpy),
// laid out at /pp/firmware in the port's in-memory file system beside tools/headless.py,
// tools/_path.py, tools/devtime.py and sim/keyscript.py. A --keys-file is copied in;
// a --saves folder is copied in before the run and back out after it, so that
// boots after a reset (--resets, tools/bench.py run_with_resets) find the pick.
// Prints what headless.py prints; exits 1 if Python raised. (This port collects only
// when a call from JavaScript begins, never while the console runs: --mem there
// counts garbage too. --steps measures what it can.)
// --steps: tools/heap_steps.py, one decision per call from here, each call starting
// with the port's own collection (it collects only then): prints LIVE peak=<bytes>.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(HERE);
const PORT = path.join(HERE, "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs");
const TOOLS = ["_path.py", "headless.py", "devtime.py", "heap_steps.py"];

function copyIn(FS, hostDir, memDir) {
  FS.mkdirTree(memDir);
  for (const name of fs.readdirSync(hostDir)) {
    const h = path.join(hostDir, name);
    const m = memDir + "/" + name;
    if (fs.statSync(h).isDirectory()) copyIn(FS, h, m);
    else FS.writeFile(m, fs.readFileSync(h));
  }
}

function copyOut(FS, memDir, hostDir) {
  const kept = new Set();
  for (const name of FS.readdir(memDir)) {
    if (name === "." || name === "..") continue;
    const m = memDir + "/" + name;
    if (FS.isDir(FS.stat(m).mode)) continue;
    fs.writeFileSync(path.join(hostDir, name), FS.readFile(m));
    kept.add(name);
  }
  for (const name of fs.readdirSync(hostDir)) {
    if (!kept.has(name) && !fs.statSync(path.join(hostDir, name)).isDirectory()) fs.unlinkSync(path.join(hostDir, name));
  }
}

async function main() {
  const [tree, ...args] = process.argv.slice(2);
  if (!tree || !fs.existsSync(tree)) {
    process.stderr.write("usage: node web/headless.mjs MPY_TREE [headless.py arguments...]\n");
    process.exit(2);
  }
  const { loadMicroPython } = await import(PORT);
  const mp = await loadMicroPython({
    heapsize: 4 * 1024 * 1024,
    stdout: (t) => process.stdout.write(t + "\n"),
    stderr: (t) => process.stderr.write(t + "\n"),
  });
  const FS = mp.FS;
  copyIn(FS, path.resolve(tree), "/pp/firmware");
  FS.mkdirTree("/pp/tools");
  for (const name of TOOLS) FS.writeFile("/pp/tools/" + name, fs.readFileSync(path.join(ROOT, "tools", name)));
  FS.mkdirTree("/pp/sim");
  FS.writeFile("/pp/sim/__init__.py", "");
  FS.writeFile("/pp/sim/keyscript.py", fs.readFileSync(path.join(ROOT, "sim", "keyscript.py")));
  let saves = null;
  for (let i = 0; i < args.length - 1; i++) {
    if (args[i] === "--keys-file") {
      const f = path.resolve(args[i + 1]);
      FS.mkdirTree(path.dirname(f));
      FS.writeFile(f, fs.readFileSync(f));
      args[i + 1] = f;
    } else if (args[i] === "--saves") {
      saves = path.resolve(args[i + 1]);
      copyIn(FS, saves, saves);
      args[i + 1] = saves;
    }
  }
  let status = 0;
  if (args[0] === "--steps") {
    const [, game, players, seed] = args;
    try {
      mp.runPython("import sys\nsys.path.insert(0, '/pp/tools')\nimport gc, heap_steps\n" +
        "heap_steps.setup(" + JSON.stringify(game) + ", " + Number(players) + ", " + Number(seed) + ")\n");
      let peak = 0;
      let steps = 0;
      for (;;) {
        // the call begins with the port's collection: what is allocated is what is live
        mp.runPython("live = gc.mem_alloc()\nmore = heap_steps.step()\n");
        peak = Math.max(peak, mp.globals.get("live"));
        if (!mp.globals.get("more")) break;
        steps++;
      }
      mp.runPython("live = gc.mem_alloc()\n");
      peak = Math.max(peak, mp.globals.get("live"));
      process.stdout.write("LIVE peak=" + peak + " steps=" + steps + "\n");
    } catch (e) {
      process.stderr.write((e && e.type ? e.type + ": " : "") + String(e && e.message ? e.message : e) + "\n");
      status = 1;
    }
    process.exit(status);
  }
  try {
    mp.runPython(
      "import sys\nsys.path.insert(0, '/pp/tools')\nimport headless\nheadless.main(" + JSON.stringify(args) + ")\n");
  } catch (e) {
    const msg = String(e && e.message ? e.message : e);
    if (!/SystemExit/.test((e && e.type) || msg)) {
      process.stderr.write((e && e.type ? e.type + ": " : "") + msg + "\n");
      status = 1;
    } else status = /SystemExit: 0\b/.test(msg) ? 0 : 2;
  }
  if (saves) copyOut(FS, saves, saves);
  process.exit(status);
}

main();
