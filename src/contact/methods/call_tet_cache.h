// Private helper of the local methods' generate_run (ContactMethod::generate_run): what a kernel
// derives from one tet alone (its surface faces and their planes for Opposing, its eroded surface
// for Closest points), kept per (body, tet) for the whole driver call (MethodBody::call) on the
// calling thread. A tet lies in many candidate pairs, of one body pair and of several (a brick of
// the wall, in about eight per query): deriving it again for every pair was a seventh of
// Opposing's time on the arch and a third of Closest points'; once per run of pairs (the cache's
// first form), still a fifth of Closest points' time on the wall and of Opposing's on the
// overlapping grid pair. The same computation, so the same bits.
#pragma once

#include "contactlab/contact/method.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace contactlab::contact_detail {

/// `Entry` is default-constructible; `fill(entry, body, tet)` makes it that of `tet` of `body` (in
/// place: entries are reused from call to call, not copied into).
template <class Entry>
class CallTetCache {
  struct Body {                        // one body's slots
    std::vector<std::uint64_t> stamp;  // per tet: the stamp of the call that filled its entry
    std::vector<std::size_t> entry;    // per tet: its entry's number
  };

 public:
  /// The calling thread's cache for the driver's call `call` (MethodBody::call), emptied when the
  /// call changes or is unknown (0: then it holds one run only). A run holds no oneTBB call, so no
  /// other run interleaves with it on this thread; runs of one call on one thread share it.
  static CallTetCache& of_call(std::uint64_t call) {
    thread_local CallTetCache cache;
    if (call == 0 || call != cache.call_) {
      cache.call_ = call;
      ++cache.stamp_;
      cache.used_ = 0;
      cache.unknown_ = {nullptr, nullptr};
      cache.release_if_large();
    }
    return cache;
  }

  /// One body's entries for a run of pairs: its slots found once per run (bodies()), so that a
  /// pair's lookup is one stamp compared — finding them for every pair (the body's slot, the sizes
  /// checked, a call) was about 6 % of Opposing's instructions on the pillar.
  class BodyEntries {
   public:
    /// The entry of `tet`, filled at its first use in the call; valid (the same object) until the
    /// call changes.
    template <class Fill>
    Entry& of(Index tet, const Fill& fill) {
      const auto t = static_cast<std::size_t>(tet);
      // (bodies() sized the slots for every tet of the body.)
      if (t < slots_->stamp.size() && slots_->stamp[t] == cache_->stamp_) return cache_->at(slots_->entry[t]);
      return first_use(t, fill);
    }

   private:
    /// A tet's first use in the call (kept out of `of`, which callers then inline).
    template <class Fill>
    [[gnu::noinline]] Entry& first_use(std::size_t t, const Fill& fill) {
      if (t >= slots_->stamp.size()) {
        slots_->stamp.resize(t + 1, 0);
        slots_->entry.resize(t + 1);
      }
      slots_->stamp[t] = cache_->stamp_;
      slots_->entry[t] = cache_->used_;
      Entry& entry = cache_->next_entry();
      fill(entry, *body_, static_cast<Index>(t));
      return entry;
    }

    friend class CallTetCache;
    BodyEntries(CallTetCache& cache, Body& slots, const MethodBody& body)
        : cache_(&cache), slots_(&slots), body_(&body) {}
    CallTetCache* cache_;
    Body* slots_;
    const MethodBody* body_;
  };

  /// The entries of a run's two bodies (valid for the run: no other body is looked up meanwhile).
  std::pair<BodyEntries, BodyEntries> bodies(const MethodBody& a, const MethodBody& b) {
    const std::size_t slot_a = slot_of(a), slot_b = slot_of(b);
    if (std::max(slot_a, slot_b) >= bodies_.size()) bodies_.resize(std::max(slot_a, slot_b) + 1);
    return {entries(slot_a, a), entries(slot_b, b)};
  }

 private:
  static constexpr std::size_t kBlock = 64;  // entries per block; blocks never move
  /// Storage kept from one call to the next at most (as ScratchLease's release_if_large, but
  /// larger: an entry is up to a KiB, and a wall query fills about 500).
  static constexpr std::size_t kKeptBytes = std::size_t{16} << 20;

  /// Between calls: gives back the entries and the per-tet slots when one large call grew them
  /// beyond kKeptBytes, so that a thread does not keep them for as long as it lives.
  void release_if_large() {
    if (blocks_.size() * sizeof(std::array<Entry, kBlock>) > kKeptBytes) blocks_.clear();
    std::size_t slot_bytes = 0;
    for (const Body& body : bodies_) slot_bytes += body.stamp.size() * (sizeof(std::uint64_t) + sizeof(std::size_t));
    if (slot_bytes > kKeptBytes) bodies_.clear();
  }
  /// The body's slots: by scene index in a known call; in an unknown one (indices may be unset)
  /// the run's two bodies by their world vertices (two bodies of a pair never share them).
  std::size_t slot_of(const MethodBody& body) {
    if (call_ != 0 && body.index >= 0) return static_cast<std::size_t>(body.index);
    const Vec3* key = body.world_vertices.data();
    const std::size_t side = unknown_[0] == key || unknown_[0] == nullptr ? 0 : 1;
    unknown_[side] = key;
    return side;
  }
  BodyEntries entries(std::size_t slot, const MethodBody& body) {
    Body& slots = bodies_[slot];
    const std::size_t tets = body.shape->tets.tets.size();
    if (slots.stamp.size() < tets) {
      slots.stamp.resize(tets, 0);
      slots.entry.resize(tets);
    }
    return BodyEntries(*this, slots, body);
  }
  Entry& at(std::size_t i) { return (*blocks_[i / kBlock])[i % kBlock]; }
  Entry& next_entry() {
    if (used_ == blocks_.size() * kBlock) blocks_.push_back(std::make_unique<std::array<Entry, kBlock>>());
    return at(used_++);
  }

  std::uint64_t call_ = 0;
  std::uint64_t stamp_ = 0;
  std::size_t used_ = 0;
  std::array<const Vec3*, 2> unknown_{nullptr, nullptr};
  std::vector<Body> bodies_;  // by scene body index (MethodBody::index), or slot_of's side
  std::vector<std::unique_ptr<std::array<Entry, kBlock>>> blocks_;
};

}  // namespace contactlab::contact_detail
