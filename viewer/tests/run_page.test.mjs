// Browser test of a viewer page made from a simulation run (`contactlab view RUN`): the page loads
// with every frame and its plots, moving the time slider moves the bodies (the canvas's pixels
// change), and nothing is reported on the console.
//
//   node viewer/tests/run_page.test.mjs --page DIR/index.html --expect-frames N [--screenshot OUT.png]
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { openViewer } from '../tools/browser.mjs';

function option(flag) {
  const at = process.argv.indexOf(flag);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : null;
}

const pagePath = option('--page');
const expectedFrames = Number(option('--expect-frames'));
const screenshotPath = option('--screenshot');
let viewer;
let page;
const hooks = (fn, arg) => page.evaluate(fn, arg);

/// Fraction of pixels whose colour differs between two PNG screenshots of the same size.
function changedFraction(a, b) {
  const x = PNG.sync.read(a), y = PNG.sync.read(b);
  assert.equal(x.width, y.width);
  assert.equal(x.height, y.height);
  let changed = 0;
  for (let i = 0; i < x.width * x.height; ++i) {
    const d = Math.abs(x.data[4 * i] - y.data[4 * i]) + Math.abs(x.data[4 * i + 1] - y.data[4 * i + 1]) +
      Math.abs(x.data[4 * i + 2] - y.data[4 * i + 2]);
    if (d > 24) ++changed;
  }
  return changed / (x.width * x.height);
}

before(async () => {
  assert.ok(pagePath, '--page DIR/index.html is required');
  viewer = await openViewer(pagePath);
  page = viewer.page;
});

after(async () => { if (viewer) await viewer.close(); });

test('every frame of the run and its plots are on the page', async () => {
  assert.equal(await hooks(() => window.contactlabViewer.frameCount()), expectedFrames);
  // Energy: kinetic, potential, total; contacts: one curve.
  assert.equal(await hooks(() => window.contactlabViewer.plotCount()), 4);
  assert.deepEqual(viewer.problems, []);
});

test('the time slider moves the bodies', async () => {
  const slider = page.getByTestId('time-slider');
  await slider.fill('0');
  await hooks(() => window.contactlabViewer.render());
  const first = await page.locator('#viewport canvas').screenshot();
  await slider.fill(String(expectedFrames - 1));
  await hooks(() => window.contactlabViewer.render());
  const last = await page.locator('#viewport canvas').screenshot();
  const fraction = changedFraction(first, last);
  assert.ok(fraction > 0.001, `only ${fraction} of the pixels changed between the first and the last frame`);
  if (screenshotPath) await page.screenshot({ path: screenshotPath });
  assert.deepEqual(viewer.problems, []);
});
