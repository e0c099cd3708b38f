#pragma once

#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>

namespace ampwb::serve {

/// The connections the service holds, oldest first, bounded in total and per client address.
/// A connection that is only waiting for a request head (idle, or sending one slowly) can be
/// dropped to make room: a new connection beyond a bound takes the place of the oldest such
/// one (from its own address when that address holds its share, else from any), so idle and
/// slow clients cannot keep a new request out. Only when every held connection is busy
/// answering is the new one refused. All methods may be called from any thread.
class ConnectionLimits {
public:
    /// One admitted connection; released when the last copy of its handle goes.
    class Slot;
    using Handle = std::shared_ptr<Slot>;

    ConnectionLimits(int maxConnections, int maxConnectionsPerAddress);

    /// Admits a connection from `address`, calling `drop` of the connections it displaces
    /// (on this thread: `drop` must only schedule the closing). Returns nullptr when there is
    /// no room. `drop` is kept for as long as the connection is held.
    Handle admit(const std::string& address, std::function<void()> drop);
    /// Marks the connection as waiting for a request head (droppable) or answering one.
    void setWaitingForHead(Slot& slot, bool waiting);
    /// Connections held now.
    int held() const;

private:
    struct Entry {
        std::string address;
        std::function<void()> drop;
        bool waitingForHead = true;
    };
    void release(std::list<Entry>::iterator entry);
    /// The oldest droppable connection, from `address` when not empty; end() if none.
    std::list<Entry>::iterator oldestWaiting(const std::string& address);
    int heldFrom(const std::string& address) const;
    int heldNow() const;

    const int maxConnections;
    const int maxConnectionsPerAddress;
    mutable std::mutex mutex;
    std::list<Entry> entries; ///< oldest first
};

class ConnectionLimits::Slot {
public:
    ~Slot();
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;

private:
    friend class ConnectionLimits;
    Slot(ConnectionLimits& limits, std::list<Entry>::iterator entry)
        : limits(limits)
        , entry(entry)
    {
    }
    ConnectionLimits& limits;
    std::list<Entry>::iterator entry;
};

} // namespace ampwb::serve
