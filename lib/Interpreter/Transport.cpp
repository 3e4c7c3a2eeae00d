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

  FailureOr<std::vector<int64_t>> allGather(llvm::ArrayRef<int64_t> local,
                                            double timeoutSeconds,
                                            std::string &error) override {
    std::unique_lock<std::mutex> lock(group.roundMutex);
    int64_t generation = group.roundGeneration;
    group.roundValues[rank].assign(local.begin(), local.end());
    group.roundArrived[rank] = true;
    if (llvm::all_of(group.roundArrived,
                     [](bool arrived) { return arrived; })) {
      // The last rank to arrive closes the round.
      group.roundResult.clear();
      for (std::vector<int64_t> &values : group.roundValues)
        group.roundResult.insert(group.roundResult.end(), values.begin(),
                                 values.end());
      std::fill(group.roundArrived.begin(), group.roundArrived.end(), false);
      ++group.roundGeneration;
      group.roundDone.notify_all();
      return group.roundResult;
    }
    auto deadline = std::chrono::steady_clock::now() +
                    std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::duration<double>(timeoutSeconds));
    while (group.roundGeneration == generation) {
      if (std::optional<std::string> failed = group.getFailure()) {
        group.roundArrived[rank] = false;
        error = *failed;
        return failure();
      }
      auto wake = std::min(deadline, std::chrono::steady_clock::now() +
                                         std::chrono::milliseconds(50));
      group.roundDone.wait_until(lock, wake);
      if (group.roundGeneration == generation &&
          std::chrono::steady_clock::now() >= deadline) {
        std::string missing;
        for (int64_t other = 0; other < getNumRanks(); ++other)
          if (!group.roundArrived[other])
            missing += (missing.empty() ? "" : ", ") + std::to_string(other);
        group.roundArrived[rank] = false;
        error =
            "timed out waiting for rank(s) " + missing + " (failed or stuck)";
        return failure();
      }
    }
    return group.roundResult;
  }

  void reportFailure(llvm::StringRef why) override {
    std::lock_guard<std::mutex> lock(group.failureMutex);
    if (!group.firstFailure)
      group.firstFailure =
          "rank " + std::to_string(rank) + " failed: " + why.str();
  }

private:
  InProcessTransportGroup &group;
  int64_t rank;
};

InProcessTransportGroup::InProcessTransportGroup(int64_t numRanks)
    : roundValues(numRanks), roundArrived(numRanks, false) {
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
