// The peer registry (peers.h). CMake defines CONTACTLAB_PEER_<NAME> for each adapter it built.
#include "contactlab/peers/peers.h"

#include "contactlab/core/error.h"

#ifdef CONTACTLAB_PEER_FCL
#include "contactlab/peers/fcl_peer.h"
#endif
#ifdef CONTACTLAB_PEER_BULLET
#include "contactlab/peers/bullet_peer.h"
#endif
#ifdef CONTACTLAB_PEER_ODE
#include "contactlab/peers/ode_peer.h"
#endif

#include <algorithm>
#include <set>

namespace contactlab {
namespace {

std::vector<PeerInfo> make_known_peers() {
  std::vector<PeerInfo> peers = {
      {"fcl", "FCL 0.7 (BVHModel<OBBRSS> mesh–mesh collide)", "libfcl-dev"},
      {"bullet", "Bullet 3.24, double precision (btGImpactMeshShape, GImpact collision)", "libbullet-dev"},
      {"ode", "ODE 0.16 (trimesh–trimesh dCollide)", "libode-dev"},
  };
#ifdef CONTACTLAB_PEER_FCL
  peers[0].built = true;
  peers[0].contacts = &fcl_contacts;
#endif
#ifdef CONTACTLAB_PEER_BULLET
  peers[1].built = true;
  peers[1].contacts = &bullet_contacts;
#endif
#ifdef CONTACTLAB_PEER_ODE
  peers[2].built = true;
  peers[2].contacts = &ode_contacts;
#endif
  return peers;
}

std::string join(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
  return out;
}

}  // namespace

const std::vector<PeerInfo>& known_peers() {
  static const std::vector<PeerInfo> peers = make_known_peers();
  return peers;
}

std::vector<std::string> built_peer_names() {
  std::vector<std::string> names;
  for (const PeerInfo& peer : known_peers()) {
    if (peer.built) names.push_back(peer.name);
  }
  return names;
}

std::vector<SceneContactGenerator> peer_generators(const std::vector<std::string>& names, const PeerOptions& options,
                                                   const std::string& option) {
  std::vector<std::string> known;
  for (const PeerInfo& peer : known_peers()) known.push_back(peer.name);
  const std::vector<std::string> built = built_peer_names();
  const std::string built_text = built.empty() ? "none" : join(built);
  std::vector<SceneContactGenerator> generators;
  std::set<std::string> seen;
  for (const std::string& name : names) {
    const auto it = std::find_if(known_peers().begin(), known_peers().end(),
                                 [&](const PeerInfo& peer) { return peer.name == name; });
    if (it == known_peers().end()) {
      throw InputError(option, 0,
                       "unknown peer '" + name + "': expected one of " + join(known) + " (built: " + built_text + ")");
    }
    if (!seen.insert(name).second) throw InputError(option, 0, "peer '" + name + "' is listed twice");
    if (!it->built) {
      throw InputError(option, 0,
                       "peer '" + name + "' (" + it->library + ") is not built into this contactlab (built: " +
                           built_text + "); install the Debian package " + it->debian_package + " and build again");
    }
    const auto contacts = it->contacts;
    generators.push_back({.name = name, .peer = true, .generate = [contacts, options](const Scene& scene) {
                            return contacts(scene, options);
                          }});
  }
  return generators;
}

}  // namespace contactlab
