#pragma once

#include <ATen/record_function.h>

#include <string>

namespace ampwb {

/// Names the operators that run while it lives, for libtorch's profiling hooks (a RecordFunction user
/// scope, as Python's `record_function` opens): the X-ray attributes their time by it, to a module of
/// the model ("layer1.0.conv1") or a phase of the training step (StepScopes.h). When nothing records
/// it costs a check, and builds no name.
class NamedScope {
public:
    /// A scope named `name`.
    explicit NamedScope(const char* name)
        : guard(at::RecordScope::USER_SCOPE)
    {
        if (guard.isActive())
            guard.before(name, c10::ArrayRef<const c10::IValue>{});
    }
    /// A module's scope: `name` inside the module at `parent` ("layer1.0" + "conv1"); `parent` alone
    /// when `name` is null, `name` alone when `parent` is empty.
    NamedScope(const std::string& parent, const char* name)
        : guard(at::RecordScope::USER_SCOPE)
    {
        if (!guard.isActive())
            return;
        std::string path = parent;
        if (name)
            path += (path.empty() ? "" : ".") + std::string(name);
        guard.before(std::move(path), c10::ArrayRef<const c10::IValue>{});
    }
    /// Closes the scope before the end of its block.
    void end() { guard.end(); }

private:
    at::RecordFunction guard;
};

} // namespace ampwb
