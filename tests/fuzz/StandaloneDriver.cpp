// Runs a fuzz target without libFuzzer (for the regular test suite): every file of
// the seed corpus, then a fixed number of deterministic mutations of them (byte
// flips, truncations, insertions, header copies). A crash fails the test.
//   fuzz-target CORPUS_DIR [MUTATIONS]
#include "FuzzInput.h"

#include "data/Random.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <vector>

namespace fs = std::filesystem;

namespace {

std::vector<uint8_t> readFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<uint8_t> mutate(std::vector<uint8_t> input, ampwb::SplitMix64& random)
{
    const int edits = 1 + static_cast<int>(random.below(4));
    for (int e = 0; e < edits; ++e) {
        switch (random.below(5)) {
        case 0: // flip bits in one byte
            if (!input.empty())
                input[random.below(input.size())] ^= static_cast<uint8_t>(1 + random.below(255));
            break;
        case 1: // truncate
            input.resize(random.below(input.size() + 1));
            break;
        case 2: // insert random bytes
            input.insert(input.begin() + static_cast<std::ptrdiff_t>(random.below(input.size() + 1)),
                         1 + random.below(16), static_cast<uint8_t>(random.next()));
            break;
        case 3: // an extreme value in a header-sized prefix
            if (input.size() >= 4) {
                const size_t at = random.below(std::min<size_t>(input.size() - 3, 32));
                const uint8_t value = random.below(2) ? 0xFF : 0x00;
                std::fill_n(input.begin() + static_cast<std::ptrdiff_t>(at), 4, value);
            }
            break;
        default: // duplicate a chunk
            if (!input.empty()) {
                const size_t from = random.below(input.size());
                const size_t length = std::min<size_t>(input.size() - from, 1 + random.below(64));
                std::vector<uint8_t> chunk(input.begin() + static_cast<std::ptrdiff_t>(from),
                                           input.begin() + static_cast<std::ptrdiff_t>(from + length));
                input.insert(input.begin() + static_cast<std::ptrdiff_t>(random.below(input.size() + 1)), chunk.begin(),
                             chunk.end());
            }
            break;
        }
    }
    return input;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::cerr << "usage: " << argv[0] << " CORPUS_DIR [MUTATIONS]\n";
        return 2;
    }
    const long mutations = argc > 2 ? std::stol(argv[2]) : 1000;
    std::vector<std::vector<uint8_t>> corpus;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(argv[1]))
        files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const auto& file : files)
        corpus.push_back(readFile(file));
    if (corpus.empty()) {
        std::cerr << "empty corpus " << argv[1] << "\n";
        return 2;
    }
    for (const auto& input : corpus)
        LLVMFuzzerTestOneInput(input.data(), input.size());
    ampwb::SplitMix64 random(20261129);
    for (long i = 0; i < mutations; ++i) {
        const auto input = mutate(corpus[random.below(corpus.size())], random);
        LLVMFuzzerTestOneInput(input.data(), input.size());
    }
    std::cout << corpus.size() << " corpus inputs and " << mutations << " mutations ran without a crash\n";
    return 0;
}
