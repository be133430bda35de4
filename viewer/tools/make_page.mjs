// node tools/make_page.mjs DATA.json OUT_DIR
// Writes OUT_DIR/index.html from dist/template.html and dist/viewer.js with the viewer data
// inlined: the same substitution `contactlab view` does (README.md, "Page assembly"): the data
// placeholder becomes `window.CONTACTLAB_DATA = JSON;`, the bundle placeholder the bundle.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DATA_PLACEHOLDER = '/*CONTACTLAB_DATA*/';
export const BUNDLE_PLACEHOLDER = '/*CONTACTLAB_BUNDLE*/';

// JSON text safe inside <script>: "<" written as \u003c (still valid JSON and JavaScript), so
// neither "</script>" nor "<!--" can appear. U+2028/U+2029 are escaped for older parsers.
export function scriptSafeJson(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function replaceOnce(text, placeholder, replacement, what) {
  const at = text.indexOf(placeholder);
  if (at < 0) throw new Error(`template has no ${what} placeholder ${placeholder}`);
  // Literal splice: String.replace would interpret "$&" and friends inside the replacement.
  return text.slice(0, at) + replacement + text.slice(at + placeholder.length);
}

export function makePage(template, bundle, data) {
  // Data first (it comes first in the template), then the bundle, so that a placeholder-like
  // string inside the bundle is never mistaken for the data slot.
  const withData = replaceOnce(template, DATA_PLACEHOLDER, `window.CONTACTLAB_DATA = ${scriptSafeJson(data)};`, 'data');
  const at = withData.indexOf(BUNDLE_PLACEHOLDER, withData.indexOf('</script>'));
  if (at < 0) throw new Error(`template has no bundle placeholder ${BUNDLE_PLACEHOLDER}`);
  return withData.slice(0, at) + bundle + withData.slice(at + BUNDLE_PLACEHOLDER.length);
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const [dataPath, outDir] = process.argv.slice(2);
  if (!dataPath || !outDir) {
    console.error('usage: node tools/make_page.mjs DATA.json OUT_DIR');
    process.exit(2);
  }
  const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  let template;
  let bundle;
  try {
    template = readFileSync(join(dist, 'template.html'), 'utf8');
    bundle = readFileSync(join(dist, 'viewer.js'), 'utf8');
  } catch (error) {
    console.error(`make_page: ${error.message} (run "npm run build" in viewer/ first)`);
    process.exit(2);
  }
  let data;
  try {
    data = JSON.parse(readFileSync(dataPath, 'utf8'));
  } catch (error) {
    console.error(`make_page: ${dataPath}: ${error.message}`);
    process.exit(2);
  }
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'index.html'), makePage(template, bundle, data));
  console.log(`make_page: wrote ${join(outDir, 'index.html')}`);
}
