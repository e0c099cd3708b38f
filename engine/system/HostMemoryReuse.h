#pragma once

namespace ampwb {

/// Makes glibc's malloc keep the memory a training step frees for the next step, instead of
/// handing large blocks back to the kernel and faulting them in again (zeroed) on the next
/// step: large blocks come from the heap and the heap is never trimmed automatically. Then
/// returns the free memory held now, so the peak measured from here on is this run's own.
/// Process-wide; calling it again is harmless. Does nothing on other C libraries.
void reuseFreedHostMemory();

} // namespace ampwb
