// Correctness of contacts against the scene's ground truth (docs/viewer-data.md, docs/suite.md's
// quality measure): a contact of pair (A, B) is matched to the ground-truth interface(s) of that
// pair, its normal flipped when the interface lists the pair as (B, A); it is "correct" when
// n · n* >= 0.999 for some feasible normal n*, "wrong" otherwise, and "unjudged" when the pair has
// no interface or the scene has no ground truth. Plain arrays, no three.js: unit-testable in node.

export const CORRECT = 'correct';
export const WRONG = 'wrong';
export const UNJUDGED = 'unjudged';
export const CLASSES = [CORRECT, WRONG, UNJUDGED];
export const NORMAL_DOT_THRESHOLD = 0.999;

function pairKey(i, j) {
  return i < j ? `${i}:${j}` : `${j}:${i}`;
}

function normalized(v) {
  const length = Math.hypot(v[0], v[1], v[2]);
  return length > 0 ? [v[0] / length, v[1] / length, v[2] / length] : [0, 0, 0];
}

// Index of ground-truth interfaces by unordered body pair: "i:j" (i < j) -> [interface, ...].
export function indexInterfaces(groundTruth) {
  const byPair = new Map();
  if (!groundTruth || !Array.isArray(groundTruth.interfaces)) return byPair;
  for (const face of groundTruth.interfaces) {
    const key = pairKey(face.body_a, face.body_b);
    if (!byPair.has(key)) byPair.set(key, []);
    byPair.get(key).push(face);
  }
  return byPair;
}

// bodyIndex: Map body name -> index; interfacesByPair from indexInterfaces (null: no ground truth).
export function classifyContact(contact, bodyIndex, interfacesByPair) {
  if (!interfacesByPair) return UNJUDGED;
  const a = bodyIndex.get(contact.body_a);
  const b = bodyIndex.get(contact.body_b);
  if (a === undefined || b === undefined) return UNJUDGED;
  const faces = interfacesByPair.get(pairKey(a, b));
  if (!faces || faces.length === 0) return UNJUDGED;
  const n = normalized(contact.normal);
  for (const face of faces) {
    const sign = face.body_a === a ? 1 : -1;
    for (const feasible of face.normals || []) {
      const m = normalized(feasible);
      const dot = sign * (n[0] * m[0] + n[1] * m[1] + n[2] * m[2]);
      if (dot >= NORMAL_DOT_THRESHOLD) return CORRECT;
    }
  }
  return WRONG;
}

// Counts per class for a list of contacts.
export function classifyAll(contacts, bodyIndex, interfacesByPair) {
  return contacts.map((c) => classifyContact(c, bodyIndex, interfacesByPair));
}
