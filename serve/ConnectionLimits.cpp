#include "ConnectionLimits.h"

#include <algorithm>

namespace ampwb::serve {

ConnectionLimits::ConnectionLimits(int maxConnections, int maxConnectionsPerAddress)
    : maxConnections(std::max(1, maxConnections))
    , maxConnectionsPerAddress(std::max(1, maxConnectionsPerAddress))
{
}

ConnectionLimits::Handle ConnectionLimits::admit(const std::string& address, std::function<void()> drop)
{
    std::lock_guard lock(mutex);
    auto makeRoom = [this](const std::string& from) {
        const auto displaced = oldestWaiting(from);
        if (displaced == entries.end())
            return false;
        displaced->drop();
        // It no longer counts: its session closes soon and releases an entry already gone.
        displaced->drop = [] {};
        displaced->address.clear();
        displaced->waitingForHead = false;
        return true;
    };
    if (heldFrom(address) >= maxConnectionsPerAddress && !makeRoom(address))
        return nullptr;
    if (heldNow() >= maxConnections && !makeRoom({}))
        return nullptr;
    entries.push_back({address, std::move(drop), true});
    return Handle(new Slot(*this, std::prev(entries.end())));
}

void ConnectionLimits::setWaitingForHead(Slot& slot, bool waiting)
{
    std::lock_guard lock(mutex);
    if (!slot.entry->address.empty())
        slot.entry->waitingForHead = waiting;
}

int ConnectionLimits::held() const
{
    std::lock_guard lock(mutex);
    return heldNow();
}

int ConnectionLimits::heldNow() const
{
    return static_cast<int>(
        std::count_if(entries.begin(), entries.end(), [](const Entry& entry) { return !entry.address.empty(); }));
}

void ConnectionLimits::release(std::list<Entry>::iterator entry)
{
    std::lock_guard lock(mutex);
    entries.erase(entry);
}

std::list<ConnectionLimits::Entry>::iterator ConnectionLimits::oldestWaiting(const std::string& address)
{
    return std::find_if(entries.begin(), entries.end(), [&](const Entry& entry) {
        return entry.waitingForHead && !entry.address.empty() && (address.empty() || entry.address == address);
    });
}

int ConnectionLimits::heldFrom(const std::string& address) const
{
    return static_cast<int>(
        std::count_if(entries.begin(), entries.end(), [&](const Entry& entry) { return entry.address == address; }));
}

ConnectionLimits::Slot::~Slot()
{
    limits.release(entry);
}

} // namespace ampwb::serve
