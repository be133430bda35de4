// Private helper of the local methods' runs (ContactMethod::generate_run): a hash map from 64-bit
// keys to `Value`, kept for the runs of one body pair in one driver call on the calling thread —
// what a kernel learns about a feature pair from one tet pair and can reuse from the next (a
// vertex lies in several surface triangles, an edge in two, each of another tet). The driver runs
// a body pair's chunks of tet pairs on any thread in any order, so only what holds for every
// chunk may be kept: the table forgets when the body pair or the call changes (MethodBody::call;
// call 0, unknown, forgets at every run). Open addressing with a stamp per slot, so that
// forgetting clears nothing.
#pragma once

#include "contactlab/core/types.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace contactlab::contact_detail {

template <class Value>
class BodyPairTable {
 public:
  /// Starts a run of body pair (a, b) in driver call `call`: what earlier runs of the same body
  /// pair and call on this thread put in is kept, anything else forgotten.
  void start_run(Index a, Index b, std::uint64_t call) {
    if (call != 0 && call == call_ && a == body_a_ && b == body_b_) return;
    call_ = call, body_a_ = a, body_b_ = b;
    count_ = 0;
    if (++stamp_ == 0) {  // wrapped: clear once
      std::fill(slots_.begin(), slots_.end(), Slot{});
      stamp_ = 1;
    }
  }

  /// The value of `key`, or null when it has none since start_run forgot.
  const Value* find(std::uint64_t key) const {
    if (slots_.empty()) return nullptr;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash(key) & mask;; i = (i + 1) & mask) {
      const Slot& slot = slots_[i];
      if (slot.stamp != stamp_) return nullptr;
      if (slot.key == key) return &slot.value;
    }
  }

  /// The value of `key`, value-initialised where it has none. Valid until the next call.
  Value& operator[](std::uint64_t key) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = hash(key) & mask;
    for (; slots_[i].stamp == stamp_; i = (i + 1) & mask) {
      if (slots_[i].key == key) return slots_[i].value;
    }
    ++count_;
    slots_[i] = Slot{key, stamp_, Value{}};
    return slots_[i].value;
  }

 private:
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t stamp = 0;
    Value value{};
  };
  static std::size_t hash(std::uint64_t key) {
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdull;
    return static_cast<std::size_t>(key ^ (key >> 29));
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    const std::uint32_t stamp = stamp_;
    slots_.assign(std::max<std::size_t>(64, 2 * old.size()), Slot{});
    stamp_ = 1;
    count_ = 0;
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (slot.stamp != stamp) continue;
      std::size_t i = hash(slot.key) & mask;
      while (slots_[i].stamp == stamp_) i = (i + 1) & mask;
      slots_[i] = Slot{slot.key, stamp_, slot.value};
      ++count_;
    }
  }

  std::vector<Slot> slots_;
  std::uint32_t stamp_ = 1;
  std::size_t count_ = 0;
  std::uint64_t call_ = 0;
  Index body_a_ = kInvalidIndex, body_b_ = kInvalidIndex;
};

}  // namespace contactlab::contact_detail
