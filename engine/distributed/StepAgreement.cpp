#include "distributed/StepAgreement.h"

namespace ampwb {
namespace {

/// What the key holds once its ask is withdrawn. The key is never deleted: a rank that found it
/// could otherwise block reading it after another rank's withdrawal.
constexpr int64_t kWithdrawn = -1;

std::vector<uint8_t> bytesOf(int64_t step)
{
    const std::string text = std::to_string(step);
    return {text.begin(), text.end()};
}

int64_t stepOf(const std::vector<uint8_t>& value)
{
    return std::stoll(std::string(value.begin(), value.end()));
}

} // namespace

StepAgreement::StepAgreement(c10::intrusive_ptr<c10d::Store> groupStore, std::string agreementKey)
    : store(std::move(groupStore))
    , key(std::move(agreementKey))
{
}

int64_t StepAgreement::ask(int64_t step)
{
    // compareSet sets a missing key when expecting nothing, a withdrawn one when expecting kWithdrawn,
    // and answers what the key holds afterwards.
    int64_t agreedStep = stepOf(store->compareSet(key, {}, bytesOf(step)));
    if (agreedStep == kWithdrawn)
        agreedStep = stepOf(store->compareSet(key, bytesOf(kWithdrawn), bytesOf(step)));
    return agreedStep;
}

std::optional<int64_t> StepAgreement::agreed()
{
    if (!store->check({key}))
        return std::nullopt;
    const int64_t step = stepOf(store->get(key));
    return step == kWithdrawn ? std::nullopt : std::optional(step);
}

void StepAgreement::withdraw()
{
    store->set(key, bytesOf(kWithdrawn));
}

} // namespace ampwb
