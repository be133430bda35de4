// Body meshes: shaded surface, triangle-edge wireframe and optional tet edges, in the body frame
// under a group that carries the pose (world point = R(orientation) * vertex + position).
import * as THREE from 'three';

const PALETTE = [0x4e79a7, 0xf28e2b, 0x76b7b2, 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0x59a14f];
const FIXED_COLOUR = 0x9aa0a6;

export function quaternionFromData(q) {
  // Data order is [w, x, y, z]; three.js takes (x, y, z, w).
  return new THREE.Quaternion(q[1], q[2], q[3], q[0]).normalize();
}

function tetEdges(vertices, tets) {
  const seen = new Set();
  const positions = [];
  const pairs = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]];
  for (const tet of tets) {
    for (const [p, q] of pairs) {
      const i = Math.min(tet[p], tet[q]);
      const j = Math.max(tet[p], tet[q]);
      const key = i * 4294967296 + j;
      if (seen.has(key)) continue;
      seen.add(key);
      positions.push(...vertices[i], ...vertices[j]);
    }
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  return geometry;
}

export function buildBody(body, index) {
  const group = new THREE.Group();
  group.name = `body:${body.name}`;
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(body.vertices.flat(), 3));
  geometry.setIndex(body.triangles.flat());
  geometry.computeBoundingBox();
  geometry.computeBoundingSphere();
  const colour = body.fixed ? FIXED_COLOUR : PALETTE[index % PALETTE.length];
  const material = new THREE.MeshStandardMaterial({
    color: colour, flatShading: true, roughness: 0.75, metalness: 0.0,
    side: THREE.DoubleSide, polygonOffset: true, polygonOffsetFactor: 1, polygonOffsetUnits: 1,
  });
  const surface = new THREE.Mesh(geometry, material);
  surface.userData.bodyIndex = index;
  group.add(surface);

  const edges = new THREE.LineSegments(new THREE.WireframeGeometry(geometry),
    new THREE.LineBasicMaterial({ color: 0x222222, transparent: true, opacity: 0.45 }));
  group.add(edges);

  let tets = null;
  if (Array.isArray(body.tets) && body.tets.length > 0) {
    tets = new THREE.LineSegments(tetEdges(body.vertices, body.tets),
      new THREE.LineBasicMaterial({ color: 0x3050a0, transparent: true, opacity: 0.5 }));
    tets.visible = false;
    group.add(tets);
  }
  return { group, surface, edges, tets, material };
}

// Sets a body group's pose plus a pull-apart offset ([x, y, z]).
export function placeBody(entry, pose, offset) {
  entry.group.position.set(pose.position[0] + offset[0], pose.position[1] + offset[1],
    pose.position[2] + offset[2]);
  entry.group.quaternion.copy(quaternionFromData(pose.orientation));
  entry.group.updateMatrixWorld(true);
}

// World-frame centre of a body's bounding box at a pose (no offset).
export function bodyCentre(body, pose) {
  const box = new THREE.Box3().setFromArray(body.vertices.flat());
  const centre = box.getCenter(new THREE.Vector3());
  centre.applyQuaternion(quaternionFromData(pose.orientation));
  centre.add(new THREE.Vector3(...pose.position));
  return centre.toArray();
}

// Surface vertices (those used by triangles) of a body in world coordinates at a pose.
export function worldSurfaceVertices(body, pose) {
  const used = new Set(body.triangles.flat());
  const q = quaternionFromData(pose.orientation);
  const t = new THREE.Vector3(...pose.position);
  const out = [];
  for (const i of used) out.push(new THREE.Vector3(...body.vertices[i]).applyQuaternion(q).add(t));
  return out;
}
