// contactlab viewer: reads window.CONTACTLAB_DATA (docs/viewer-data.md) and shows bodies, ground
// truth and contact sets with three.js. Test hooks: window.contactlabViewer (README.md).
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { validateViewerData } from './validate.js';
import { CLASSES, classifyAll, indexInterfaces } from './correctness.js';
import { pullApartDirections, pullApartOffset } from './pull_apart.js';
import { buildBody, placeBody, bodyCentre, worldSurfaceVertices, quaternionFromData } from './bodies.js';
import { ContactSetMarkers, buildInterface, CLASS_COLOURS, SPHERE_RADIUS } from './markers.js';
import { element, section, checkbox, slider, button } from './panel.js';
import { addPlots } from './plots.js';

const errors = [];
let resolveReady;
const api = {
  ready: new Promise((resolve) => { resolveReady = resolve; }),
  isReady: false,
  errors,
};
window.contactlabViewer = api;
window.addEventListener('error', (event) => errors.push(String(event.message || event.error)));
window.addEventListener('unhandledrejection', (event) => errors.push(String(event.reason)));

function reportError(message) {
  errors.push(message);
  console.error(`contactlab viewer: ${message}`);
  const box = document.getElementById('message');
  if (box) { box.textContent = message; box.hidden = false; }
}

function poseMatrix(pose) {
  return new THREE.Matrix4().compose(new THREE.Vector3(...pose.position),
    quaternionFromData(pose.orientation), new THREE.Vector3(1, 1, 1));
}

function closestVerticesMidpoint(a, b) {
  let best = Infinity;
  let mid = null;
  for (const p of a) {
    for (const q of b) {
      const d = p.distanceToSquared(q);
      if (d < best) { best = d; mid = p.clone().add(q).multiplyScalar(0.5); }
    }
  }
  return mid ? mid.toArray() : null;
}

function start() {
  const data = validateViewerData(window.CONTACTLAB_DATA);
  const bodies = data.bodies;
  const frames = Array.isArray(data.frames) && data.frames.length > 0 ? data.frames : null;
  const interfaces = data.ground_truth ? data.ground_truth.interfaces : [];
  const interfacesByPair = data.ground_truth ? indexInterfaces(data.ground_truth) : null;
  const bodyIndex = new Map(bodies.map((b, i) => [b.name, i]));
  const initialPoses = bodies.map((b) => ({ position: b.position, orientation: b.orientation }));

  let lengthScale = data.scene && Number(data.scene.length_scale) > 0 ? Number(data.scene.length_scale) : 0;
  const sceneBox = new THREE.Box3();
  bodies.forEach((b, i) => {
    for (const p of worldSurfaceVertices(b, initialPoses[i])) sceneBox.expandByPoint(p);
  });
  if (!(lengthScale > 0)) lengthScale = sceneBox.isEmpty() ? 1 : sceneBox.getSize(new THREE.Vector3()).length();
  const sceneCentre = sceneBox.isEmpty() ? [0, 0, 0] : sceneBox.getCenter(new THREE.Vector3()).toArray();

  // --- three.js scene ---
  const viewport = document.getElementById('viewport');
  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(window.devicePixelRatio || 1);
  renderer.setClearColor(0xf3f4f6);
  viewport.append(renderer.domElement);
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(40, 1, lengthScale * 1e-3, lengthScale * 100);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x667788, 1.6));
  const headlight = new THREE.DirectionalLight(0xffffff, 1.4);
  headlight.position.set(0.3, 0.6, 1);
  camera.add(headlight);
  scene.add(camera);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.enableDamping = false;

  let renderPending = false;
  function renderNow() {
    renderPending = false;
    renderer.render(scene, camera);
    if (!api.isReady) { api.isReady = true; resolveReady(api); }
  }
  function requestRender() {
    if (renderPending) return;
    renderPending = true;
    requestAnimationFrame(renderNow);
  }
  controls.addEventListener('change', requestRender);

  function resize() {
    const width = Math.max(viewport.clientWidth, 1);
    const height = Math.max(viewport.clientHeight, 1);
    renderer.setSize(width, height);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    requestRender();
  }
  new ResizeObserver(resize).observe(viewport);

  // --- bodies ---
  const bodyEntries = bodies.map((b, i) => buildBody(b, i));
  bodyEntries.forEach((e) => scene.add(e.group));
  const hasTets = bodyEntries.some((e) => e.tets);

  // --- state ---
  const state = {
    frame: 0,
    pull: 0,
    setVisible: new Map(),
    filters: { classes: { correct: true, wrong: true, unjudged: true }, normals: true, onTop: false },
    sets: [],
    selection: null,
  };
  const pull = pullApartDirections(
    bodies.map((b, i) => ({ fixed: !!b.fixed, centre: bodyCentre(b, initialPoses[i]) })),
    interfaces, sceneCentre);
  let offsets = bodies.map(() => [0, 0, 0]);
  const poseOf = (i) => (frames ? frames[state.frame].poses[i] : initialPoses[i]);
  const contactOffset = (c) => {
    const a = offsets[bodyIndex.get(c.body_a)] || [0, 0, 0];
    const b = offsets[bodyIndex.get(c.body_b)] || [0, 0, 0];
    return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
  };

  // --- ground truth ---
  const groundTruthGroup = new THREE.Group();
  groundTruthGroup.name = 'ground-truth';
  scene.add(groundTruthGroup);
  const interfaceEntries = interfaces.map((face) => {
    let anchor = null;
    if (!(Array.isArray(face.polygon) && face.polygon.length > 0)) {
      anchor = closestVerticesMidpoint(
        worldSurfaceVertices(bodies[face.body_a], initialPoses[face.body_a]),
        worldSurfaceVertices(bodies[face.body_b], initialPoses[face.body_b]));
    }
    const group = buildInterface(face, anchor, lengthScale);
    groundTruthGroup.add(group);
    return { face, group, initialInverse: poseMatrix(initialPoses[face.body_a]).invert() };
  });

  // --- selection highlight ---
  const highlight = new THREE.Mesh(new THREE.SphereGeometry(1, 16, 12), new THREE.MeshBasicMaterial({
    color: 0xffb000, wireframe: true, depthTest: false, transparent: true }));
  highlight.renderOrder = 5;
  highlight.scale.setScalar(SPHERE_RADIUS * lengthScale * 2.2);
  highlight.visible = false;
  scene.add(highlight);

  // --- contact sets ---
  const contactsGroup = new THREE.Group();
  contactsGroup.name = 'contacts';
  scene.add(contactsGroup);
  const currentContactSets = () => {
    if (frames && Array.isArray(frames[state.frame].contact_sets)) return frames[state.frame].contact_sets;
    return data.contact_sets || [];
  };
  const allLabels = [];
  const addLabels = (sets) => { for (const s of sets || []) if (!allLabels.includes(s.label)) allLabels.push(s.label); };
  addLabels(data.contact_sets);
  if (frames) frames.forEach((f) => addLabels(f.contact_sets));
  allLabels.forEach((label) => state.setVisible.set(label, true));

  function placeEverything() {
    offsets = pull.map((entry) => pullApartOffset(entry, state.pull, lengthScale));
    bodyEntries.forEach((e, i) => placeBody(e, poseOf(i), offsets[i]));
    for (const entry of interfaceEntries) {
      const { body_a: a, body_b: b } = entry.face;
      const shift = new THREE.Matrix4().makeTranslation(
        (offsets[a][0] + offsets[b][0]) / 2, (offsets[a][1] + offsets[b][1]) / 2, (offsets[a][2] + offsets[b][2]) / 2);
      entry.group.matrix.copy(shift.multiply(poseMatrix(poseOf(a))).multiply(entry.initialInverse));
      entry.group.matrixWorldNeedsUpdate = true;
    }
    for (const set of state.sets) set.markers.place(contactOffset);
    if (state.selection) {
      const set = state.sets.find((s) => s.label === state.selection.label);
      if (set && state.selection.index < set.markers.contacts.length) {
        highlight.position.copy(set.markers.markerPosition(state.selection.index, contactOffset));
      }
    }
    requestRender();
  }

  const setCountNotes = new Map();
  function rebuildContacts() {
    for (const set of state.sets) { contactsGroup.remove(set.markers.group); set.markers.dispose(); }
    state.sets = currentContactSets().map((s) => {
      const classes = classifyAll(s.contacts, bodyIndex, interfacesByPair);
      const markers = new ContactSetMarkers(s.label, s.contacts, classes, lengthScale);
      markers.group.visible = state.setVisible.get(s.label) !== false;
      markers.applyFilters(state.filters);
      contactsGroup.add(markers.group);
      return { label: s.label, markers, classes };
    });
    for (const label of allLabels) {
      const note = setCountNotes.get(label);
      if (!note) continue;
      const set = state.sets.find((s) => s.label === label);
      if (!set) { note.textContent = '(none in this frame)'; continue; }
      const count = (cls) => set.classes.filter((c) => c === cls).length;
      note.textContent = `${set.classes.length}: ${count('correct')} ✓ ${count('wrong')} ✗ ${count('unjudged')} ?`;
    }
    clearSelection();
    placeEverything();
  }

  // --- camera ---
  function visibleBox() {
    const box = new THREE.Box3();
    bodyEntries.forEach((e) => { if (e.group.visible) box.expandByObject(e.surface); });
    if (box.isEmpty()) bodyEntries.forEach((e) => box.expandByObject(e.surface));
    if (box.isEmpty()) box.setFromCenterAndSize(new THREE.Vector3(), new THREE.Vector3(1, 1, 1));
    return box;
  }
  const PRESETS = { front: [0, 0, 1], top: [0, 1, 1e-4], side: [1, 0, 0], iso: [1, 0.8, 1.2] };
  let currentPreset = 'iso';
  function setCamera(preset = currentPreset) {
    if (!PRESETS[preset]) throw new Error(`unknown camera preset ${preset}`);
    currentPreset = preset;
    const sphere = visibleBox().getBoundingSphere(new THREE.Sphere());
    const radius = Math.max(sphere.radius, 1e-6);
    const fov = THREE.MathUtils.degToRad(camera.fov);
    const distance = 1.15 * radius / Math.sin(Math.min(fov, fov * camera.aspect) / 2);
    const dir = new THREE.Vector3(...PRESETS[preset]).normalize();
    camera.up.set(0, 1, 0);
    camera.position.copy(sphere.center).addScaledVector(dir, distance);
    camera.near = distance / 200;
    camera.far = distance * 50;
    camera.updateProjectionMatrix();
    controls.target.copy(sphere.center);
    controls.update();
    requestRender();
  }

  // --- picking ---
  const raycaster = new THREE.Raycaster();
  const selectionBox = element('pre', { 'data-testid': 'selection', className: 'selection', text: 'Click a contact marker or a body.' });
  function clearSelection() {
    state.selection = null;
    highlight.visible = false;
    selectionBox.textContent = 'Click a contact marker or a body.';
  }
  function selectContact(label, index) {
    const set = state.sets.find((s) => s.label === label);
    if (!set || index < 0 || index >= set.markers.contacts.length) throw new Error(`no contact ${index} in set ${label}`);
    const contact = set.markers.contacts[index];
    state.selection = { label, index, contact, correctness: set.classes[index] };
    highlight.position.copy(set.markers.markerPosition(index, contactOffset));
    highlight.visible = true;
    selectionBox.textContent = `set: ${label}\ncontact: ${index}\ncorrectness: ${set.classes[index]}\n` +
      Object.entries(contact).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n');
    requestRender();
    return state.selection;
  }
  function pick(clientX, clientY) {
    const rect = renderer.domElement.getBoundingClientRect();
    const ndc = new THREE.Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    raycaster.setFromCamera(ndc, camera);
    const markers = state.sets.filter((s) => s.markers.group.visible).flatMap((s) => s.markers.pickables());
    const hit = raycaster.intersectObjects(markers, false)[0];
    if (hit) {
      const { set, indices } = hit.object.userData;
      return selectContact(set.label, indices[hit.instanceId]);
    }
    const surfaces = bodyEntries.filter((e) => e.group.visible).map((e) => e.surface);
    const bodyHit = raycaster.intersectObjects(surfaces, false)[0];
    if (bodyHit) {
      const i = bodyHit.object.userData.bodyIndex;
      clearSelection();
      const p = bodyHit.point;
      selectionBox.textContent = `body ${i}: ${bodies[i].name}${bodies[i].fixed ? ' (fixed)' : ''}\n` +
        `point: [${p.x.toPrecision(5)}, ${p.y.toPrecision(5)}, ${p.z.toPrecision(5)}]`;
      return null;
    }
    clearSelection();
    return null;
  }
  let downAt = null;
  renderer.domElement.addEventListener('pointerdown', (e) => { downAt = [e.clientX, e.clientY]; });
  renderer.domElement.addEventListener('pointerup', (e) => {
    if (downAt && Math.hypot(e.clientX - downAt[0], e.clientY - downAt[1]) < 5) pick(e.clientX, e.clientY);
    downAt = null;
  });

  // --- panel ---
  const panel = document.getElementById('panel');
  const info = section(panel, 'Scene');
  info.append(element('div', { className: 'note', text:
    `${data.scene && data.scene.name ? data.scene.name : '(unnamed)'} — ${bodies.length} bodies, ` +
    `length scale ${lengthScale.toPrecision(4)} m, ${interfaces.length} ground-truth interfaces` }));
  const legend = element('div', { className: 'legend' });
  for (const cls of CLASSES) {
    legend.append(element('span', { className: 'swatch', style: `background:#${CLASS_COLOURS[cls].toString(16).padStart(6, '0')}` }), element('span', { text: cls }));
  }
  info.append(legend);

  const display = section(panel, 'Display');
  checkbox(display, { label: 'Edges (triangles)', testId: 'edges-toggle', onChange: (on) => { bodyEntries.forEach((e) => { e.edges.visible = on; }); requestRender(); } });
  if (hasTets) {
    checkbox(display, { label: 'Tets', testId: 'tets-toggle', checked: false, onChange: (on) => { bodyEntries.forEach((e) => { if (e.tets) e.tets.visible = on; }); requestRender(); } });
  }
  slider(display, { label: 'Body opacity', testId: 'opacity', min: 0.05, max: 1, step: 0.05, value: 1, onInput: (v) => {
    bodyEntries.forEach((e) => { e.material.opacity = v; e.material.transparent = v < 1; e.material.depthWrite = v >= 1; e.material.needsUpdate = true; });
    requestRender();
    return v.toFixed(2);
  } });
  const gtToggle = checkbox(display, { label: 'Ground truth', testId: 'ground-truth-toggle', checked: !!data.ground_truth,
    onChange: (on) => { groundTruthGroup.visible = on; requestRender(); } });
  groundTruthGroup.visible = gtToggle.checked;
  if (!data.ground_truth) gtToggle.disabled = true;
  const applyFilters = () => { for (const s of state.sets) s.markers.applyFilters(state.filters); requestRender(); };
  checkbox(display, { label: 'Contact normals', testId: 'normals-toggle', onChange: (on) => { state.filters.normals = on; applyFilters(); } });
  checkbox(display, { label: 'Markers on top (x-ray)', testId: 'on-top-toggle', checked: false, onChange: (on) => { state.filters.onTop = on; applyFilters(); } });
  for (const cls of CLASSES) {
    checkbox(display, { label: `Show ${cls}`, testId: `class-toggle-${cls}`, onChange: (on) => { state.filters.classes[cls] = on; applyFilters(); } });
  }

  const setsSection = section(panel, 'Contact sets');
  const setInputs = new Map();
  if (allLabels.length === 0) setsSection.append(element('div', { className: 'note', text: 'none' }));
  for (const label of allLabels) {
    const input = checkbox(setsSection, { label, testId: `set-toggle-${label}`, onChange: (on) => setSetVisible(label, on) });
    setInputs.set(label, input);
    const note = element('div', { className: 'note indent' });
    setsSection.append(note);
    setCountNotes.set(label, note);
  }
  function setSetVisible(label, on) {
    if (!state.setVisible.has(label)) throw new Error(`unknown contact set ${label}`);
    state.setVisible.set(label, on);
    setInputs.get(label).checked = on;
    for (const s of state.sets) if (s.label === label) s.markers.group.visible = on;
    if (!on && state.selection && state.selection.label === label) clearSelection();
    requestRender();
  }

  const bodiesSection = section(panel, 'Bodies');
  bodiesSection.classList.add('scroll');
  const bodyInputs = new Map();
  bodies.forEach((b, i) => {
    bodyInputs.set(b.name, checkbox(bodiesSection, { label: `${i}: ${b.name}`, testId: `body-toggle-${b.name}`,
      note: b.fixed ? 'fixed' : '', onChange: (on) => setBodyVisible(b.name, on) }));
  });
  function setBodyVisible(name, on) {
    const i = bodyIndex.get(name);
    if (i === undefined) throw new Error(`unknown body ${name}`);
    bodyEntries[i].group.visible = on;
    bodyInputs.get(name).checked = on;
    requestRender();
  }

  const cameraSection = section(panel, 'Camera');
  for (const preset of Object.keys(PRESETS)) button(cameraSection, { label: preset, testId: `camera-${preset}`, onClick: () => setCamera(preset) });
  button(cameraSection, { label: 'fit', testId: 'camera-fit', onClick: () => setCamera() });

  const pullSection = section(panel, 'Pull apart');
  const pullSlider = slider(pullSection, { label: 'Amount', testId: 'pull-apart', min: 0, max: 1, step: 0.01, value: 0,
    onInput: (v) => { state.pull = v; placeEverything(); return v.toFixed(2); } });

  let timeSlider = null;
  let playTimer = null;
  if (frames) {
    const timeSection = section(panel, 'Time');
    const timeLabel = (i) => `frame ${i}/${frames.length - 1}, t = ${Number(frames[i].time ?? i).toPrecision(4)} s`;
    timeSlider = slider(timeSection, { label: 'Frame', testId: 'time-slider', min: 0, max: frames.length - 1, step: 1, value: 0,
      onInput: (v) => { setFrame(v); return timeLabel(v); } });
    const play = button(timeSection, { label: 'play', testId: 'time-play', onClick: () => {
      if (playTimer) { clearInterval(playTimer); playTimer = null; play.textContent = 'play'; return; }
      play.textContent = 'pause';
      playTimer = setInterval(() => {
        timeSlider.input.value = (state.frame + 1) % frames.length;
        timeSlider.update();
      }, 80);
    } });
  }
  // A run's plots (energies, contact count), with a cursor at the current frame.
  let setPlotFrame = null;
  if (frames && Array.isArray(data.plots) && data.plots.length > 0) {
    const plotSection = section(panel, 'Plots');
    setPlotFrame = addPlots(plotSection, data.plots, frames.map((f, i) => Number(f.time ?? i)));
  }
  function setFrame(i) {
    if (!frames) throw new Error('the data has no frames');
    if (!Number.isInteger(i) || i < 0 || i >= frames.length) throw new Error(`frame ${i} out of range`);
    if (i === state.frame && api.isReady) { placeEverything(); return; }
    const changesSets = Array.isArray(frames[i].contact_sets) || Array.isArray(frames[state.frame].contact_sets);
    state.frame = i;
    if (setPlotFrame) setPlotFrame(i);
    if (timeSlider && Number(timeSlider.input.value) !== i) { timeSlider.input.value = i; }
    if (changesSets) rebuildContacts(); else placeEverything();
  }

  const selectionSection = section(panel, 'Selection');
  selectionSection.append(selectionBox);

  // --- test hooks ---
  Object.assign(api, {
    markerCount: () => state.sets.reduce((n, s) => n + s.markers.contacts.length, 0),
    visibleMarkerCount: () => state.sets.reduce((n, s) => n + s.markers.visibleCount(state.filters), 0),
    contactSetLabels: () => allLabels.slice(),
    bodyNames: () => bodies.map((b) => b.name),
    setContactSetVisible: (label, on) => setSetVisible(label, !!on),
    isContactSetVisible: (label) => state.setVisible.get(label) === true,
    setBodyVisible: (name, on) => setBodyVisible(name, !!on),
    isBodyVisible: (name) => bodyEntries[bodyIndex.get(name)]?.group.visible === true,
    setPullApart: (t) => { pullSlider.input.value = t; pullSlider.update(); },
    frameCount: () => (frames ? frames.length : 0),
    plotCount: () => document.querySelectorAll('[data-testid^="plot-"] polyline').length,
    setFrame: (i) => {
      setFrame(i);
      if (timeSlider) timeSlider.input.dispatchEvent(new Event('input')); // label; same frame: no rebuild
    },
    setCamera: (preset) => setCamera(preset),
    selectContact: (label, index) => selectContact(label, index),
    selected: () => (state.selection ? { label: state.selection.label, index: state.selection.index, correctness: state.selection.correctness } : null),
    // Page (CSS pixel) coordinates of a contact marker, to click it from a test.
    contactScreenPosition: (label, index) => {
      const set = state.sets.find((s) => s.label === label);
      if (!set) throw new Error(`unknown contact set ${label}`);
      const p = set.markers.markerPosition(index, contactOffset).project(camera);
      const rect = renderer.domElement.getBoundingClientRect();
      return { x: rect.left + (p.x + 1) / 2 * rect.width, y: rect.top + (1 - p.y) / 2 * rect.height };
    },
    render: () => renderNow(),
  });

  resize();
  rebuildContacts();
  setCamera('iso');
  requestRender();
}

function boot() {
  try {
    start();
  } catch (error) {
    reportError(error && error.message ? error.message : String(error));
    api.isReady = true;
    resolveReady(api);
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot);
else boot();
