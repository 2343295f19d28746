// pocket-party in the browser: the page's side. Draws the panel, reads the
// buttons (keyboard, mouse, touch), keeps the saves in localStorage, and runs
// the firmware in worker.js.
//
// URL options: ?seed=N fixes the random seed (default: crypto.getRandomValues);
// ?keys=A+DOWN+A plays a key script on the simulator's virtual clock instead of
// interactive play (the tests use it), with fresh storage. ?code=XXXX-XXXX-XXXX opens
// that game code's game with its setup filled in (docs/app-api.md, "Game codes");
// ?date=YYYY-MM-DD fixes the date the console's clock tells (default: today, here).

const RING = 256; // keep in step with worker.js
const SCALE = 4; // canvas pixels per panel pixel
const ON = [235, 245, 255]; // sim/ssd1306_model.py to_image(): the simulator's colours
const OFF = [10, 12, 16];
const NAMES = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B"];
const SAVE_PREFIX = "pocket-party/save/";
const CHORD_MS = 500; // MENU holds A+B at least this long (sim/keyscript.py CHORD_MS)

const params = new URLSearchParams(location.search);
const scriptKeys = params.has("keys") ? params.get("keys").replace(/[,+]/g, " ").trim() : null;
const seed = params.has("seed")
  ? Number(params.get("seed")) >>> 0
  : crypto.getRandomValues(new Uint32Array(1))[0] & 0xffffff;
const code = params.has("code") ? params.get("code").trim().slice(0, 40) : null;
const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get("date") || "") ? params.get("date") : null;

const canvas = document.getElementById("oled");
const ctx = canvas.getContext("2d", { alpha: false });
canvas.width = 128 * SCALE;
canvas.height = 64 * SCALE;
const image = ctx.createImageData(canvas.width, canvas.height);
const statusEl = document.getElementById("status");
const errorEl = document.getElementById("error");

let worker = null;
let ring = null;
let ringView = null;
const held = new Map(); // button name -> number of sources holding it
let frames = 0;
let pending = null;

function setState(state, text) {
  document.body.dataset.state = state;
  if (text !== undefined) statusEl.textContent = text;
}

function fatal(what, message) {
  const lead = {
    runtime: "The MicroPython WebAssembly runtime (micropython.mjs) could not be loaded.",
    wasm: "The MicroPython WebAssembly file (micropython.wasm) is missing or broken, so the console cannot start.",
    firmware: "The firmware bundle (firmware.json) is missing or broken, so the console cannot start.",
    python: "The firmware stopped with an error.",
    isolation: "Interactive play needs a cross-origin isolated page (SharedArrayBuffer).",
    worker: "The console's worker could not start.",
  }[what] || "The console stopped.";
  const hint = what === "python" ? "Press Restart to boot again."
    : what === "isolation" ? "Serve the site with `make web-serve` (it sends the COOP/COEP headers) and open the address it prints."
      : "Rebuild the site with `make web` and reload the page.";
  errorEl.hidden = false;
  errorEl.textContent = lead + " " + hint + "\n\nDetails: " + message;
  setState("error", "Stopped: " + lead);
}

// ---- the panel ---------------------------------------------------------------
function draw(f) {
  const px = image.data;
  const W = canvas.width;
  const k = 0.6 + 0.4 * (f.contrast / 255.0);
  const lit = [0, 1, 2].map((i) => Math.trunc(OFF[i] + (ON[i] - OFF[i]) * k));
  const buf = new Uint8Array(1024);
  for (let i = 0; i < 1024; i++) buf[i] = parseInt(f.hex.substr(2 * i, 2), 16);
  for (let y = 0; y < 64; y++) {
    for (let x = 0; x < 128; x++) {
      let on = 0;
      if (f.on) {
        const sx = f.flipped ? 127 - x : x;
        const sy = f.flipped ? 63 - y : y;
        on = ((buf[(sy >> 3) * 128 + sx] >> (sy & 7)) & 1) ^ (f.inverted ? 1 : 0);
      }
      const c = on ? lit : OFF;
      for (let dy = 0; dy < SCALE; dy++) {
        let o = ((y * SCALE + dy) * W + x * SCALE) * 4;
        for (let dx = 0; dx < SCALE; dx++, o += 4) {
          px[o] = c[0];
          px[o + 1] = c[1];
          px[o + 2] = c[2];
          px[o + 3] = 255;
        }
      }
    }
  }
  ctx.putImageData(image, 0, 0);
  frames++;
  document.body.dataset.frames = String(frames);
}

function scheduleDraw(f) {
  const first = pending === null;
  pending = f;
  if (first) {
    requestAnimationFrame(() => {
      const p = pending;
      pending = null;
      draw(p);
    });
  }
}

function clearPanel() {
  draw({ hex: "00".repeat(1024), on: false, inverted: false, contrast: 255, flipped: false });
}

// ---- buttons -------------------------------------------------------------------
function send(name, level) {
  if (ringView === null) return;
  const w = Atomics.load(ringView, 0);
  ringView[2 + (w % RING)] = NAMES.indexOf(name) * 2 + level;
  Atomics.store(ringView, 0, w + 1);
  Atomics.notify(ringView, 0);
}

function press(name) {
  const n = held.get(name) || 0;
  held.set(name, n + 1);
  if (n === 0) {
    send(name, 0);
    for (const el of document.querySelectorAll('[data-key="' + name + '"]')) el.classList.add("down");
  }
}

function release(name) {
  const n = held.get(name) || 0;
  if (n === 0) return;
  held.set(name, n - 1);
  if (n === 1) {
    send(name, 1);
    for (const el of document.querySelectorAll('[data-key="' + name + '"]')) el.classList.remove("down");
  }
}

function names(key) {
  return key === "MENU" ? ["A", "B"] : [key];
}

let menuSince = 0;
function down(key) {
  if (key === "MENU") menuSince = performance.now();
  for (const n of names(key)) press(n);
  if (key === "MENU") document.querySelector('[data-key="MENU"]')?.classList.add("down");
}

function up(key) {
  const go = () => {
    for (const n of names(key)) release(n);
    if (key === "MENU") document.querySelector('[data-key="MENU"]')?.classList.remove("down");
  };
  if (key === "MENU") {
    const left = CHORD_MS - (performance.now() - menuSince);
    if (left > 0) return void setTimeout(go, left);
  }
  go();
}

const KEYMAP = {
  ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT",
  KeyZ: "A", Enter: "A", NumpadEnter: "A", KeyX: "B", Backspace: "B", KeyM: "MENU",
};
const keysDown = new Set();

window.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.code === "KeyP") return void screenshot();
  const key = KEYMAP[e.code];
  if (!key) return;
  e.preventDefault();
  if (e.repeat || keysDown.has(e.code)) return;
  keysDown.add(e.code);
  down(key);
});

window.addEventListener("keyup", (e) => {
  const key = KEYMAP[e.code];
  if (!key || !keysDown.has(e.code)) return;
  e.preventDefault();
  keysDown.delete(e.code);
  up(key);
});

window.addEventListener("blur", () => {
  for (const code of keysDown) up(KEYMAP[code]);
  keysDown.clear();
});

for (const el of document.querySelectorAll("[data-key]")) {
  const key = el.dataset.key;
  let active = false;
  el.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    if (active) return;
    active = true;
    el.setPointerCapture(e.pointerId);
    down(key);
  });
  const stop = () => {
    if (!active) return;
    active = false;
    up(key);
  };
  el.addEventListener("pointerup", stop);
  el.addEventListener("pointercancel", stop);
  el.addEventListener("lostpointercapture", stop);
  el.addEventListener("contextmenu", (e) => e.preventDefault());
}

// ---- saves -------------------------------------------------------------------
function loadSaves() {
  const saves = {};
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k.startsWith(SAVE_PREFIX)) saves[k.slice(SAVE_PREFIX.length)] = localStorage.getItem(k);
  }
  return saves;
}

function persist(op, name, data) {
  try {
    if (op === "write") localStorage.setItem(SAVE_PREFIX + name, data);
    else if (op === "remove") localStorage.removeItem(SAVE_PREFIX + name);
    else if (op === "rename") {
      const v = localStorage.getItem(SAVE_PREFIX + name);
      if (v !== null) localStorage.setItem(SAVE_PREFIX + data, v);
      localStorage.removeItem(SAVE_PREFIX + name);
    }
  } catch (e) {
    statusEl.textContent = "Could not save to localStorage: " + e;
  }
}

// ---- screenshot ------------------------------------------------------------------
function screenshot() {
  canvas.toBlob((blob) => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "pocket-party-" + Date.now() + ".png";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }, "image/png");
}
document.getElementById("shot").addEventListener("click", screenshot);

// ---- the worker --------------------------------------------------------------------
function boot() {
  if (worker !== null) worker.terminate();
  errorEl.hidden = true;
  held.clear();
  keysDown.clear();
  for (const el of document.querySelectorAll(".down")) el.classList.remove("down");
  frames = 0;
  clearPanel();
  const interactive = scriptKeys === null;
  if (interactive && !(self.crossOriginIsolated && typeof SharedArrayBuffer === "function")) {
    fatal("isolation", "self.crossOriginIsolated is false: the server sent no COOP/COEP headers.");
    return;
  }
  ring = interactive ? new SharedArrayBuffer(4 * (2 + RING)) : null;
  ringView = ring ? new Int32Array(ring) : null;
  setState("loading", "Loading MicroPython…");
  try {
    worker = new Worker("worker.js", { type: "module" });
  } catch (e) {
    fatal("worker", String(e));
    return;
  }
  worker.onerror = (e) => {
    e.preventDefault();
    fatal("worker", e.message || "worker.js failed to load");
  };
  worker.onmessage = (ev) => {
    const m = ev.data;
    if (m.type === "frame") scheduleDraw(m);
    else if (m.type === "persist") persist(m.op, m.name, m.data);
    else if (m.type === "ready") setState(interactive ? "running" : "script",
      interactive ? "Running (seed " + seed + ")" : "Playing the key script (seed " + seed + ")…");
    else if (m.type === "done") {
      // the last frame may still wait for an animation frame: draw it first
      requestAnimationFrame(() => requestAnimationFrame(() => setState("done", "Key script done (seed " + seed + ")")));
    } else if (m.type === "fatal") fatal(m.what, m.message);
    else if (m.type === "stdout") console.log("[firmware]", m.text);
  };
  worker.postMessage({ type: "start", seed, keys: scriptKeys, code, date,
    saves: interactive ? loadSaves() : {}, ring });
}

document.getElementById("restart").addEventListener("click", (e) => {
  e.currentTarget.blur();
  boot();
});
boot();
