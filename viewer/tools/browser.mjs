// Headless Debian Chromium through playwright-core (no browser download): software WebGL via
// SwiftShader, a fresh profile per run, no network side traffic. Shared by screenshot.mjs and the
// browser tests.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const CHROMIUM = process.env.CONTACTLAB_CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];

// Opens `pagePath` (an HTML file) and waits for window.contactlabViewer.ready. Returns
// { page, problems, close } where problems collects console errors and page errors as strings.
export async function openViewer(pagePath, { width = 1280, height = 800, timeoutMs = 60000 } = {}) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium, or set CONTACTLAB_CHROMIUM)`);
  }
  if (!existsSync(pagePath)) throw new Error(`no page at ${pagePath}`);
  const profile = mkdtempSync(join(tmpdir(), 'contactlab-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS,
    viewport: { width, height }, deviceScaleFactor: 1, timeout: timeoutMs,
  });
  const close = async () => {
    await context.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const page = context.pages()[0] || await context.newPage();
    const problems = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // Nothing outside the file may be fetched: the page must be self-contained.
    await context.route((url) => !url.protocol.startsWith('file') && !url.protocol.startsWith('data'),
      (route) => { problems.push(`network request: ${route.request().url()}`); return route.abort(); });
    await page.goto(pathToFileURL(resolve(pagePath)).href, { timeout: timeoutMs });
    // The bundle is inline and runs before the load event: no hook object means no bundle.
    if (!(await page.evaluate(() => typeof window.contactlabViewer === 'object'))) {
      throw new Error(`no viewer in the page (window.contactlabViewer missing: is it the bare template?)${problems.length ? `; ${problems.join('; ')}` : ''}`);
    }
    await page.waitForFunction(() => window.contactlabViewer && window.contactlabViewer.isReady === true,
      null, { timeout: timeoutMs }).catch((error) => {
      throw new Error(`viewer not ready after ${timeoutMs / 1000} s (${error.message.split('\n')[0]})`);
    });
    await page.evaluate(() => window.contactlabViewer.ready);
    const errors = await page.evaluate(() => window.contactlabViewer.errors.slice());
    for (const e of errors) if (!problems.some((p) => p.includes(e))) problems.push(`viewer error: ${e}`);
    return { page, context, problems, close };
  } catch (error) {
    await close();
    throw error;
  }
}
