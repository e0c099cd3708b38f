#include "distributed/StopAgreement.h"

#include <string>

namespace ampwb {
namespace {

constexpr const char* kStopKey = "ampwb/stop_after_step";

int64_t stepOf(const std::vector<uint8_t>& value)
{
    return std::stoll(std::string(value.begin(), value.end()));
}

} // namespace

StopAgreement::StopAgreement(c10::intrusive_ptr<c10d::Store> groupStore)
    : store(std::move(groupStore))
{
}

int64_t StopAgreement::ask(int64_t step)
{
    const std::string text = std::to_string(step);
    // Sets the key only where it is missing, and answers what it holds.
    return stepOf(store->compareSet(kStopKey, {}, std::vector<uint8_t>(text.begin(), text.end())));
}

std::optional<int64_t> StopAgreement::agreed()
{
    if (!store->check({kStopKey}))
        return std::nullopt;
    return stepOf(store->get(kStopKey));
}

} // namespace ampwb
