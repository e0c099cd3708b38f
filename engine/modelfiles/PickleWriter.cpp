#include "modelfiles/PickleWriter.h"

#include <limits>

namespace ampwb {

PickleWriter::PickleWriter()
{
    put(0x80); // PROTO 2
    put(2);
}

void PickleWriter::put(uint8_t byte)
{
    data.push_back(static_cast<char>(byte));
}

void PickleWriter::putLittleEndian(uint64_t value, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        put(static_cast<uint8_t>(value >> (8 * i)));
}

void PickleWriter::global(const std::string& module, const std::string& name)
{
    put('c');
    data += module + "\n" + name + "\n";
}

// One opcode per line, as pickle's opcode table lists them.
// clang-format off
void PickleWriter::mark() { put('('); }
void PickleWriter::tupleFromMark() { put('t'); }
void PickleWriter::emptyTuple() { put(')'); }
void PickleWriter::emptyDict() { put('}'); }
void PickleWriter::setItem() { put('s'); }
void PickleWriter::setItemsFromMark() { put('u'); }
void PickleWriter::reduce() { put('R'); }
void PickleWriter::build() { put('b'); }
void PickleWriter::persistentId() { put('Q'); }
void PickleWriter::stop() { put('.'); }
// clang-format on

void PickleWriter::integer(int64_t value)
{
    if (value >= 0 && value < 256) {
        put('K');
        putLittleEndian(static_cast<uint64_t>(value), 1);
    } else if (value >= 0 && value < 65536) {
        put('M');
        putLittleEndian(static_cast<uint64_t>(value), 2);
    } else if (value >= std::numeric_limits<int32_t>::min() && value <= std::numeric_limits<int32_t>::max()) {
        put('J');
        putLittleEndian(static_cast<uint32_t>(static_cast<int32_t>(value)), 4);
    } else {
        put(0x8a); // LONG1, 8 bytes two's complement
        put(8);
        putLittleEndian(static_cast<uint64_t>(value), 8);
    }
}

void PickleWriter::boolean(bool value)
{
    put(value ? 0x88 : 0x89);
}

void PickleWriter::string(const std::string& text)
{
    put('X');
    putLittleEndian(text.size(), 4);
    data += text;
}

} // namespace ampwb
