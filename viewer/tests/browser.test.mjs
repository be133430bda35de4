// Browser test of a viewer page in headless Chromium (playwright-core + Debian's /usr/bin/chromium).
//
//   node viewer/tests/browser.test.mjs [--page DIR/index.html] [--expect-markers N] [--screenshot OUT.png]
//   CONTACTLAB_VIEWER_PAGE=... CONTACTLAB_VIEWER_EXPECT_MARKERS=N CONTACTLAB_VIEWER_SCREENSHOT=...
//     node --test viewer/tests/
//
// Without a page it assembles one from dist/ and sample/two-boxes.json (run `npm run build`
// first) and expects that sample's 9 markers. Without --expect-markers it expects the number of
// contacts in the page's own data (frame 0's sets when the frames carry contact sets).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { openViewer } from '../tools/browser.mjs';
import { makePage } from '../tools/make_page.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function option(flag, envName) {
  const at = process.argv.indexOf(flag);
  if (at >= 0 && at + 1 < process.argv.length) return process.argv[at + 1];
  return process.env[envName] || null;
}

let pagePath = option('--page', 'CONTACTLAB_VIEWER_PAGE');
const expectOption = option('--expect-markers', 'CONTACTLAB_VIEWER_EXPECT_MARKERS');
const screenshotPath = option('--screenshot', 'CONTACTLAB_VIEWER_SCREENSHOT');
let scratchDir = null;
let viewer;
let page;
let expected;

// Screenshot statistics: distinct colours (quantised to 4 bits per channel) and the standard
// deviation of luminance; a blank or single-colour canvas has ~1 colour and ~0 deviation.
function imageStatistics(buffer) {
  const png = PNG.sync.read(buffer);
  const colours = new Set();
  let sum = 0;
  let sumSquares = 0;
  const pixels = png.width * png.height;
  for (let i = 0; i < pixels; ++i) {
    const r = png.data[4 * i]; const g = png.data[4 * i + 1]; const b = png.data[4 * i + 2];
    colours.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    sum += y;
    sumSquares += y * y;
  }
  const mean = sum / pixels;
  return { colours: colours.size, deviation: Math.sqrt(Math.max(sumSquares / pixels - mean * mean, 0)) };
}

const canvasShot = () => page.locator('#viewport canvas').screenshot();
const hooks = (fn, arg) => page.evaluate(fn, arg);

before(async () => {
  if (!pagePath) {
    scratchDir = mkdtempSync(join(tmpdir(), 'contactlab-viewer-test-'));
    const data = JSON.parse(readFileSync(join(root, 'sample', 'two-boxes.json'), 'utf8'));
    const html = makePage(readFileSync(join(root, 'dist', 'template.html'), 'utf8'),
      readFileSync(join(root, 'dist', 'viewer.js'), 'utf8'), data);
    pagePath = join(scratchDir, 'index.html');
    writeFileSync(pagePath, html);
  }
  viewer = await openViewer(pagePath);
  page = viewer.page;
  expected = expectOption !== null ? Number(expectOption)
    : await hooks(() => {
      const data = window.CONTACTLAB_DATA;
      const first = Array.isArray(data.frames) && data.frames.length ? data.frames[0].contact_sets : null;
      return (Array.isArray(first) ? first : data.contact_sets || []).reduce((n, s) => n + s.contacts.length, 0);
    });
});

after(async () => {
  if (viewer) await viewer.close();
  if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
});

test('page loads without console errors, page errors or network requests', () => {
  assert.deepEqual(viewer.problems, []);
});

test('the canvas is not blank', async () => {
  await hooks(() => window.contactlabViewer.render());
  const stats = imageStatistics(await canvasShot());
  assert.ok(stats.colours >= 8, `only ${stats.colours} distinct colours on the canvas`);
  assert.ok(stats.deviation >= 5, `luminance deviation ${stats.deviation.toFixed(2)} < 5: the canvas looks blank`);
});

test('marker count matches', async () => {
  assert.equal(await hooks(() => window.contactlabViewer.markerCount()), expected);
  assert.equal(await hooks(() => window.contactlabViewer.visibleMarkerCount()), expected);
});

test('contact sets toggle off and on (hooks and checkboxes)', async () => {
  const labels = await hooks(() => window.contactlabViewer.contactSetLabels());
  if (labels.length === 0) return;
  await hooks((ls) => ls.forEach((l) => window.contactlabViewer.setContactSetVisible(l, false)), labels);
  assert.equal(await hooks(() => window.contactlabViewer.visibleMarkerCount()), 0);
  await hooks((ls) => ls.forEach((l) => window.contactlabViewer.setContactSetVisible(l, true)), labels);
  assert.equal(await hooks(() => window.contactlabViewer.visibleMarkerCount()), expected);

  const first = page.getByTestId(`set-toggle-${labels[0]}`);
  await first.click();
  assert.equal(await first.isChecked(), false);
  assert.equal(await hooks((l) => window.contactlabViewer.isContactSetVisible(l), labels[0]), false);
  const without = await hooks(() => window.contactlabViewer.visibleMarkerCount());
  assert.ok(without < expected || expected === 0, 'hiding a set by its checkbox hid no marker');
  await first.click();
  assert.equal(await hooks(() => window.contactlabViewer.visibleMarkerCount()), expected);
});

test('a body toggles off and on by its checkbox and the picture changes', async () => {
  const names = await hooks(() => window.contactlabViewer.bodyNames());
  assert.ok(names.length > 0, 'no bodies');
  const name = names[names.length - 1];
  const box = page.getByTestId(`body-toggle-${name}`);
  await box.scrollIntoViewIfNeeded();
  await hooks(() => window.contactlabViewer.render());
  const before = await canvasShot();
  await box.click();
  assert.equal(await hooks((n) => window.contactlabViewer.isBodyVisible(n), name), false);
  await hooks(() => window.contactlabViewer.render());
  const hidden = await canvasShot();
  assert.ok(!before.equals(hidden), `hiding body ${name} did not change the picture`);
  await box.click();
  assert.equal(await hooks((n) => window.contactlabViewer.isBodyVisible(n), name), true);
});

test('clicking a contact marker selects it and shows its fields', async () => {
  const labels = await hooks(() => window.contactlabViewer.contactSetLabels());
  const counts = await hooks(() => window.contactlabViewer.markerCount());
  if (labels.length === 0 || counts === 0) return;
  const target = await hooks((l) => window.contactlabViewer.contactScreenPosition(l, 0), labels[0]);
  await page.mouse.click(target.x, target.y);
  const selected = await hooks(() => window.contactlabViewer.selected());
  assert.ok(selected, 'no contact selected by the click');
  const text = await page.getByTestId('selection').textContent();
  assert.match(text, /position: \[/);
  assert.match(text, /normal: \[/);
});

test('pull apart, camera presets and frames run without errors', async () => {
  await hooks(() => window.contactlabViewer.setPullApart(1));
  for (const preset of ['front', 'top', 'side', 'iso']) await page.getByTestId(`camera-${preset}`).click();
  const frames = await hooks(() => window.contactlabViewer.frameCount());
  for (let i = 0; i < frames; ++i) await hooks((k) => window.contactlabViewer.setFrame(k), i);
  if (frames > 0) await hooks(() => window.contactlabViewer.setFrame(0));
  await hooks(() => window.contactlabViewer.setPullApart(0));
  await hooks(() => window.contactlabViewer.render());
  assert.equal(await hooks(() => window.contactlabViewer.markerCount()), expected);
  assert.deepEqual(viewer.problems, []);
});

test('screenshot written when asked', { skip: !screenshotPath }, async () => {
  await hooks(() => window.contactlabViewer.render());
  await page.screenshot({ path: screenshotPath });
  assert.deepEqual(viewer.problems, []);
});
