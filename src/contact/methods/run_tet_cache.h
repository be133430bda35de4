// Private helper of the local methods' generate_run (ContactMethod::generate_run): what a kernel
// derives from one tet alone (its surface faces and their planes for Opposing, its eroded surface
// for Closest points), kept per (body, tet) for one run of candidate pairs. A run is sorted by
// (tet_a, tet_b), so a tet of A stays for many consecutive pairs and a tet of B comes back
// across them; deriving it again for every pair was a seventh of Opposing's time on the arch and a
// third of Closest points'. Direct-mapped by tet index: the same computation, so the same bits.
#pragma once

#include "contactlab/contact/method.h"

#include <array>
#include <cstddef>
#include <cstdint>

namespace contactlab::contact_detail {

/// `Entry` is default-constructible; `fill(entry, body, tet)` makes it that of `tet` of `body`
/// (in place: a slot is reused, not copied into).
template <class Entry>
class RunTetCache {
 public:
  /// The calling thread's cache, emptied for a new run (a stamp: nothing is cleared; a run holds no
  /// oneTBB call, so no other run interleaves with it on this thread).
  static RunTetCache& for_new_run() {
    thread_local RunTetCache cache;
    ++cache.stamp_;
    cache.body_ = {nullptr, nullptr};
    return cache;
  }

  /// The entry of `tet` of `body` (one of the run's two bodies); valid until the next call for the
  /// same body (each body has its own slots, so a pair's two tets never evict each other).
  template <class Fill>
  Entry& of(const MethodBody& body, Index tet, const Fill& fill) {
    // A body by its world vertices (two bodies of a pair never share them; indices may be unset).
    const Vec3* key = body.world_vertices.data();
    const std::size_t side = body_[0] == key || body_[0] == nullptr ? 0 : 1;
    body_[side] = key;
    Slot& slot = slots_[side][static_cast<std::size_t>(tet) % kSlots];
    if (slot.stamp != stamp_ || slot.tet != tet) {
      slot.stamp = stamp_;
      slot.tet = tet;
      fill(slot.entry, body, tet);
    }
    return slot.entry;
  }

 private:
  static constexpr std::size_t kSlots = 64;
  struct Slot {
    std::uint64_t stamp = 0;
    Index tet = kInvalidIndex;
    Entry entry;
  };
  std::uint64_t stamp_ = 0;
  std::array<const Vec3*, 2> body_{nullptr, nullptr};
  std::array<std::array<Slot, kSlots>, 2> slots_{};
};

}  // namespace contactlab::contact_detail
