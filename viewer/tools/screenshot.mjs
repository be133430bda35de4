// node tools/screenshot.mjs PAGE.html OUT.png [--width W] [--height H] [--timeout SECONDS]
// Opens the viewer page in headless Chromium, waits until it is ready and writes a PNG of the
// window. Exit status 1 (and a message) on console/page errors, a timeout or a missing browser;
// 2 on bad usage.
import { openViewer } from './browser.mjs';

function usage(message) {
  if (message) console.error(`screenshot: ${message}`);
  console.error('usage: node viewer/tools/screenshot.mjs PAGE.html OUT.png [--width W] [--height H] [--timeout SECONDS]');
  process.exit(2);
}

const positional = [];
const options = { width: 1280, height: 800, timeout: 60 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; ++i) {
  const arg = argv[i];
  if (arg.startsWith('--')) {
    const key = arg.slice(2);
    if (!(key in options)) usage(`unknown option ${arg}`);
    const value = Number(argv[++i]);
    if (!Number.isFinite(value) || value <= 0) usage(`${arg} needs a positive number`);
    options[key] = value;
  } else {
    positional.push(arg);
  }
}
if (positional.length !== 2) usage();
const [pagePath, outPath] = positional;

let viewer;
try {
  viewer = await openViewer(pagePath, { width: Math.round(options.width), height: Math.round(options.height), timeoutMs: options.timeout * 1000 });
  if (viewer.problems.length) throw new Error(`the page reported errors:\n  ${viewer.problems.join('\n  ')}`);
  await viewer.page.evaluate(() => window.contactlabViewer.render());
  await viewer.page.screenshot({ path: outPath, timeout: options.timeout * 1000 });
  if (viewer.problems.length) throw new Error(`the page reported errors:\n  ${viewer.problems.join('\n  ')}`);
  console.log(`screenshot: wrote ${outPath}`);
} catch (error) {
  console.error(`screenshot: ${pagePath}: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (viewer) await viewer.close();
}
