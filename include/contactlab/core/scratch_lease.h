// Working storage reused by the calls on one thread, lent out for the length of a call.
#pragma once

#include <array>
#include <memory>

namespace contactlab {

/// One of the calling thread's T slots for as long as the lease lives, or a T of its own when every
/// slot is taken. Slots are needed more than once per thread: a call holds several at a time, and a
/// thread waiting in a parallel section may run another call meanwhile (TBB's work stealing) while
/// the first still holds its slots. A task never moves to another thread while it runs, so a slot
/// marked busy is never shared. The T keeps what the last lessee left in it: the lessee clears or
/// overwrites what it reads.
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
    if (slot_ != nullptr) slot_->busy = false;
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

}  // namespace contactlab
