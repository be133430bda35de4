// npm run build: bundles src/main.js (three.js included) into dist/viewer.js, an IIFE that runs
// from file:// without network, and copies the page skeleton to dist/template.html.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: [join(root, 'src', 'main.js')],
  bundle: true,
  format: 'iife',
  minify: true,
  target: ['es2020'],
  legalComments: 'eof',
  outfile: join(dist, 'viewer.js'),
  logLevel: 'warning',
});
copyFileSync(join(root, 'src', 'template.html'), join(dist, 'template.html'));
// The bundle is pasted inside a <script> element: no "</" (which could close it, and which the
// page writer escapes as "<\/") and no "<!--" may occur in it.
const bundle = readFileSync(join(dist, 'viewer.js'), 'utf8');
if (bundle.includes('</') || bundle.includes('<!--')) {
  console.error('build: dist/viewer.js contains "</" or "<!--": it cannot be inlined in the page as is');
  process.exit(1);
}
console.log(`build: dist/viewer.js (${(bundle.length / 1024).toFixed(0)} KiB), dist/template.html`);
