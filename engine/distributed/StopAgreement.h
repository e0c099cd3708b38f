#pragma once

#include <torch/csrc/distributed/c10d/Store.hpp>

#include <cstdint>
#include <optional>

namespace ampwb {

/// How the ranks of a data-parallel group stop at the same step when one of them is asked to stop
/// (Ctrl-C, the window's Stop): the first rank asked writes "stop after step s + 1" into the group's
/// store, where s is the steps it has done, and every rank looks the key up before each step. No rank
/// can have finished step s + 1 before the asking rank takes part in it, so every rank can still stop
/// there, and they all do. A store lookup, not a collective: plain PyTorch ranks are not involved.
class StopAgreement {
public:
    explicit StopAgreement(c10::intrusive_ptr<c10d::Store> store);

    /// Asks the group to stop after step `step`; returns the step agreed on (an earlier ask wins).
    int64_t ask(int64_t step);
    /// The step the group agreed to stop after, once a rank has asked.
    std::optional<int64_t> agreed();

private:
    c10::intrusive_ptr<c10d::Store> store;
};

} // namespace ampwb
