// Working storage reused by the calls on one thread, lent out for the length of a call.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <type_traits>
#include <vector>

namespace contactlab {

/// One of the calling thread's T slots for as long as the lease lives, or a T of its own when every
/// slot is taken. Slots are needed more than once per thread: a call holds several at a time, and a
/// thread waiting in a parallel section may run another call meanwhile (TBB's work stealing) while
/// the first still holds its slots. A task never moves to another thread while it runs, so a slot
/// marked busy is never shared. The T keeps what the last lessee left in it: the lessee clears or
/// overwrites what it reads. When the lease ends, T::trim() is called if T has one (to give back
/// storage that one large call grew: release_if_large).
template <class T>
class ScratchLease {
 public:
  ScratchLease() {
    for (Slot& slot : slots()) {
      if (!slot.busy) {
        slot.busy = true;
        slot_ = &slot;
        value_ = &slot.value;
        return;
      }
    }
    own_ = std::make_unique<T>();
    value_ = own_.get();
  }
  ~ScratchLease() {
    if (slot_ == nullptr) return;
    if constexpr (requires(T & t) { t.trim(); }) slot_->value.trim();
    slot_->busy = false;
  }
  ScratchLease(const ScratchLease&) = delete;
  ScratchLease& operator=(const ScratchLease&) = delete;

  T& operator*() const { return *value_; }
  T* operator->() const { return value_; }

 private:
  struct Slot {
    T value;
    bool busy = false;
  };
  static std::array<Slot, 4>& slots() {
    static thread_local std::array<Slot, 4> pool;
    return pool;
  }
  Slot* slot_ = nullptr;
  T* value_ = nullptr;
  std::unique_ptr<T> own_;
};

/// Frees each vector's storage that holds more than 4 MiB, so that a thread does not keep, for as
/// long as it lives, what one unusually large call needed (scratch of the usual size is kept: that
/// is the point of the lease).
template <class... X>
void release_if_large(std::vector<X>&... vectors) {
  constexpr std::size_t kKeptBytes = std::size_t{4} << 20;
  const auto release = [](auto& v) {
    if (v.capacity() * sizeof(v[0]) > kKeptBytes) std::remove_reference_t<decltype(v)>().swap(v);
  };
  (release(vectors), ...);
}

}  // namespace contactlab
