//===- Transport.h - messages between the ranks of a partitioned run -*- C++
//-*-===//
//
// A graph partitioned over K ranks (-executor-partition) runs as K executor
// interpreters, one per rank, whose executor.send and executor.recv nodes
// exchange tokens -- a value and its deadness -- through a Transport:
//
//   rank A                                   rank B
//   send %v key "k" to B   --(k|tag, v)-->   recv key "k" from A
//
// A message is addressed by its rendezvous key: the edge's key and the tag
// (frame instances and iterations) the send ran under, so that each
// iteration of a loop has its own. Sends never wait for their receiver.
//
// A rank with nothing left to run cannot tell on its own whether a peer
// will still send it something, and the executor's two refinements for a
// quiet graph (a stalled merge fires dead, dead exits leave a finished
// frame) are only sound when the whole run is quiet. So idle ranks take part
// in rounds: each gives its messages sent and received (and what refinement
// it could apply) and goes on taking messages while the round completes
// (a rank joins a round only when idle, so busy peers are never held up).
// Two consecutive rounds in which every rank gave the same counts and the
// sent and received sum to the same number are global quiescence (Mattern's
// double counting: an idle rank changes only when a message reaches it);
// then one rank applies one refinement, as the single-process executor
// would, or, when none can, the run is over.
//
// Two transports: InProcessTransportGroup (the ranks are threads of one
// process: tests, sluice-run --ranks) and MPITransport (Open MPI, under
// mpirun: sluice/Interpreter/MPITransport.h).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_INTERPRETER_TRANSPORT_H
#define SLUICE_INTERPRETER_TRANSPORT_H

#include "sluice/Kernels/Tensor.h"

#include "mlir/Support/LLVM.h"

#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace sluice::interp {

/// One token crossing ranks.
struct TransportMessage {
  /// The rank that sent it.
  int64_t source = 0;
  /// The rendezvous key: "<edge key>|<tag>".
  std::string key;
  Tensor value;
  bool dead = false;
};

/// What a rank's sends and receives added up to (bench/, --print-stats):
/// messages, and the bytes of the live values they carried (a dead token
/// carries none).
struct TransportStats {
  int64_t messagesSent = 0, bytesSent = 0;
  int64_t messagesReceived = 0, bytesReceived = 0;
};

class Transport {
public:
  virtual ~Transport();
  virtual int64_t getRank() const = 0;
  virtual int64_t getNumRanks() const = 0;
  /// Sends a token to `peer` without waiting for it to be received. Fails,
  /// with `error` set, when the message cannot be sent (a failed peer).
  virtual mlir::LogicalResult send(int64_t peer, llvm::StringRef key,
                                   const Tensor &value, bool dead,
                                   std::string &error) = 0;
  /// The next message that has arrived, if any, without waiting. Fails,
  /// with `error` naming it, when another rank has failed.
  virtual mlir::FailureOr<std::optional<TransportMessage>>
  tryReceive(std::string &error) = 0;
  /// Starts this rank's part of the next round with `local` (every rank
  /// gives as many values). One round at a time: the previous one must
  /// have completed here (testRound).
  virtual mlir::LogicalResult startRound(llvm::ArrayRef<int64_t> local,
                                         std::string &error) = 0;
  /// The values of every rank, rank after rank, once all have given
  /// theirs; none before. Fails, with `error` naming it, when a rank has
  /// failed.
  virtual mlir::FailureOr<std::optional<std::vector<int64_t>>>
  testRound(std::string &error) = 0;
  /// Waits until a message may have arrived or the round may have
  /// completed, for at most `seconds`.
  virtual void waitForEvent(double seconds) = 0;
  /// Tells the other ranks that this one failed, with `why` (the first
  /// line of its error): their waits end with an error naming this rank.
  virtual void reportFailure(llvm::StringRef why) = 0;

  const TransportStats &getStats() const { return stats; }

protected:
  TransportStats stats;
};

/// Bytes a message of `value` carries (its data; a control token: none).
int64_t getMessageBytes(const Tensor &value);

/// The transports of K ranks that are threads of one process: each rank's
/// mailbox is a queue its peers push to.
class InProcessTransportGroup {
public:
  explicit InProcessTransportGroup(int64_t numRanks);
  ~InProcessTransportGroup();
  /// The transport of `rank`, owned by the group.
  Transport &getTransport(int64_t rank);

private:
  class RankTransport;
  friend class RankTransport;
  struct Mailbox {
    std::mutex mutex;
    /// Notified when a message arrives or a round completes.
    std::condition_variable event;
    std::deque<TransportMessage> messages;
  };
  /// Rounds, by number: the values each rank gave, until every rank has
  /// read the round's result.
  struct Round {
    std::vector<std::optional<std::vector<int64_t>>> values;
    int64_t readers = 0;
  };
  std::mutex roundMutex;
  std::map<int64_t, Round> rounds;
  /// Wakes every rank's waitForEvent.
  void notifyAll();
  std::vector<std::unique_ptr<Mailbox>> mailboxes;
  std::vector<std::unique_ptr<RankTransport>> transports;
  std::optional<std::string> getFailure();
  /// The first failure a rank reported ("rank R: why"), shared by all.
  std::mutex failureMutex;
  std::optional<std::string> firstFailure;
};

} // namespace sluice::interp

#endif // SLUICE_INTERPRETER_TRANSPORT_H
