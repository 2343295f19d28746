// pocket-party in the browser: the MicroPython VM and the firmware, in a Web Worker.
//
// The firmware is a blocking loop (ui.wait_key -> hal.power.nap(ms)). The
// WebAssembly port is not built with Asyncify, so Python cannot await the page
// from inside that loop; instead the loop runs here, off the page's thread, and
// nap() blocks in Atomics.wait() on a SharedArrayBuffer that the page writes
// button changes into (web_hal.py: webhost.wait). The page stays responsive.
//
// Messages in:  {type: "start", seed, keys (string or null), code (a game code or null),
//                date ("YYYY-MM-DD" or null: today here), saves: {name: hex}, ring (SharedArrayBuffer or null)}
// Messages out: {type: "ready"}, {type: "frame", hex, on, inverted, contrast, flipped},
//               {type: "persist", op, name, data}, {type: "done"}, {type: "fatal", what, message},
//               {type: "stdout", text}

const RING = 256; // keep in step with app.js
let ring = null;
let readCount = 0;
let fixedDate = null; // the page's ?date=, else today's date here

function pad(n) {
  return String(n).padStart(2, "0");
}

function post(msg) {
  self.postMessage(msg);
}

const webhost = {
  wait(ms) {
    if (ring === null) return "";
    let w = Atomics.load(ring, 0);
    if (w === readCount && ms > 0) {
      Atomics.wait(ring, 0, w, ms);
      w = Atomics.load(ring, 0);
    }
    let s = "";
    while (readCount < w) {
      s += String.fromCharCode(97 + ring[2 + (readCount % RING)]);
      readCount++;
    }
    return s;
  },
  frame(hex, on, inverted, contrast, flipped) {
    post({ type: "frame", hex, on: !!on, inverted: !!inverted, contrast, flipped: !!flipped });
  },
  persist(op, name, data) {
    post({ type: "persist", op, name, data });
  },
  today() {
    if (fixedDate !== null) return fixedDate;
    const d = new Date();
    return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate());
  },
};

function b64bytes(s) {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function hexbytes(s) {
  const out = new Uint8Array(s.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.substr(2 * i, 2), 16);
  return out;
}

async function start(msg) {
  let loadMicroPython;
  try {
    ({ loadMicroPython } = await import("./micropython.mjs"));
  } catch (e) {
    post({ type: "fatal", what: "runtime", message: "micropython.mjs did not load: " + e });
    return;
  }
  let mp;
  try {
    mp = await loadMicroPython({
      heapsize: 4 * 1024 * 1024,
      stdout: (text) => post({ type: "stdout", text }),
      stderr: (text) => post({ type: "stdout", text }),
    });
  } catch (e) {
    post({ type: "fatal", what: "wasm", message: String(e && e.message ? e.message : e) });
    return;
  }
  let bundle;
  try {
    const r = await fetch("firmware.json");
    if (!r.ok) throw new Error("HTTP " + r.status);
    bundle = await r.json();
  } catch (e) {
    post({ type: "fatal", what: "firmware", message: "firmware.json did not load: " + e });
    return;
  }
  const FS = mp.FS;
  for (const [path, data] of Object.entries(bundle.files)) {
    const full = "/lib/" + path;
    FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    FS.writeFile(full, b64bytes(data));
  }
  FS.mkdirTree("/saves");
  for (const [name, hex] of Object.entries(msg.saves || {})) {
    FS.writeFile("/saves/" + name, hexbytes(hex));
  }
  ring = msg.ring ? new Int32Array(msg.ring) : null;
  fixedDate = msg.date || null;
  mp.registerJsModule("webhost", webhost);
  post({ type: "ready" });
  const keys = msg.keys === null || msg.keys === undefined ? "None" : JSON.stringify(msg.keys);
  const code = msg.code ? JSON.stringify(msg.code) : "None";
  try {
    mp.runPython("import web_hal\nweb_hal.start(" + (msg.seed >>> 0) + ", " + keys + ", " + code + ")\n");
    post({ type: "done" });
  } catch (e) {
    post({ type: "fatal", what: "python", message: (e.type ? e.type + ": " : "") + e.message });
  }
}

self.onmessage = (ev) => {
  if (ev.data && ev.data.type === "start") start(ev.data);
};
