#pragma once

#include <torch/csrc/distributed/c10d/Store.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace ampwb {

/// How the ranks of a data-parallel group stop, or pause, at the same step when one of them is asked to
/// (Ctrl-C, the window's Stop or Pause): the first rank asked writes "after step s + 1" under the
/// agreement's key in the group's store, where s is the steps it has done, and every rank looks the key
/// up before each step. No rank can have finished step s + 1 before the asking rank takes part in it, so
/// every rank can still stop (or pause) there, and they all do. Store lookups, not collectives: plain
/// PyTorch ranks are not involved, and a paused group, waiting on the store, outlasts the group timeout.
class StepAgreement {
public:
    /// An agreement kept under `key` of `store` (one key for each thing agreed on, and for each run).
    StepAgreement(c10::intrusive_ptr<c10d::Store> store, std::string key);

    /// Asks the group to act after step `step`; returns the step agreed on (a pending ask wins).
    int64_t ask(int64_t step);
    /// The step agreed on, once a rank has asked (and until it withdraws).
    std::optional<int64_t> agreed();
    /// Withdraws the pending ask, whichever rank made it (a pause's resume).
    void withdraw();

private:
    c10::intrusive_ptr<c10d::Store> store;
    std::string key;
};

} // namespace ampwb
