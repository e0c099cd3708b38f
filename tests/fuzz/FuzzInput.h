#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

/// libFuzzer's entry point, implemented once per fuzz target.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

/// The readers under test take file paths: each input is written to one file per process.
inline std::string writeFuzzInput(const uint8_t* data, size_t size, const char* extension)
{
    const std::string path = "/tmp/ampwb-fuzz-" + std::to_string(::getpid()) + extension;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    return path;
}
