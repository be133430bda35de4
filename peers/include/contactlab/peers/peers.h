// The peers `contactlab assess --peers` can run (docs/peers.md): FCL 0.7, Bullet 3.24 and ODE 0.16
// contact generation on the scene's surface meshes. contactlab_peers is built with the adapters of
// the libraries CMake found; this registry lists all three, built or not, so that asking for an
// unbuilt one can say which Debian package to install.
#pragma once

#include "contactlab/assess/scene_contact_generator.h"
#include "contactlab/contact/contact.h"
#include "contactlab/peers/peer_options.h"
#include "contactlab/scene/scene.h"

#include <string>
#include <vector>

namespace contactlab {

struct PeerInfo {
  std::string name;            ///< "fcl", "bullet", "ode": the name `--peers` takes and the row label
  std::string library;         ///< e.g. "FCL 0.7 (BVHModel<OBBRSS>, mesh–mesh collide)"
  std::string debian_package;  ///< what to install to build it, e.g. "libfcl-dev"
  bool built = false;          ///< compiled into this contactlab_peers
  /// The adapter (fcl_peer.h, bullet_peer.h, ode_peer.h); null when not built.
  ContactSet (*contacts)(const Scene&, const PeerOptions&) = nullptr;
};

/// The known peers in a fixed order (fcl, bullet, ode), built or not.
const std::vector<PeerInfo>& known_peers();

/// The names of the built peers, in known_peers() order.
std::vector<std::string> built_peer_names();

/// A generator for run_suite (SuiteOptions::generators) per name, in the order given, each with
/// `peer` set. Throws InputError (naming `option` as the source, e.g. "--peers") for an unknown
/// name (listing the known ones), a name listed twice, or a peer that is not built (naming the built
/// ones and the Debian package to install before rebuilding).
std::vector<SceneContactGenerator> peer_generators(const std::vector<std::string>& names,
                                                   const PeerOptions& options = {},
                                                   const std::string& option = "--peers");

}  // namespace contactlab
