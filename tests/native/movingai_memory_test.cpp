// The .map reader allocates from what the file holds, not from what its header claims:
// a header of 40 bytes saying 4096 x 4096 must not cost 16 MiB (found by fuzz_read_map,
// whose -malloc_limit_mb stops on such an allocation). Measured as the growth of the
// process's peak resident memory, which ctest gives a fresh process per test; run inside
// one process with other tests before it, the peak may already be higher and the check
// can only pass.
#include "movingai.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <string>

namespace astar {
namespace {

long peak_resident_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;  // KiB on Linux
}

TEST(ReadMapMemory, AClaimedSizeCostsNothingUntilItsRowsAreThere) {
  const std::string claims_16_mib = "type octile\nheight 4096\nwidth 4096\nmap\n" + std::string(4096, '.') + "\n";
  const long before = peak_resident_kib();
  const Parsed<Grid> parsed = read_map(claims_16_mib);
  ASSERT_FALSE(parsed);
  EXPECT_EQ(parsed.error.line, 6) << parsed.error.message;
  EXPECT_LT(peak_resident_kib() - before, 4 * 1024) << "reading a 16 KiB file raised the peak by over 4 MiB";
}

}  // namespace
}  // namespace astar
