// Contact markers (instanced spheres + normal arrows, coloured by correctness) and ground truth
// (contact polygons, feasible-normal arrows). Sizes are relative to scene.length_scale.
import * as THREE from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { CLASSES } from './correctness.js';

export const CLASS_COLOURS = { correct: 0x2ca02c, wrong: 0xd62728, unjudged: 0x8c8c8c };
export const SPHERE_RADIUS = 0.012;   // x length_scale
export const NORMAL_LENGTH = 0.07;    // x length_scale
export const GT_NORMAL_LENGTH = 0.12; // x length_scale

// Unit arrow along +y from the origin: shaft and head, length 1.
function unitArrowGeometry() {
  const shaft = new THREE.CylinderGeometry(0.025, 0.025, 0.75, 8).translate(0, 0.375, 0);
  const head = new THREE.ConeGeometry(0.07, 0.25, 12).translate(0, 0.875, 0);
  return mergeGeometries([shaft.toNonIndexed(), head.toNonIndexed()]);
}

const shared = {};
function sharedGeometries() {
  if (!shared.sphere) {
    shared.sphere = new THREE.SphereGeometry(1, 14, 10);
    shared.arrow = unitArrowGeometry();
  }
  return shared;
}

const UP = new THREE.Vector3(0, 1, 0);
const scratch = { m: new THREE.Matrix4(), q: new THREE.Quaternion(), p: new THREE.Vector3(),
  s: new THREE.Vector3(), n: new THREE.Vector3() };

function arrowMatrix(position, normal, length, target) {
  scratch.n.set(normal[0], normal[1], normal[2]);
  if (scratch.n.lengthSq() === 0) scratch.n.copy(UP);
  scratch.n.normalize();
  scratch.q.setFromUnitVectors(UP, scratch.n);
  scratch.s.set(length, length, length);
  return target.compose(position, scratch.q, scratch.s);
}

// One contact set: per correctness class an instanced sphere mesh and an instanced arrow mesh.
// offsetOf(contact) -> [x, y, z] pull-apart offset of the contact (average of its bodies').
export class ContactSetMarkers {
  constructor(label, contacts, classes, lengthScale) {
    this.label = label;
    this.contacts = contacts;
    this.classes = classes;
    this.lengthScale = lengthScale;
    this.group = new THREE.Group();
    this.group.name = `contacts:${label}`;
    this.byClass = {};
    const { sphere, arrow } = sharedGeometries();
    for (const cls of CLASSES) {
      const indices = [];
      classes.forEach((c, i) => { if (c === cls) indices.push(i); });
      const material = new THREE.MeshStandardMaterial({ color: CLASS_COLOURS[cls], roughness: 0.5 });
      const spheres = new THREE.InstancedMesh(sphere, material, Math.max(indices.length, 1));
      const arrows = new THREE.InstancedMesh(arrow, material, Math.max(indices.length, 1));
      spheres.count = indices.length;
      arrows.count = indices.length;
      spheres.userData = { set: this, indices };
      spheres.renderOrder = 2;
      arrows.renderOrder = 2;
      this.group.add(spheres, arrows);
      this.byClass[cls] = { indices, spheres, arrows, material };
    }
  }

  place(offsetOf) {
    const radius = SPHERE_RADIUS * this.lengthScale;
    const length = NORMAL_LENGTH * this.lengthScale;
    const p = new THREE.Vector3();
    const m = new THREE.Matrix4();
    for (const cls of CLASSES) {
      const { indices, spheres, arrows } = this.byClass[cls];
      indices.forEach((ci, k) => {
        const c = this.contacts[ci];
        const o = offsetOf(c);
        p.set(c.position[0] + o[0], c.position[1] + o[1], c.position[2] + o[2]);
        m.makeScale(radius, radius, radius).setPosition(p);
        spheres.setMatrixAt(k, m);
        arrows.setMatrixAt(k, arrowMatrix(p, c.normal, length, m));
      });
      spheres.instanceMatrix.needsUpdate = true;
      arrows.instanceMatrix.needsUpdate = true;
      spheres.boundingSphere = null; // raycasting recomputes it from the moved instances
      arrows.boundingSphere = null;
      spheres.boundingBox = null;
      arrows.boundingBox = null;
    }
  }

  // Filters: {classes: {correct: bool, ...}, normals: bool, onTop: bool}
  applyFilters(filters) {
    for (const cls of CLASSES) {
      const entry = this.byClass[cls];
      const show = filters.classes[cls] && entry.indices.length > 0;
      entry.spheres.visible = show;
      entry.arrows.visible = show && filters.normals;
      entry.material.depthTest = !filters.onTop;
      entry.material.needsUpdate = true;
    }
  }

  visibleCount(filters) {
    if (!this.group.visible) return 0;
    let n = 0;
    for (const cls of CLASSES) if (filters.classes[cls]) n += this.byClass[cls].indices.length;
    return n;
  }

  // World position (with offset) of contact i: for picking tests and selection highlight.
  markerPosition(i, offsetOf) {
    const c = this.contacts[i];
    const o = offsetOf(c);
    return new THREE.Vector3(c.position[0] + o[0], c.position[1] + o[1], c.position[2] + o[2]);
  }

  pickables() {
    return CLASSES.map((cls) => this.byClass[cls].spheres).filter((s) => s.visible);
  }

  dispose() {
    for (const cls of CLASSES) {
      this.byClass[cls].spheres.dispose();
      this.byClass[cls].arrows.dispose();
      this.byClass[cls].material.dispose();
    }
  }
}

// Ground-truth interface: the true contact region — a polygon (outline + translucent fill), a
// segment (a line) or a point — with the feasible normals at its centroid; an interface without a
// region gets its normals at `anchor` (the midpoint of the closest pair of surface vertices of the
// two bodies, computed by the caller).
export function buildInterface(face, anchor, lengthScale) {
  const group = new THREE.Group();
  group.name = `interface:${face.body_a}-${face.body_b}`;
  group.matrixAutoUpdate = false;
  let centre = anchor ? new THREE.Vector3(...anchor) : null;
  if (Array.isArray(face.polygon) && face.polygon.length >= 3) {
    const points = face.polygon.map((p) => new THREE.Vector3(p[0], p[1], p[2]));
    centre = points.reduce((s, p) => s.add(p), new THREE.Vector3()).divideScalar(points.length);
    const outline = new THREE.LineLoop(new THREE.BufferGeometry().setFromPoints(points),
      new THREE.LineBasicMaterial({ color: 0x0050ff, depthTest: false, transparent: true }));
    outline.renderOrder = 3;
    const fillPositions = [];
    for (let i = 1; i + 1 < points.length; ++i) {
      fillPositions.push(...points[0].toArray(), ...points[i].toArray(), ...points[i + 1].toArray());
    }
    const fillGeometry = new THREE.BufferGeometry();
    fillGeometry.setAttribute('position', new THREE.Float32BufferAttribute(fillPositions, 3));
    const fill = new THREE.Mesh(fillGeometry, new THREE.MeshBasicMaterial({
      color: 0x3399ff, transparent: true, opacity: 0.35, side: THREE.DoubleSide, depthWrite: false,
      polygonOffset: true, polygonOffsetFactor: -2, polygonOffsetUnits: -2 }));
    fill.renderOrder = 1;
    group.add(fill, outline);
  } else if (Array.isArray(face.polygon) && face.polygon.length > 0) {
    const points = face.polygon.map((p) => new THREE.Vector3(p[0], p[1], p[2]));
    centre = points.reduce((s, p) => s.add(p), new THREE.Vector3()).divideScalar(points.length);
    if (points.length === 2) {
      const segment = new THREE.Line(new THREE.BufferGeometry().setFromPoints(points),
        new THREE.LineBasicMaterial({ color: 0x0050ff, depthTest: false, transparent: true }));
      segment.renderOrder = 3;
      group.add(segment);
    }
  }
  if (centre) {
    const material = new THREE.MeshStandardMaterial({ color: 0x1f4fff, roughness: 0.5 });
    const length = GT_NORMAL_LENGTH * lengthScale;
    for (const n of face.normals || []) {
      const arrow = new THREE.Mesh(sharedGeometries().arrow, material);
      arrowMatrix(centre, n, length, arrow.matrix);
      arrow.matrixAutoUpdate = false;
      group.add(arrow);
    }
  }
  return group;
}
