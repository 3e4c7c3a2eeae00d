//===- MPITransport.h - the ranks of a partitioned run as MPI processes -*- C++
//-*-===//
//
// A Transport over Open MPI, for `mpirun -np K sluice-run G --distributed`:
// each process is one rank of MPI_COMM_WORLD and runs its part of the
// partitioned graph. A token travels as one MPI message to its peer:
//
//   | header: dead, dtype, rank, key length | shape | key | data |
//
// with the MPI tag derived from the rendezvous key (a hash below
// MPI_TAG_UB); the receiver matches messages to its recvs by the full key,
// so two keys sharing a tag cannot be confused. Sends are non-blocking
// (MPI_Isend, the buffer kept until MPI_Test says it left); the idle
// ranks' rounds are MPI_Iallgather, tested while the rank takes messages. A
// rank that fails tells every other rank with a message of a tag of its own, so
// that their waits end naming it instead of running into their timeout.
//
// MPI is initialised and finalised by whoever owns the process (sluice-run);
// this file only uses MPI_COMM_WORLD.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_INTERPRETER_MPITRANSPORT_H
#define SLUICE_INTERPRETER_MPITRANSPORT_H

#include "sluice/Interpreter/Transport.h"

#include <chrono>
#include <list>
#include <map>

namespace sluice::interp {

/// MPI_Init_thread for the lifetime of a process's distributed run, then
/// MPI_Finalize (sluice-run --distributed owns one).
class MPISession {
public:
  MPISession(int &argc, char **&argv);
  ~MPISession();
  /// Ends every process of the run with `status` (MPI_Abort), after a
  /// moment that lets this rank's failure notices leave: a failed rank may
  /// leave collectives pending, which MPI_Finalize would wait for forever.
  [[noreturn]] void abort(int status);
};

/// Native code of a partitioned program sends and receives with MPI_Send
/// and MPI_Recv (the mpi dialect), which wait forever for a peer that
/// stopped (a send, once the peer's buffers are full). sluice-run gives the
/// JIT these functions instead (NativeTargetOptions::hostSymbols), with
/// MPI_Send's and MPI_Recv's signatures: the same operation (MPI_Isend /
/// MPI_Irecv, then MPI_Test, spinning for a millisecond, then every 50 us)
/// that gives up after `seconds`, prints "rank R waited for '<key>' from
/// rank P: ..." or "rank R could not deliver '<key>' to rank P: ..." (the
/// key of its tag, from `keysByTag`) and ends the job (MPI_Abort).
void setNativeReceiveLimit(double seconds,
                           std::map<int, std::string> keysByTag);
void *getNativeReceiveFunction();
void *getNativeSendFunction();

class MPITransport : public Transport {
public:
  /// The transport of this process's rank in MPI_COMM_WORLD (MPI must be
  /// initialised).
  MPITransport();
  /// Waits until every message this rank sent has left.
  ~MPITransport() override;

  int64_t getRank() const override { return rank; }
  int64_t getNumRanks() const override { return numRanks; }
  mlir::LogicalResult send(int64_t peer, llvm::StringRef key,
                           const Tensor &value, bool dead,
                           std::string &error) override;
  mlir::FailureOr<std::optional<TransportMessage>>
  tryReceive(std::string &error) override;
  mlir::LogicalResult startRound(llvm::ArrayRef<int64_t> local,
                                 std::string &error) override;
  mlir::FailureOr<std::optional<std::vector<int64_t>>>
  testRound(std::string &error) override;
  void waitForEvent(double seconds) override;
  void reportFailure(llvm::StringRef why) override;

  /// Checks that every rank holds the same program: gathers each rank's
  /// `fingerprint` (e.g. a hash of its partitioned module) and fails,
  /// naming the first rank that differs from rank 0, when they do not all
  /// agree. Every rank must call it (it is collective).
  /// Waits until every rank has called it (MPI_Barrier).
  void barrier();
  mlir::LogicalResult checkSameProgram(uint64_t fingerprint,
                                       std::string &error);

private:
  struct PendingSend;
  /// Frees the buffers of sends that have left.
  void reapSends(bool wait);

  /// The receive of a notice of failure from another rank, if any.
  mlir::LogicalResult checkFailureNotices(std::string &error);

  int64_t rank = 0, numRanks = 1;
  /// The pending round (MPI_Iallgather: its request) and its buffers.
  std::optional<uintptr_t> roundRequest;
  std::vector<int64_t> roundLocal, roundResult;
  int maxTag = 32767;
  std::list<PendingSend> pendingSends;
  /// When a message or a round last arrived: waitForEvent's progress rule
  /// counts the wait from there, across its calls.
  std::chrono::steady_clock::time_point lastEvent =
      std::chrono::steady_clock::now();
};

} // namespace sluice::interp

#endif // SLUICE_INTERPRETER_MPITRANSPORT_H
