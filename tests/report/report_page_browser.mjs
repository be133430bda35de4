// Browser test of the assessment report (`contactlab assess -o DIR`) in headless Chromium:
//
//   node tests/report/report_page_browser.mjs DIR --method M [--screenshot OUT.png]
//
// index.html: no console or page errors, no request outside the folder, every plot image loaded
// (SVG decoded to its 1200 px width), the table blocks there. Then the link to the first case's view
// for method M: the viewer becomes ready without errors, showing M's contact set alone, with markers.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM, CHROMIUM_ARGS } from '../../viewer/tools/browser.mjs';

// playwright-core is the viewer's npm package (viewer/node_modules): resolve it from there.
const { chromium } = createRequire(new URL('../../viewer/package.json', import.meta.url))('playwright-core');

function fail(message) {
  console.error(`report_page_browser: ${message}`);
  process.exitCode = 1;
}

const args = process.argv.slice(2);
const dir = args[0];
const option = (flag) => (args.indexOf(flag) >= 0 ? args[args.indexOf(flag) + 1] : null);
const method = option('--method');
const screenshot = option('--screenshot');
if (!dir || !method) {
  console.error('usage: node tests/report/report_page_browser.mjs DIR --method M [--screenshot OUT.png]');
  process.exit(2);
}
const index = resolve(dir, 'index.html');
if (!existsSync(index)) {
  console.error(`report_page_browser: no ${index}`);
  process.exit(1);
}

const profile = mkdtempSync(join(tmpdir(), 'contactlab-report-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: 1300, height: 900 },
});
try {
  const page = context.pages()[0] || await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await context.route((url) => !url.protocol.startsWith('file') && !url.protocol.startsWith('data'),
    (route) => { problems.push(`network request: ${route.request().url()}`); return route.abort(); });

  await page.goto(pathToFileURL(index).href, { waitUntil: 'load' });
  const images = await page.evaluate(() => [...document.images].map((img) => ({
    src: img.getAttribute('src'), complete: img.complete, width: img.naturalWidth,
  })));
  if (images.length === 0) fail('index.html shows no plots');
  for (const img of images) {
    if (!img.complete || img.width !== 1200) fail(`plot ${img.src} not loaded (natural width ${img.width})`);
  }
  const headings = await page.evaluate(() => [...document.querySelectorAll('h2, h3')].map((h) => h.textContent));
  for (const expected of ['Structures', '3-D views']) {
    if (!headings.includes(expected)) fail(`no heading "${expected}" (have: ${headings.join(', ')})`);
  }
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: false });

  // The first view link of the method: opens the case's page with only that set shown.
  const link = page.locator(`#views ~ table a[href$="#${method}"]`).first();
  if (await link.count() === 0) {
    fail(`no 3-D view link for ${method}`);
  } else {
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForFunction(() => window.contactlabViewer && window.contactlabViewer.isReady === true, null,
      { timeout: 60000 });
    // The fragment handler runs on `ready`; give it its turn before reading the state.
    await page.evaluate(() => window.contactlabViewer.ready.then(() => new Promise((r) => setTimeout(r, 0))));
    const state = await page.evaluate(() => {
      const v = window.contactlabViewer;
      return {
        errors: v.errors.slice(),
        visible: v.contactSetLabels().filter((label) => v.isContactSetVisible(label)),
        labels: v.contactSetLabels(),
        markers: v.visibleMarkerCount(),
      };
    });
    for (const e of state.errors) problems.push(`viewer error on ${href}: ${e}`);
    if (state.visible.length !== 1 || state.visible[0] !== method) {
      fail(`${href}: visible sets ${JSON.stringify(state.visible)}, expected only ${method} (of ${state.labels.join(', ')})`);
    }
    if (!(state.markers > 0)) fail(`${href}: no visible markers`);
  }
  for (const p of problems) fail(p);
  if (!process.exitCode) console.log(`report_page_browser: ${images.length} plots loaded, view of ${method} shown alone`);
} finally {
  await context.close().catch(() => {});
  rmSync(profile, { recursive: true, force: true });
}
