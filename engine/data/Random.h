#pragma once

#include <cstdint>
#include <cstring>

namespace ampwb {

/// SplitMix64: a tiny, fast generator whose sequence is fixed by its seed on every
/// platform (unlike std::shuffle or std::uniform_*_distribution).
class SplitMix64 {
public:
    explicit SplitMix64(uint64_t seed)
        : state(seed)
    {
    }
    uint64_t next()
    {
        uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, 1).
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    /// Uniform integer in [0, bound).
    uint64_t below(uint64_t bound) { return bound == 0 ? 0 : next() % bound; }

private:
    uint64_t state;
};

/// Combines a seed with two stream identifiers into an independent seed.
inline uint64_t mixSeed(uint64_t seed, uint64_t a, uint64_t b)
{
    SplitMix64 mix(seed ^ (a * 0xd1b54a32d192ed03ULL) ^ (b * 0xabc98388fb8fac03ULL));
    mix.next();
    return mix.next();
}

} // namespace ampwb
