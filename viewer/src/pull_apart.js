// "Pull apart": per-body offset directions so that interior contact regions become visible.
//
// Depth in stack = breadth-first distance from the fixed bodies in the graph of ground-truth
// interfaces (fixed bodies: 0; bodies not connected to a fixed body: 1; without any fixed body the
// search starts from every body of minimal depth 1). A body moves along the sum of the mean
// feasible normals of its interfaces with *shallower* neighbours, oriented away from them (normals
// point from body_a to body_b, so +n when it is body_b, -n when body_a). Counting only the
// shallower neighbours keeps a pillar's middle stones moving up instead of cancelling out. Bodies
// without such an interface move away from the scene centre. Offset = t * 0.3 * length_scale *
// depth * direction, t in [0, 1] from the slider; fixed bodies never move.
// Plain arrays, no three.js: unit-testable in node.

export const PULL_APART_FACTOR = 0.3;

function add(a, b, s = 1) {
  return [a[0] + s * b[0], a[1] + s * b[1], a[2] + s * b[2]];
}

function unit(v) {
  const length = Math.hypot(v[0], v[1], v[2]);
  return length > 1e-12 ? [v[0] / length, v[1] / length, v[2] / length] : null;
}

function meanNormal(face) {
  let sum = [0, 0, 0];
  for (const n of face.normals || []) sum = add(sum, unit(n) || [0, 0, 0]);
  return unit(sum);
}

// bodies: [{fixed, centre:[x,y,z]}], interfaces: ground-truth interfaces (may be empty),
// sceneCentre: [x,y,z]. Returns [{depth, direction:[x,y,z]}] per body.
export function pullApartDirections(bodies, interfaces, sceneCentre) {
  const count = bodies.length;
  const neighbours = Array.from({ length: count }, () => []);
  for (const face of interfaces || []) {
    if (face.body_a < 0 || face.body_b < 0 || face.body_a >= count || face.body_b >= count) continue;
    neighbours[face.body_a].push({ other: face.body_b, face });
    neighbours[face.body_b].push({ other: face.body_a, face });
  }
  const depth = new Array(count).fill(-1);
  let queue = [];
  bodies.forEach((body, i) => {
    if (body.fixed) { depth[i] = 0; queue.push(i); }
  });
  const spread = () => {
    while (queue.length) {
      const next = [];
      for (const i of queue) {
        for (const { other } of neighbours[i]) {
          if (depth[other] < 0) { depth[other] = depth[i] + 1; next.push(other); }
        }
      }
      queue = next;
    }
  };
  spread();
  // Components without a fixed body: start from their first body at depth 1.
  for (let i = 0; i < count; ++i) {
    if (depth[i] < 0) { depth[i] = 1; queue = [i]; spread(); }
  }
  return bodies.map((body, i) => {
    if (body.fixed) return { depth: 0, direction: [0, 0, 0] };
    let sum = [0, 0, 0];
    let found = false;
    for (const { other, face } of neighbours[i]) {
      if (depth[other] >= depth[i]) continue;
      const n = meanNormal(face);
      if (!n) continue;
      sum = add(sum, n, face.body_b === i ? 1 : -1);
      found = true;
    }
    let direction = found ? unit(sum) : null;
    if (!direction) direction = unit(add(body.centre, sceneCentre, -1)) || [0, 1, 0];
    return { depth: depth[i], direction };
  });
}

export function pullApartOffset(entry, t, lengthScale) {
  const s = t * PULL_APART_FACTOR * lengthScale * entry.depth;
  return [s * entry.direction[0], s * entry.direction[1], s * entry.direction[2]];
}
