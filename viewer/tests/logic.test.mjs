// Unit tests of the page's pure logic (no browser): correctness classes and pull-apart directions.
//   node --test viewer/tests/logic.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyContact, indexInterfaces } from '../src/correctness.js';
import { pullApartDirections, pullApartOffset } from '../src/pull_apart.js';

const alpha = Math.SQRT1_2;
const groundTruth = { interfaces: [{ body_a: 0, body_b: 1, normals: [[alpha, alpha, 0], [-alpha, alpha, 0]] }] };
const names = new Map([['crack', 0], ['spike', 1], ['other', 2]]);
const contact = (a, b, normal) => ({ body_a: a, body_b: b, position: [0, 0, 0], normal });

test('a normal within 0.999 of a feasible normal is correct, otherwise wrong', () => {
  const byPair = indexInterfaces(groundTruth);
  assert.equal(classifyContact(contact('crack', 'spike', [alpha, alpha, 0]), names, byPair), 'correct');
  assert.equal(classifyContact(contact('crack', 'spike', [-1, 1, 0]), names, byPair), 'correct'); // not unit
  assert.equal(classifyContact(contact('crack', 'spike', [0, 1, 0]), names, byPair), 'wrong');    // dot 0.707
});

test('the normal is flipped when the contact lists the pair as (B, A)', () => {
  const byPair = indexInterfaces(groundTruth);
  assert.equal(classifyContact(contact('spike', 'crack', [-alpha, -alpha, 0]), names, byPair), 'correct');
  assert.equal(classifyContact(contact('spike', 'crack', [alpha, alpha, 0]), names, byPair), 'wrong');
});

test('no interface for the pair, unknown body or no ground truth: unjudged', () => {
  const byPair = indexInterfaces(groundTruth);
  assert.equal(classifyContact(contact('crack', 'other', [0, 1, 0]), names, byPair), 'unjudged');
  assert.equal(classifyContact(contact('crack', 'nobody', [0, 1, 0]), names, byPair), 'unjudged');
  assert.equal(classifyContact(contact('crack', 'spike', [alpha, alpha, 0]), names, null), 'unjudged');
});

test('a stack moves up by depth; fixed bodies stay; loose bodies move away from the centre', () => {
  const up = [0, 1, 0];
  const bodies = [
    { fixed: true, centre: [0, -1, 0] }, { fixed: false, centre: [0, 0.5, 0] },
    { fixed: false, centre: [0, 1.5, 0] }, { fixed: false, centre: [5, 0, 0] }];
  const interfaces = [{ body_a: 0, body_b: 1, normals: [up] }, { body_a: 1, body_b: 2, normals: [up] }];
  const pull = pullApartDirections(bodies, interfaces, [0, 0, 0]);
  assert.deepEqual(pull.map((p) => p.depth), [0, 1, 2, 1]);
  assert.deepEqual(pull[0].direction, [0, 0, 0]);
  assert.deepEqual(pull[1].direction, up); // the interface above it is not counted
  assert.deepEqual(pull[2].direction, up);
  assert.deepEqual(pull[3].direction, [1, 0, 0]);
  assert.deepEqual(pullApartOffset(pull[2], 0.5, 2), [0, 0.3 * 2 * 2 * 0.5, 0]);
});

test('a body listed as body_a of the interface with its support moves against the normal', () => {
  const bodies = [{ fixed: false, centre: [0, 1, 0] }, { fixed: true, centre: [0, 0, 0] }];
  const pull = pullApartDirections(bodies, [{ body_a: 0, body_b: 1, normals: [[0, -1, 0]] }], [0, 0.5, 0]);
  assert.deepEqual(pull[0].direction, [0, 1, 0]);
});
