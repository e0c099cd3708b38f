#pragma once

// Debian's libtorch-dev 1.13 ships c10d's reducer.hpp but not the distributed-autograd header it
// includes, though the Reducer does not need distributed autograd to run. reducer.hpp uses two names
// from it: the type of a gradient callback and a shared pointer to a context (a member of the Reducer
// that stays empty unless an RPC context is set, which the workbench never does). This stand-in
// declares both with the types the real header gives them; CMake puts it on the include path only
// when the real header is missing.

#include <ATen/core/Tensor.h>

#include <functional>
#include <memory>

namespace torch::distributed::autograd {

class DistAutogradContext {
public:
    using GradCallback = std::function<bool(at::Tensor&)>;
};

using ContextPtr = std::shared_ptr<DistAutogradContext>;

} // namespace torch::distributed::autograd
