// Checks the viewer data (docs/viewer-data.md) enough that the page fails with a message naming
// the field instead of drawing garbage. The C++ writer is the real validator; this is a guard.

function fail(path, expected) {
  throw new Error(`viewer data: ${path}: expected ${expected}`);
}

function isVector(v, n) {
  return Array.isArray(v) && v.length === n && v.every((x) => typeof x === 'number' && Number.isFinite(x));
}

function checkPose(pose, path) {
  if (!pose || typeof pose !== 'object') fail(path, 'an object with position and orientation');
  if (!isVector(pose.position, 3)) fail(`${path}.position`, '3 finite numbers');
  if (!isVector(pose.orientation, 4)) fail(`${path}.orientation`, '4 finite numbers [w, x, y, z]');
}

function checkContactSets(sets, path) {
  if (!Array.isArray(sets)) fail(path, 'an array');
  sets.forEach((set, i) => {
    const p = `${path}[${i}]`;
    if (!set || typeof set.label !== 'string') fail(`${p}.label`, 'a string');
    if (!Array.isArray(set.contacts)) fail(`${p}.contacts`, 'an array');
    set.contacts.forEach((c, j) => {
      const q = `${p}.contacts[${j}]`;
      if (typeof c.body_a !== 'string') fail(`${q}.body_a`, 'a body name');
      if (typeof c.body_b !== 'string') fail(`${q}.body_b`, 'a body name');
      if (!isVector(c.position, 3)) fail(`${q}.position`, '3 finite numbers');
      if (!isVector(c.normal, 3)) fail(`${q}.normal`, '3 finite numbers');
    });
  });
}

export function validateViewerData(data) {
  if (!data || typeof data !== 'object') fail('window.CONTACTLAB_DATA', 'an object (is the page a template without data?)');
  if (data.format !== 'contactlab-view') fail('format', '"contactlab-view"');
  if (data.version !== 1) fail('version', '1');
  if (!Array.isArray(data.bodies)) fail('bodies', 'an array');
  data.bodies.forEach((body, i) => {
    const p = `bodies[${i}]`;
    if (typeof body.name !== 'string') fail(`${p}.name`, 'a string');
    if (!Array.isArray(body.vertices) || !body.vertices.every((v) => isVector(v, 3))) fail(`${p}.vertices`, 'an array of 3 finite numbers each');
    const n = body.vertices.length;
    const inRange = (k) => Number.isInteger(k) && k >= 0 && k < n;
    if (!Array.isArray(body.triangles) || !body.triangles.every((t) => Array.isArray(t) && t.length === 3 && t.every(inRange))) fail(`${p}.triangles`, `triples of vertex indices in [0, ${n})`);
    if (body.tets !== undefined && body.tets !== null && (!Array.isArray(body.tets) || !body.tets.every((t) => Array.isArray(t) && t.length === 4 && t.every(inRange)))) fail(`${p}.tets`, `quadruples of vertex indices in [0, ${n})`);
    checkPose(body, p);
  });
  const bodyCount = data.bodies.length;
  if (data.ground_truth !== null && data.ground_truth !== undefined) {
    if (!Array.isArray(data.ground_truth.interfaces)) fail('ground_truth.interfaces', 'an array');
    data.ground_truth.interfaces.forEach((face, i) => {
      const p = `ground_truth.interfaces[${i}]`;
      for (const key of ['body_a', 'body_b']) {
        if (!Number.isInteger(face[key]) || face[key] < 0 || face[key] >= bodyCount) fail(`${p}.${key}`, `a body index in [0, ${bodyCount})`);
      }
      if (!Array.isArray(face.normals) || !face.normals.every((v) => isVector(v, 3))) fail(`${p}.normals`, 'an array of 3-vectors');
      if (face.polygon !== undefined && face.polygon !== null && (!Array.isArray(face.polygon) || !face.polygon.every((v) => isVector(v, 3)))) fail(`${p}.polygon`, 'an array of 3-vectors');
    });
  }
  checkContactSets(data.contact_sets ?? [], 'contact_sets');
  if (data.frames !== undefined && data.frames !== null) {
    if (!Array.isArray(data.frames)) fail('frames', 'an array');
    data.frames.forEach((frame, i) => {
      const p = `frames[${i}]`;
      if (!Array.isArray(frame.poses) || frame.poses.length !== bodyCount) fail(`${p}.poses`, `${bodyCount} poses (one per body)`);
      frame.poses.forEach((pose, j) => checkPose(pose, `${p}.poses[${j}]`));
      if (frame.contact_sets !== undefined && frame.contact_sets !== null) checkContactSets(frame.contact_sets, `${p}.contact_sets`);
    });
  }
  if (data.plots !== undefined && data.plots !== null) {
    const frameCount = Array.isArray(data.frames) ? data.frames.length : 0;
    if (!Array.isArray(data.plots)) fail('plots', 'an array');
    data.plots.forEach((plot, i) => {
      const p = `plots[${i}]`;
      if (typeof plot.title !== 'string') fail(`${p}.title`, 'a string');
      if (!Array.isArray(plot.curves)) fail(`${p}.curves`, 'an array');
      plot.curves.forEach((c, k) => {
        if (!Array.isArray(c.values) || c.values.length !== frameCount || !c.values.every(Number.isFinite)) {
          fail(`${p}.curves[${k}].values`, `${frameCount} finite numbers (one per frame)`);
        }
      });
    });
  }
  return data;
}
