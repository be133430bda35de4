// Settings shared by the peers (docs/peers.md): other libraries' contact generation — FCL, Bullet,
// ODE — run on the same surface meshes as contactlab's methods and scored by the same measures.
#pragma once

#include <cstddef>

namespace contactlab {

struct PeerOptions {
  /// The suite's bodies touch exactly (gap 0), so coplanar faces meet with zero overlap and a peer
  /// may or may not report them (FCL reports stray points on the supporting triangles' far corners
  /// at zero depth; a face an ulp apart is missed). Each peer therefore sees the bodies grown by a
  /// margin δ = relative_margin × Scene::length_scale() (1e-6 × the scene's radius: far above
  /// rounding, far below any feature of the suite's meshes): FCL and ODE get every surface vertex
  /// moved outward so that each face plane moves out by δ (peer_mesh.h), Bullet its own collision
  /// margin setMargin(δ_bullet) with its own relative margin below. Touching faces then overlap by
  /// twice the margin and the reported depths include it.
  double relative_margin = 1e-6;
  /// Bullet's relative margin: GImpact's triangle clipping misses exactly touching pairs at 1e-6
  /// (internal-edge, cliff-edge and one pillar interface report nothing; measured on the suite,
  /// tests/peers), and finds every one from 1e-5 on, so Bullet gets the smallest power of ten that works.
  double bullet_relative_margin = 1e-5;
  /// Largest number of contacts asked of a peer per body pair: FCL's num_max_contacts; ODE's
  /// dCollide buffer, which its API caps at 65535. Bullet keeps at most 4 points per pair's
  /// manifold whatever this is (btPersistentManifold).
  std::size_t max_contacts_per_pair = 100000;
};

}  // namespace contactlab
