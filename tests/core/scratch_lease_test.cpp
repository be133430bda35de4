// ScratchLease (core/scratch_lease.h): storage lent per thread for the length of a call. Checked:
// a lease returned is lent again (the point: no allocation on the next call), leases held at once
// never share storage (also past the thread's slots, and on other threads), and trim() gives back
// what one large call grew.
#include "contactlab/core/scratch_lease.h"

#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <set>
#include <thread>
#include <vector>

namespace contactlab {
namespace {

struct Buffers {
  std::vector<double> values;
  int trims = 0;
  void trim() {
    ++trims;
    release_if_large(values);
  }
};

TEST(ScratchLease, ALeaseReturnedIsLentAgainWithWhatItHeld) {
  const Buffers* first = nullptr;
  {
    const ScratchLease<Buffers> lease;
    lease->values.assign(100, 1.0);
    first = &*lease;
  }
  const ScratchLease<Buffers> again;
  EXPECT_EQ(&*again, first);
  EXPECT_EQ(again->values.size(), 100u);  // kept: the lessee clears what it reads
  EXPECT_GE(again->trims, 1);             // trim() ran when the first lease ended
}

TEST(ScratchLease, LeasesHeldAtOnceNeverShareStorage) {
  // More at once than the thread has slots: the extra ones bring their own.
  std::vector<std::unique_ptr<ScratchLease<Buffers>>> held;
  std::set<const Buffers*> seen;
  for (int i = 0; i < 7; ++i) {
    held.push_back(std::make_unique<ScratchLease<Buffers>>());
    EXPECT_TRUE(seen.insert(&**held.back()).second) << "lease " << i;
    (*held.back())->values.assign(3, static_cast<double>(i));
  }
  for (int i = 0; i < 7; ++i) EXPECT_EQ((*held[static_cast<std::size_t>(i)])->values[0], i);
}

TEST(ScratchLease, OtherThreadsGetOtherStorage) {
  const ScratchLease<Buffers> mine;
  const Buffers* theirs = nullptr;
  std::thread other([&] {
    const ScratchLease<Buffers> lease;
    theirs = &*lease;
  });
  other.join();
  EXPECT_NE(theirs, &*mine);
}

TEST(ScratchLease, TrimGivesBackOnlyLargeStorage) {
  std::vector<double> small(1000), large((std::size_t{8} << 20) / sizeof(double));
  release_if_large(small);
  release_if_large(large);
  EXPECT_GE(small.capacity(), 1000u);
  EXPECT_EQ(large.capacity(), 0u);
}

}  // namespace
}  // namespace contactlab
