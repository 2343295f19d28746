// Drive the page in headless Chromium (Debian's /usr/bin/chromium) with
// playwright-core, for tests/test_web.py. Never downloads a browser.
//
//   node web/drive.mjs plan.json  ->  JSON result on stdout
//
// plan: {"chromium": "/usr/bin/chromium", "steps": [...]}, each step one of
//   {"goto": url}                         open a page (waits for load)
//   {"reload": true}
//   {"wait_state": "done", "timeout": ms}   until body[data-state] is this (or "error")
//   {"press": "ArrowDown", "hold": ms}      a key, held ms (default 40)
//   {"tap": "#selector", "hold": ms}      a mouse click (pointer down, up) on an element
//   {"settle": ms}                          until no new frame for ms
//   {"canvas": "name"}                      the canvas's RGBA, base64, into result.name
//   {"text": "#selector", "as": "name"}     an element's text
//   {"eval": "js expression", "as": "name"}
//   {"screenshot": "path.png", "selector": "main" (optional)}
//   {"sleep": ms}
import { chromium } from "playwright-core";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const plan = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const result = { logs: [] };
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "pp-chromium-"));
let context;

async function main() {
  context = await chromium.launchPersistentContext(profile, {
    executablePath: plan.chromium || "/usr/bin/chromium",
    headless: true,
    viewport: { width: 760, height: 900 },
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
  const page = context.pages()[0] || (await context.newPage());
  page.on("console", (m) => result.logs.push(m.type() + ": " + m.text()));
  page.on("pageerror", (e) => result.logs.push("pageerror: " + e.message));
  for (const step of plan.steps) {
    if (step.goto) await page.goto(step.goto, { waitUntil: "load" });
    else if (step.reload) await page.reload({ waitUntil: "load" });
    else if (step.wait_state) {
      await page.waitForFunction(
        (s) => document.body.dataset.state === s || document.body.dataset.state === "error",
        step.wait_state, { timeout: step.timeout || 30000, polling: 50 });
      result.state = await page.evaluate(() => document.body.dataset.state);
    } else if (step.press) {
      await page.keyboard.down(step.press);
      await page.waitForTimeout(step.hold || 40);
      await page.keyboard.up(step.press);
      await page.waitForTimeout(step.gap || 40);
    } else if (step.tap) {
      await page.locator(step.tap).click({ delay: step.hold || 40 });
      await page.waitForTimeout(step.gap || 40);
    } else if (step.settle) {
      let last = -1;
      let since = Date.now();
      const limit = Date.now() + (step.timeout || 20000);
      while (Date.now() < limit) {
        const n = await page.evaluate(() => document.body.dataset.frames || "0");
        if (n !== last) {
          last = n;
          since = Date.now();
        } else if (Date.now() - since >= step.settle) break;
        await page.waitForTimeout(25);
      }
    } else if (step.canvas) {
      result[step.canvas] = await page.evaluate(() => {
        const c = document.getElementById("oled");
        const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
        let s = "";
        for (let i = 0; i < d.length; i += 0x8000) s += String.fromCharCode.apply(null, d.subarray(i, i + 0x8000));
        return { width: c.width, height: c.height, rgba: btoa(s) };
      });
    } else if (step.text) result[step.as] = await page.locator(step.text).innerText();
    else if (step.eval) result[step.as] = await page.evaluate(step.eval);
    else if (step.screenshot) {
      const target = step.selector ? page.locator(step.selector) : page;
      await target.screenshot({ path: step.screenshot });
    } else if (step.sleep) await page.waitForTimeout(step.sleep);
  }
}

try {
  await main();
  result.ok = true;
} catch (e) {
  result.ok = false;
  result.error = String(e && e.stack ? e.stack : e);
} finally {
  if (context) await context.close().catch(() => {});
  fs.rmSync(profile, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify(result));
