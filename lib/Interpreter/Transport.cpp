//===- Transport.cpp - messages between the ranks of a partitioned run ----===//
//
// The Transport base and the in-process transports of ranks that are
// threads of one process (sluice/Interpreter/Transport.h).
//
//===----------------------------------------------------------------------===//

#include "sluice/Interpreter/Transport.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <chrono>

using namespace mlir;
using namespace sluice::interp;

Transport::~Transport() = default;

int64_t sluice::interp::getMessageBytes(const Tensor &value) {
  if (value.getShape().empty() && value.getNumElements() == 0)
    return 0;
  return value.getNumElements() * getDTypeSize(value.getDType());
}

class InProcessTransportGroup::RankTransport : public Transport {
public:
  RankTransport(InProcessTransportGroup &group, int64_t rank)
      : group(group), rank(rank) {}

  int64_t getRank() const override { return rank; }
  int64_t getNumRanks() const override { return group.mailboxes.size(); }

  LogicalResult send(int64_t peer, llvm::StringRef key, const Tensor &value,
                     bool dead, std::string &error) override {
    if (peer < 0 || peer >= getNumRanks()) {
      error = "no rank " + std::to_string(peer);
      return failure();
    }
    Mailbox &mailbox = *group.mailboxes[peer];
    {
      std::lock_guard<std::mutex> lock(mailbox.mutex);
      mailbox.messages.push_back({rank, key.str(), value, dead});
    }
    mailbox.event.notify_all();
    ++stats.messagesSent;
    stats.bytesSent += dead ? 0 : getMessageBytes(value);
    return success();
  }

  FailureOr<std::optional<TransportMessage>>
  tryReceive(std::string &error) override {
    if (std::optional<std::string> failed = group.getFailure()) {
      error = *failed;
      return failure();
    }
    Mailbox &mailbox = *group.mailboxes[rank];
    std::lock_guard<std::mutex> lock(mailbox.mutex);
    if (mailbox.messages.empty())
      return std::optional<TransportMessage>();
    TransportMessage message = std::move(mailbox.messages.front());
    mailbox.messages.pop_front();
    ++stats.messagesReceived;
    stats.bytesReceived += message.dead ? 0 : getMessageBytes(message.value);
    return std::optional<TransportMessage>(std::move(message));
  }

  LogicalResult startRound(llvm::ArrayRef<int64_t> local,
                           std::string &error) override {
    {
      std::lock_guard<std::mutex> lock(group.roundMutex);
      Round &round = group.rounds[nextRound];
      round.values.resize(getNumRanks());
      round.values[rank] = std::vector<int64_t>(local.begin(), local.end());
    }
    pendingRound = nextRound++;
    group.notifyAll();
    return success();
  }

  FailureOr<std::optional<std::vector<int64_t>>>
  testRound(std::string &error) override {
    if (std::optional<std::string> failed = group.getFailure()) {
      error = *failed;
      return failure();
    }
    std::lock_guard<std::mutex> lock(group.roundMutex);
    Round &round = group.rounds[*pendingRound];
    if (llvm::any_of(round.values, [](const auto &values) { return !values; }))
      return std::optional<std::vector<int64_t>>();
    std::vector<int64_t> result;
    for (const std::optional<std::vector<int64_t>> &values : round.values)
      result.insert(result.end(), values->begin(), values->end());
    // The last reader forgets the round.
    if (++round.readers == getNumRanks())
      group.rounds.erase(*pendingRound);
    pendingRound.reset();
    return std::optional<std::vector<int64_t>>(std::move(result));
  }

  void waitForEvent(double seconds) override {
    Mailbox &mailbox = *group.mailboxes[rank];
    std::unique_lock<std::mutex> lock(mailbox.mutex);
    if (!mailbox.messages.empty())
      return;
    mailbox.event.wait_for(
        lock, std::chrono::duration_cast<std::chrono::microseconds>(
                  std::chrono::duration<double>(seconds)));
  }

  void reportFailure(llvm::StringRef why) override {
    {
      std::lock_guard<std::mutex> lock(group.failureMutex);
      if (!group.firstFailure)
        group.firstFailure =
            "rank " + std::to_string(rank) + " failed: " + why.str();
    }
    group.notifyAll();
  }

private:
  InProcessTransportGroup &group;
  int64_t rank;
  /// The number of this rank's next round, and the one it waits for.
  int64_t nextRound = 0;
  std::optional<int64_t> pendingRound;
};

InProcessTransportGroup::InProcessTransportGroup(int64_t numRanks) {
  for (int64_t rank = 0; rank < numRanks; ++rank) {
    mailboxes.push_back(std::make_unique<Mailbox>());
    transports.push_back(std::make_unique<RankTransport>(*this, rank));
  }
}

InProcessTransportGroup::~InProcessTransportGroup() = default;

Transport &InProcessTransportGroup::getTransport(int64_t rank) {
  return *transports[rank];
}

std::optional<std::string> InProcessTransportGroup::getFailure() {
  std::lock_guard<std::mutex> lock(failureMutex);
  return firstFailure;
}

void InProcessTransportGroup::notifyAll() {
  for (std::unique_ptr<Mailbox> &mailbox : mailboxes) {
    // Taking the lock orders the notice after a waiter's check.
    std::lock_guard<std::mutex> lock(mailbox->mutex);
    mailbox->event.notify_all();
  }
}
