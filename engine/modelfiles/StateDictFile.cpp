#include "modelfiles/StateDictFile.h"

#include "model/ModelFileError.h"
#include "modelfiles/ArchiveFileSink.h"
#include "modelfiles/PickleReader.h"
#include "modelfiles/PickleWriter.h"
#include "modelfiles/TorchFileFormat.h"
#include "system/AtomicFile.h"
#include "system/ErrorText.h"

#include <caffe2/serialize/inline_container.h>

#include <cstring>
#include <map>

namespace ampwb {
namespace {

constexpr size_t kMostTensorDimensions = 16;

const std::map<std::string, c10::ScalarType>& storageTypes()
{
    static const std::map<std::string, c10::ScalarType> types{
        {"FloatStorage", torch::kFloat},       {"DoubleStorage", torch::kDouble}, {"HalfStorage", torch::kHalf},
        {"BFloat16Storage", torch::kBFloat16}, {"LongStorage", torch::kLong},     {"IntStorage", torch::kInt},
        {"ShortStorage", torch::kShort},       {"CharStorage", torch::kChar},     {"ByteStorage", torch::kByte},
    };
    return types;
}

std::string storageTypeName(c10::ScalarType type)
{
    for (const auto& [name, storageType] : storageTypes()) {
        if (storageType == type)
            return name;
    }
    throw ModelFileError(std::string("Tensors of type ") + c10::toString(type) + " cannot be saved in a state dict.");
}

bool isRecordKey(const std::string& key)
{
    if (key.empty() || key.size() > 64)
        return false;
    for (const char c : key) {
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
            return false;
    }
    return true;
}

int64_t checkedProduct(int64_t a, int64_t b)
{
    int64_t product = 0;
    if (__builtin_mul_overflow(a, b, &product))
        throw PickleError("A tensor's size overflows 64 bits.");
    return product;
}

int64_t checkedSum(int64_t a, int64_t b)
{
    int64_t sum = 0;
    if (__builtin_add_overflow(a, b, &sum))
        throw PickleError("A tensor's extent overflows 64 bits.");
    return sum;
}

std::vector<int64_t> integerTuple(const PickleValue& value, const char* what)
{
    const PickleTuple* items = value.asTuple();
    if (!items || items->size() > kMostTensorDimensions)
        throw PickleError(std::string("A tensor's ") + what + " is not a tuple of at most 16 ints.");
    std::vector<int64_t> numbers;
    for (const PickleValue& item : *items) {
        const int64_t* number = item.asInteger();
        if (!number || *number < 0)
            throw PickleError(std::string("A tensor's ") + what + " holds a " + item.typeName()
                              + " that is not a non-negative int.");
        numbers.push_back(*number);
    }
    return numbers;
}

/// torch._utils._rebuild_tensor_v2(storage, offset, size, stride, requires_grad, hooks[, metadata]).
PickleValue rebuildTensor(const PickleTuple& arguments)
{
    if (arguments.size() != 6 && arguments.size() != 7)
        throw PickleError("_rebuild_tensor_v2 takes 6 or 7 arguments, not " + std::to_string(arguments.size()) + ".");
    const torch::Tensor* storage = arguments[0].asTensor();
    const int64_t* offset = arguments[1].asInteger();
    if (!storage || !offset || *offset < 0)
        throw PickleError("_rebuild_tensor_v2 needs a storage and a non-negative offset.");
    const std::vector<int64_t> sizes = integerTuple(arguments[2], "size");
    const std::vector<int64_t> strides = integerTuple(arguments[3], "stride");
    if (sizes.size() != strides.size())
        throw PickleError("A tensor's size and stride have different lengths.");
    if (!arguments[4].asBool() || !arguments[5].asDict()
        || (arguments.size() == 7 && !arguments[6].isNone() && !arguments[6].asDict()))
        throw PickleError("_rebuild_tensor_v2's requires_grad, hooks or metadata argument has the wrong type.");

    int64_t elements = 1;
    int64_t lastElement = *offset;
    for (size_t d = 0; d < sizes.size(); ++d) {
        elements = checkedProduct(elements, sizes[d]);
        if (sizes[d] > 0)
            lastElement = checkedSum(lastElement, checkedProduct(sizes[d] - 1, strides[d]));
    }
    const int64_t available = storage->numel();
    if ((elements > 0 && lastElement >= available) || (elements == 0 && *offset > available))
        throw PickleError("A tensor reaches past the end of its storage.");
    return PickleValue::tensor(storage->as_strided(sizes, strides, *offset));
}

/// Loads data/<key> records named by persistent ids ('storage', torch.XStorage, key, location, numel).
class StorageLoader {
public:
    explicit StorageLoader(const RecordReader& readRecord)
        : readRecord(readRecord)
    {
    }

    PickleValue load(const PickleValue& id)
    {
        const PickleTuple* fields = id.asTuple();
        if (!fields || fields->size() != 5 || !(*fields)[0].asString() || *(*fields)[0].asString() != "storage")
            throw PickleError("A persistent id is not a ('storage', type, key, location, size) tuple.");
        const PickleGlobal* type = (*fields)[1].asGlobal();
        const std::string* key = (*fields)[2].asString();
        const int64_t* elements = (*fields)[4].asInteger();
        if (!type || !key || !(*fields)[3].asString() || !elements || *elements < 0 || !isRecordKey(*key))
            throw PickleError("A storage's type, key, location or size is malformed.");
        const auto storageType = storageTypes().find(type->name);
        if (type->module != "torch" || storageType == storageTypes().end())
            throw PickleError("A storage has the type " + type->qualifiedName() + ", which is not a tensor storage.");
        const c10::ScalarType dtype = storageType->second;

        if (const auto cached = loaded.find(*key); cached != loaded.end()) {
            if (cached->second.scalar_type() != dtype || cached->second.numel() != *elements)
                throw PickleError("The storage " + *key + " is used with two different types or sizes.");
            return PickleValue::tensor(cached->second);
        }
        const std::string record = "data/" + *key;
        const std::string bytes = readRecord(record);
        const int64_t expectedBytes = checkedProduct(*elements, static_cast<int64_t>(c10::elementSize(dtype)));
        if (static_cast<int64_t>(bytes.size()) != expectedBytes)
            throw PickleError("The record " + record + " holds " + std::to_string(bytes.size()) + " bytes, not "
                              + std::to_string(expectedBytes) + ".");
        torch::Tensor storage = torch::empty({*elements}, dtype);
        if (!bytes.empty())
            std::memcpy(storage.data_ptr(), bytes.data(), bytes.size());
        loaded.emplace(*key, storage);
        return PickleValue::tensor(storage);
    }

private:
    const RecordReader& readRecord;
    std::map<std::string, torch::Tensor> loaded;
};

void acceptStateDictGlobal(const PickleGlobal& global)
{
    const bool isStorage = global.module == "torch" && storageTypes().count(global.name) > 0;
    if (!isStorage && global.qualifiedName() != "torch._utils._rebuild_tensor_v2")
        throw PickleError("It refers to " + global.qualifiedName() + ", which a state dict of tensors does not use.");
}

StateDict tensorsOf(const PickleReader& reader, const PickleValue& root)
{
    const PickleDictHandle* handle = root.asDict();
    if (!handle)
        throw PickleError("It holds a " + root.typeName() + ", not a dict of tensors.");
    StateDict stateDict;
    for (const auto& [name, value] : reader.dict(*handle).items) {
        const torch::Tensor* tensor = value.asTensor();
        if (!tensor)
            throw PickleError("Its entry '" + name + "' is a " + value.typeName() + ", not a tensor.");
        stateDict.emplace_back(name, *tensor);
    }
    return stateDict;
}

void writeTensorReference(PickleWriter& pickle, const torch::Tensor& tensor, const std::string& key)
{
    pickle.global("torch._utils", "_rebuild_tensor_v2");
    pickle.mark();
    pickle.mark();
    pickle.string("storage");
    pickle.global("torch", storageTypeName(tensor.scalar_type()));
    pickle.string(key);
    pickle.string("cpu");
    pickle.integer(tensor.numel());
    pickle.tupleFromMark();
    pickle.persistentId();
    pickle.integer(0);
    pickle.mark();
    for (const int64_t size : tensor.sizes())
        pickle.integer(size);
    pickle.tupleFromMark();
    pickle.mark();
    for (const int64_t stride : tensor.strides())
        pickle.integer(stride);
    pickle.tupleFromMark();
    pickle.boolean(false);
    pickle.global("collections", "OrderedDict");
    pickle.emptyTuple();
    pickle.reduce();
    pickle.tupleFromMark();
    pickle.reduce();
}

void writeMetadata(PickleWriter& pickle, const ModuleVersions& versions)
{
    pickle.emptyDict();
    pickle.string("_metadata");
    pickle.global("collections", "OrderedDict");
    pickle.emptyTuple();
    pickle.reduce();
    pickle.mark();
    for (const auto& [module, version] : versions) {
        pickle.string(module);
        pickle.emptyDict();
        pickle.string("version");
        pickle.integer(version);
        pickle.setItem();
    }
    pickle.setItemsFromMark();
    pickle.setItem();
    pickle.build();
}

} // namespace

StateDict stateDictFromPickle(const std::string& pickle, const RecordReader& readRecord)
{
    StorageLoader storages(readRecord);
    PickleReader reader(pickle.data(), pickle.size(),
                        {acceptStateDictGlobal,
                         [](const PickleGlobal& function, const PickleTuple& arguments) {
                             if (function.qualifiedName() != "torch._utils._rebuild_tensor_v2")
                                 throw PickleError("It calls " + function.qualifiedName() + ", which is not a tensor.");
                             return rebuildTensor(arguments);
                         },
                         [&storages](const PickleValue& id) { return storages.load(id); }});
    const PickleValue root = reader.read();
    return tensorsOf(reader, root);
}

StateDict readStateDictFile(const std::string& path)
{
    switch (detectTorchFileFormat(path)) {
    case TorchFileFormat::StateDictArchive: break;
    case TorchFileFormat::TorchScriptArchive:
        throw ModelFileError(EngineMessage(EngineMessage::Code::NotAStateDictButTorchScript, {path}));
    case TorchFileFormat::LegacyTorchSave:
        throw ModelFileError(EngineMessage(EngineMessage::Code::LegacyTorchSave, {path}));
    case TorchFileFormat::Unknown: throw ModelFileError(EngineMessage(EngineMessage::Code::NotAStateDict, {path}));
    }
    try {
        caffe2::serialize::PyTorchStreamReader archive(path);
        const RecordReader readRecord = [&archive](const std::string& name) {
            if (!archive.hasRecord(name))
                throw PickleError("The archive has no record " + name + ".");
            const auto [data, size] = archive.getRecord(name);
            return std::string(static_cast<const char*>(data.get()), size);
        };
        return stateDictFromPickle(readRecord("data.pkl"), readRecord);
    } catch (const std::exception& error) {
        throw ModelFileError(EngineMessage(EngineMessage::Code::StateDictUnusable, {path, messageOf(error)}));
    }
}

void writeStateDictFile(const std::string& path, const StateDict& stateDict, const ModuleVersions& versions)
{
    PickleWriter pickle;
    pickle.global("collections", "OrderedDict");
    pickle.emptyTuple();
    pickle.reduce();
    pickle.mark();
    std::vector<torch::Tensor> storages;
    for (const auto& [name, tensor] : stateDict) {
        storages.push_back(tensor.detach().to(torch::kCPU).contiguous());
        pickle.string(name);
        writeTensorReference(pickle, storages.back(), std::to_string(storages.size() - 1));
    }
    pickle.setItemsFromMark();
    writeMetadata(pickle, versions);
    pickle.stop();

    try {
        writeFileAtomically(path, [&](const std::string& temporary) {
            ArchiveFileSink sink(temporary);
            {
                caffe2::serialize::PyTorchStreamWriter archive(sink.writer());
                archive.writeRecord("data.pkl", pickle.bytes().data(), pickle.bytes().size());
                for (size_t key = 0; key < storages.size(); ++key) {
                    const torch::Tensor& storage = storages[key];
                    archive.writeRecord("data/" + std::to_string(key), storage.data_ptr(), storage.nbytes());
                }
                archive.writeEndOfFile();
            }
            sink.finish();
        });
    } catch (const std::exception& error) {
        throw ModelFileError(messageOf(error));
    }
}

} // namespace ampwb
