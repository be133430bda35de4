// Line plots of a run's curves over time (docs/viewer-data.md "plots"): one SVG per plot in the
// side panel, a vertical cursor at the current frame. Plain SVG: a few hundred points per curve need
// no plotting library.

const SVG = 'http://www.w3.org/2000/svg';
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e'];
const WIDTH = 260, HEIGHT = 120, LEFT = 44, RIGHT = 6, TOP = 6, BOTTOM = 18;

function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, String(v));
  return node;
}

/// Short tick text: 3 significant digits, exponent beyond 1e4.
function tick(v) {
  if (v === 0) return '0';
  const a = Math.abs(v);
  return a >= 1e4 || a < 1e-2 ? v.toExponential(1) : Number(v.toPrecision(3)).toString();
}

/// Appends one plot per entry of `plots` to `parent`; returns setFrame(i) moving every cursor.
export function addPlots(parent, plots, times) {
  const cursors = [];
  const x0 = times[0], x1 = times[times.length - 1] > x0 ? times[times.length - 1] : x0 + 1;
  const sx = (t) => LEFT + (t - x0) / (x1 - x0) * (WIDTH - LEFT - RIGHT);
  plots.forEach((plot, p) => {
    let lo = Infinity, hi = -Infinity;
    for (const c of plot.curves) for (const v of c.values) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    if (!(hi > lo)) { lo -= 1; hi += 1; }
    const sy = (v) => TOP + (hi - v) / (hi - lo) * (HEIGHT - TOP - BOTTOM);
    const box = document.createElement('div');
    box.className = 'plot';
    box.dataset.testid = `plot-${p}`;
    const title = document.createElement('div');
    title.className = 'plot-title';
    title.textContent = plot.unit ? `${plot.title} [${plot.unit}]` : plot.title;
    box.append(title);
    const root = svg('svg', { width: WIDTH, height: HEIGHT, viewBox: `0 0 ${WIDTH} ${HEIGHT}` });
    root.append(svg('rect', { x: LEFT, y: TOP, width: WIDTH - LEFT - RIGHT, height: HEIGHT - TOP - BOTTOM, fill: 'none', stroke: '#999' }));
    for (const [v, y] of [[hi, TOP + 8], [lo, HEIGHT - BOTTOM]]) {
      const label = svg('text', { x: LEFT - 3, y, 'text-anchor': 'end', 'font-size': 9 });
      label.textContent = tick(v);
      root.append(label);
    }
    const tLabel = svg('text', { x: WIDTH - RIGHT, y: HEIGHT - 4, 'text-anchor': 'end', 'font-size': 9 });
    tLabel.textContent = `t = ${tick(x1)} s`;
    root.append(tLabel);
    plot.curves.forEach((c, k) => {
      const points = c.values.map((v, i) => `${sx(times[i]).toFixed(1)},${sy(v).toFixed(1)}`).join(' ');
      root.append(svg('polyline', { points, fill: 'none', stroke: COLOURS[k % COLOURS.length], 'stroke-width': 1.2 }));
    });
    const cursor = svg('line', { x1: sx(x0), x2: sx(x0), y1: TOP, y2: HEIGHT - BOTTOM, stroke: '#000', 'stroke-dasharray': '2,2' });
    root.append(cursor);
    cursors.push(cursor);
    box.append(root);
    const legend = document.createElement('div');
    legend.className = 'plot-legend';
    plot.curves.forEach((c, k) => {
      const item = document.createElement('span');
      item.style.color = COLOURS[k % COLOURS.length];
      item.textContent = `— ${c.label} `;
      legend.append(item);
    });
    box.append(legend);
    parent.append(box);
  });
  return (i) => {
    for (const c of cursors) { c.setAttribute('x1', sx(times[i])); c.setAttribute('x2', sx(times[i])); }
  };
}
