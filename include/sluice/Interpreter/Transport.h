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
// frame) are only sound when the whole run is quiet. So idle ranks meet in
// rounds (allGather): a round in which no message is in flight (every rank's
// sent minus received sums to zero) is global quiescence; then one rank
// applies one refinement, as the single-process executor would, or, when
// none can, the run is over.
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
  /// A collective every rank calls when it has nothing to run: returns the
  /// `local` values of every rank, rank after rank (each rank gives as
  /// many). Fails, with `error` set, after `timeoutSeconds` without every
  /// rank (naming those missing when it can tell), or when a rank failed.
  virtual mlir::FailureOr<std::vector<int64_t>>
  allGather(llvm::ArrayRef<int64_t> local, double timeoutSeconds,
            std::string &error) = 0;
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
    std::deque<TransportMessage> messages;
  };
  /// The current allGather round.
  std::mutex roundMutex;
  std::condition_variable roundDone;
  int64_t roundGeneration = 0;
  std::vector<std::vector<int64_t>> roundValues;
  std::vector<bool> roundArrived;
  std::vector<int64_t> roundResult;
  std::vector<std::unique_ptr<Mailbox>> mailboxes;
  std::vector<std::unique_ptr<RankTransport>> transports;
  std::optional<std::string> getFailure();
  /// The first failure a rank reported ("rank R: why"), shared by all.
  std::mutex failureMutex;
  std::optional<std::string> firstFailure;
};

} // namespace sluice::interp

#endif // SLUICE_INTERPRETER_TRANSPORT_H
