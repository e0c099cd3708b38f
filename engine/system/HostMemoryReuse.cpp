#include "system/HostMemoryReuse.h"

#include <cstdlib> // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace ampwb {

void reuseFreedHostMemory()
{
#if defined(__GLIBC__)
    // Activation and gradient buffers (up to ~100 MB at 224 px) are freed and requested
    // again every step. glibc maps a block above its mmap threshold (at most 32 MB) on its
    // own and unmaps it on free, so each step page-faults through fresh zeroed pages again.
    // With no such mappings and no automatic trim, freed blocks stay in the heap for reuse.
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    malloc_trim(0);
#endif
}

} // namespace ampwb
