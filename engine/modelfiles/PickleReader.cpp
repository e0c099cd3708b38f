#include "modelfiles/PickleReader.h"

#include <cstdio>
#include <utility>

namespace ampwb {
namespace {

namespace opcode {
constexpr uint8_t Mark = '(';
constexpr uint8_t Stop = '.';
constexpr uint8_t BinInt = 'J';
constexpr uint8_t BinInt1 = 'K';
constexpr uint8_t BinInt2 = 'M';
constexpr uint8_t None = 'N';
constexpr uint8_t BinPersId = 'Q';
constexpr uint8_t Reduce = 'R';
constexpr uint8_t BinUnicode = 'X';
constexpr uint8_t Build = 'b';
constexpr uint8_t Global = 'c';
constexpr uint8_t BinGet = 'h';
constexpr uint8_t LongBinGet = 'j';
constexpr uint8_t BinPut = 'q';
constexpr uint8_t LongBinPut = 'r';
constexpr uint8_t SetItem = 's';
constexpr uint8_t Tuple = 't';
constexpr uint8_t SetItems = 'u';
constexpr uint8_t EmptyDict = '}';
constexpr uint8_t EmptyTuple = ')';
constexpr uint8_t Proto = 0x80;
constexpr uint8_t Tuple1 = 0x85;
constexpr uint8_t Tuple2 = 0x86;
constexpr uint8_t Tuple3 = 0x87;
constexpr uint8_t NewTrue = 0x88;
constexpr uint8_t NewFalse = 0x89;
constexpr uint8_t Long1 = 0x8a;
constexpr uint8_t ShortBinUnicode = 0x8c;
constexpr uint8_t StackGlobal = 0x93;
constexpr uint8_t Memoize = 0x94;
constexpr uint8_t Frame = 0x95;
} // namespace opcode

constexpr size_t kLongestIdentifierLine = 512;

bool isIdentifierCharacter(uint8_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

} // namespace

PickleReader::PickleReader(const void* data, size_t size, Callbacks callbacks)
    : begin(static_cast<const uint8_t*>(data))
    , end(begin + size)
    , cursor(begin)
    , callbacks(std::move(callbacks))
{
}

const PickleDict& PickleReader::dict(PickleDictHandle handle) const
{
    if (handle.index >= dicts.size())
        throw PickleError("A dict handle does not belong to this pickle.");
    return dicts[handle.index];
}

void PickleReader::fail(EngineMessage problem) const
{
    throw PickleError(
        EngineMessage(EngineMessage::Code::PickleMalformed, {std::to_string(opcodeOffset), std::move(problem)}));
}

void PickleReader::overLimit(EngineMessage::Code what, size_t limit) const
{
    throw PickleError(EngineMessage(EngineMessage::Code::PickleOverLimit,
                                    {std::to_string(opcodeOffset), std::to_string(limit), EngineMessage(what)}));
}

const uint8_t* PickleReader::take(size_t count)
{
    if (static_cast<size_t>(end - cursor) < count)
        fail(EngineMessage(EngineMessage::Code::PickleEndsInInstruction));
    const uint8_t* start = cursor;
    cursor += count;
    return start;
}

uint8_t PickleReader::readByte()
{
    return *take(1);
}

uint32_t PickleReader::readUnsigned(size_t bytes)
{
    const uint8_t* data = take(bytes);
    uint32_t value = 0;
    for (size_t i = 0; i < bytes; ++i)
        value |= static_cast<uint32_t>(data[i]) << (8 * i);
    return value;
}

int64_t PickleReader::readLong1()
{
    const size_t length = readByte();
    if (length > 8)
        fail(EngineMessage(EngineMessage::Code::PickleIntegerTooWide, {std::to_string(length)}));
    const uint8_t* data = take(length);
    uint64_t value = 0;
    for (size_t i = 0; i < length; ++i)
        value |= static_cast<uint64_t>(data[i]) << (8 * i);
    if (length > 0 && length < 8 && (data[length - 1] & 0x80))
        value |= ~uint64_t(0) << (8 * length); // sign-extend
    return static_cast<int64_t>(value);
}

std::string PickleReader::readString(size_t length)
{
    const uint8_t* data = take(length);
    return std::string(reinterpret_cast<const char*>(data), length);
}

std::string PickleReader::readIdentifierLine()
{
    std::string line;
    for (;;) {
        const uint8_t c = readByte();
        if (c == '\n')
            break;
        if (!isIdentifierCharacter(c) || line.size() >= kLongestIdentifierLine)
            fail(EngineMessage(EngineMessage::Code::PickleGlobalNameNotIdentifier));
        line.push_back(static_cast<char>(c));
    }
    if (line.empty())
        fail(EngineMessage(EngineMessage::Code::PickleGlobalNameEmpty));
    return line;
}

void PickleReader::push(PickleValue value)
{
    if (++valuesBuilt > kMostPickleValuesBuilt)
        overLimit(EngineMessage::Code::PickleValuesBuilt, kMostPickleValuesBuilt);
    if (stack.size() + marks.size() >= kMostPickleValues)
        overLimit(EngineMessage::Code::PickleStackValues, kMostPickleValues);
    stack.push_back(std::move(value));
}

void PickleReader::pushMark()
{
    if (stack.size() + marks.size() >= kMostPickleValues)
        overLimit(EngineMessage::Code::PickleStackValues, kMostPickleValues);
    marks.push_back(stack.size());
}

PickleValue PickleReader::newDict()
{
    if (dicts.size() >= kMostPickleValues)
        overLimit(EngineMessage::Code::PickleDicts, kMostPickleValues);
    dicts.emplace_back();
    return PickleValue::dict(dicts.size() - 1);
}

const PickleValue& PickleReader::top() const
{
    const size_t fence = marks.empty() ? 0 : marks.back();
    if (stack.size() <= fence)
        fail(EngineMessage(EngineMessage::Code::PickleStackEmpty));
    return stack.back();
}

PickleValue PickleReader::pop()
{
    top();
    PickleValue value = std::move(stack.back());
    stack.pop_back();
    return value;
}

std::vector<PickleValue> PickleReader::popToMark()
{
    if (marks.empty())
        fail(EngineMessage(EngineMessage::Code::PickleNoMark));
    const size_t mark = marks.back();
    marks.pop_back();
    std::vector<PickleValue> items(std::make_move_iterator(stack.begin() + static_cast<std::ptrdiff_t>(mark)),
                                   std::make_move_iterator(stack.end()));
    stack.resize(mark);
    return items;
}

PickleDict& PickleReader::dictOnTop()
{
    const PickleDictHandle* handle = top().asDict();
    if (!handle)
        fail(EngineMessage(EngineMessage::Code::PickleItemsNotOnDict, {top().typeName()}));
    return dicts[handle->index];
}

void PickleReader::setItem(PickleDict& dict, const PickleValue& key, PickleValue value)
{
    const std::string* name = key.asString();
    if (!name)
        fail(EngineMessage(EngineMessage::Code::PickleKeyNotStr, {key.typeName()}));
    const auto found = dict.positions.find(*name);
    if (found != dict.positions.end()) {
        dict.items[found->second].second = std::move(value);
        return;
    }
    if (++dictEntries > kMostPickleValues)
        overLimit(EngineMessage::Code::PickleDictEntries, kMostPickleValues);
    dict.positions.emplace(*name, dict.items.size());
    dict.items.emplace_back(*name, std::move(value));
}

void PickleReader::pushGlobal(PickleGlobal global)
{
    if (global.qualifiedName() != "collections.OrderedDict") {
        if (!callbacks.acceptGlobal)
            fail(EngineMessage(EngineMessage::Code::PickleGlobalUnsupported, {global.qualifiedName()}));
        callbacks.acceptGlobal(global);
    }
    push(PickleValue::global(std::move(global)));
}

void PickleReader::reduce()
{
    const PickleValue arguments = pop();
    const PickleValue callable = pop();
    const PickleTuple* argumentTuple = arguments.asTuple();
    const PickleGlobal* function = callable.asGlobal();
    if (!argumentTuple || !function)
        fail(EngineMessage(EngineMessage::Code::PickleReduceArguments, {callable.typeName(), arguments.typeName()}));
    if (function->qualifiedName() == "collections.OrderedDict") {
        if (!argumentTuple->empty())
            fail(EngineMessage(EngineMessage::Code::PickleOrderedDictArguments));
        push(newDict());
        return;
    }
    if (!callbacks.call)
        fail(EngineMessage(EngineMessage::Code::PickleCallUnsupported, {function->qualifiedName()}));
    push(callbacks.call(*function, *argumentTuple));
}

void PickleReader::build()
{
    const PickleValue state = pop();
    if (!top().asDict())
        fail(EngineMessage(EngineMessage::Code::PickleBuildOnUnsupported, {top().typeName()}));
    if (!state.isNone() && !state.asDict())
        fail(EngineMessage(EngineMessage::Code::PickleBuildStateUnsupported, {state.typeName()}));
    // A dict's state only carries attributes (torch.save: `_metadata`), which a state dict does not need.
}

void PickleReader::remember(uint32_t index)
{
    const PickleValue& value = top();
    if (memo.size() >= kMostPickleValues && memo.count(index) == 0)
        overLimit(EngineMessage::Code::PickleMemoEntries, kMostPickleValues);
    memo[index] = value;
}

void PickleReader::recall(uint32_t index)
{
    const auto found = memo.find(index);
    if (found == memo.end())
        fail(EngineMessage(EngineMessage::Code::PickleMemoMissing, {std::to_string(index)}));
    push(found->second);
}

PickleValue PickleReader::read()
{
    if (static_cast<size_t>(end - begin) > kLargestPickleBytes)
        throw PickleError(EngineMessage(EngineMessage::Code::PickleTooLarge,
                                        {std::to_string(end - begin), std::to_string(kLargestPickleBytes)}));
    for (;;) {
        opcodeOffset = static_cast<size_t>(cursor - begin);
        const uint8_t op = readByte();
        switch (op) {
        case opcode::Proto: {
            const uint8_t protocol = readByte();
            if (protocol < 2 || protocol > 5)
                fail(EngineMessage(EngineMessage::Code::PickleProtocolUnsupported, {std::to_string(protocol)}));
            break;
        }
        case opcode::Frame:
            take(8); // a framing hint; the data follows inline
            break;
        case opcode::Global: {
            std::string module = readIdentifierLine();
            std::string name = readIdentifierLine();
            pushGlobal({std::move(module), std::move(name)});
            break;
        }
        case opcode::StackGlobal: {
            const PickleValue name = pop();
            const PickleValue module = pop();
            if (!name.asString() || !module.asString())
                fail(EngineMessage(EngineMessage::Code::PickleStackGlobalNeedsStrings));
            pushGlobal({*module.asString(), *name.asString()});
            break;
        }
        case opcode::BinPut: remember(readByte()); break;
        case opcode::LongBinPut: remember(readUnsigned(4)); break;
        case opcode::Memoize: remember(static_cast<uint32_t>(memo.size())); break;
        case opcode::BinGet: recall(readByte()); break;
        case opcode::LongBinGet: recall(readUnsigned(4)); break;
        case opcode::Mark: pushMark(); break;
        case opcode::EmptyTuple: push(PickleValue::tuple({})); break;
        case opcode::Tuple: push(PickleValue::tuple(popToMark())); break;
        case opcode::Tuple1:
        case opcode::Tuple2:
        case opcode::Tuple3: {
            PickleTuple items(static_cast<size_t>(op - opcode::Tuple1 + 1));
            for (auto item = items.rbegin(); item != items.rend(); ++item)
                *item = pop();
            push(PickleValue::tuple(std::move(items)));
            break;
        }
        case opcode::EmptyDict: push(newDict()); break;
        case opcode::SetItem: {
            PickleValue value = pop();
            const PickleValue key = pop();
            setItem(dictOnTop(), key, std::move(value));
            break;
        }
        case opcode::SetItems: {
            std::vector<PickleValue> items = popToMark();
            if (items.size() % 2 != 0)
                fail(EngineMessage(EngineMessage::Code::PickleKeyWithoutValue));
            PickleDict& target = dictOnTop();
            for (size_t i = 0; i < items.size(); i += 2)
                setItem(target, items[i], std::move(items[i + 1]));
            break;
        }
        case opcode::BinInt: push(PickleValue::integer(static_cast<int32_t>(readUnsigned(4)))); break;
        case opcode::BinInt1: push(PickleValue::integer(readByte())); break;
        case opcode::BinInt2: push(PickleValue::integer(readUnsigned(2))); break;
        case opcode::Long1: push(PickleValue::integer(readLong1())); break;
        case opcode::BinUnicode: push(PickleValue::string(readString(readUnsigned(4)))); break;
        case opcode::ShortBinUnicode: push(PickleValue::string(readString(readByte()))); break;
        case opcode::NewTrue: push(PickleValue::boolean(true)); break;
        case opcode::NewFalse: push(PickleValue::boolean(false)); break;
        case opcode::None: push(PickleValue::none()); break;
        case opcode::Reduce: reduce(); break;
        case opcode::Build: build(); break;
        case opcode::BinPersId: {
            const PickleValue id = pop();
            if (!callbacks.persistentLoad)
                fail(EngineMessage(EngineMessage::Code::PicklePersistentIds));
            push(callbacks.persistentLoad(id));
            break;
        }
        case opcode::Stop:
            if (!marks.empty() || stack.size() != 1)
                fail(EngineMessage(EngineMessage::Code::PickleStopLeftovers,
                                   {std::to_string(stack.size()), std::to_string(marks.size())}));
            return pop();
        default: {
            char code[8];
            std::snprintf(code, sizeof code, "0x%02x", op);
            fail(EngineMessage(EngineMessage::Code::PickleOpcodeUnsupported, {std::string(code)}));
        }
        }
    }
}

} // namespace ampwb
