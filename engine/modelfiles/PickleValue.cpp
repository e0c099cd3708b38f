#include "modelfiles/PickleValue.h"

namespace ampwb {

const std::string* PickleValue::asString() const
{
    const auto* text = std::get_if<std::shared_ptr<const std::string>>(&content);
    return text ? text->get() : nullptr;
}

const PickleTuple* PickleValue::asTuple() const
{
    const auto* items = std::get_if<std::shared_ptr<const PickleTuple>>(&content);
    return items ? items->get() : nullptr;
}

const PickleGlobal* PickleValue::asGlobal() const
{
    const auto* global = std::get_if<std::shared_ptr<const PickleGlobal>>(&content);
    return global ? global->get() : nullptr;
}

std::string PickleValue::typeName() const
{
    if (isNone())
        return "None";
    if (asBool())
        return "bool";
    if (asInteger())
        return "int";
    if (asString())
        return "str";
    if (asTuple())
        return "tuple";
    if (asDict())
        return "dict";
    if (asGlobal())
        return "global " + asGlobal()->qualifiedName();
    return "tensor";
}

} // namespace ampwb
