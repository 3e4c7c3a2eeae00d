//===- MPITransport.cpp - the ranks of a partitioned run as MPI processes -===//
//
// sluice/Interpreter/MPITransport.h: tokens as MPI messages between the
// processes of MPI_COMM_WORLD.
//
// Waiting (a receive, a quiescence round, native code's MPI calls) polls
// MPI by one progress rule, PollBackoff: MPI has no wait for "a message or
// a collective", and a blocking MPI call cannot end on a timeout.
//
//   wait starts -> 64 polls back to back (native code's messages come
//                  within a microsecond)
//               -> poll, sched_yield, poll, ...   (until 200 us after the
//                  last message or round -- the interpreter's idle rank
//                  waits in many calls, one wait to the rule -- : a
//                  message of a loop spanning ranks is answered here, no
//                  sleep delays it; a peer on the same core gets it)
//               -> poll, sleep 2 us, poll, sleep 4 us, ... 1 ms  (a long
//                  wait uses no core; Linux's 50 us timer slack is set to
//                  1 us so that a short sleep is short)
//
//===----------------------------------------------------------------------===//

#include "sluice/Interpreter/MPITransport.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <mpi.h>

#include <sched.h>
#include <sys/prctl.h>

#include <cstdio>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <thread>

using namespace mlir;
using namespace sluice::interp;

namespace {

/// The fixed part of a message.
struct Header {
  int32_t dead;
  int32_t dtype;
  int32_t rank;
  int32_t keyLength;
};

/// The progress rule of a rank waiting for MPI (the file's comment): call
/// pause() between polls that found nothing.
class PollBackoff {
public:
  PollBackoff() = default;
  /// A wait that began at `since` (an earlier call's): past its yielding
  /// phase already when that is over (the back-to-back polls, a few
  /// microseconds, come first in every call).
  explicit PollBackoff(std::chrono::steady_clock::time_point since)
      : start(since) {}

  void pause() {
    // The first polls back to back: native code's messages take a
    // microsecond.
    if (++polls <= 64)
      return;
    auto now = std::chrono::steady_clock::now();
    if (!start)
      start = now;
    if (now - *start < std::chrono::microseconds(200)) {
      sched_yield();
      return;
    }
    std::this_thread::sleep_for(sleep);
    sleep = std::min(sleep * 2, std::chrono::microseconds(1000));
  }

  /// Seconds since the first pause.
  double waited() const {
    return start ? std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - *start)
                       .count()
                 : 0.0;
  }

private:
  unsigned polls = 0;
  std::optional<std::chrono::steady_clock::time_point> start;
  std::chrono::microseconds sleep{2};
};

/// The tag of a failure notice: above every tag a key can hash to.
int failureTag(int maxTag) { return maxTag; }

/// Receives the message `status` describes (an MPI_Iprobe's).
std::vector<char> receiveProbed(const MPI_Status &status) {
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  std::vector<char> buffer(count);
  MPI_Recv(buffer.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG,
           MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return buffer;
}

/// The error a failure notice from `source` carrying `why` reports.
std::string describeFailureNotice(int source, const std::vector<char> &why) {
  return "rank " + std::to_string(source) +
         " failed: " + std::string(why.begin(), why.end());
}

} // namespace

namespace {
/// What setNativeReceiveLimit set, for sluiceNativeReceive.
double nativeReceiveSeconds = 60;
std::map<int, std::string> nativeReceiveKeys;
} // namespace

/// Waits for `request` as MPI_Wait would, but ends the job when it has not
/// completed after the limit: `verb` and `preposition` say what it waited
/// for ("waited for" / "from", "could not deliver" / "to").
static int waitWithinLimit(MPI_Request &request, MPI_Status *status,
                           MPI_Comm comm, int peer, int tag, const char *verb,
                           const char *preposition, const char *why) {
  PollBackoff backoff;
  for (int done = 0;;) {
    int result = MPI_Test(&request, &done, status);
    if (result != MPI_SUCCESS || done)
      return result;
    if (backoff.waited() > nativeReceiveSeconds) {
      int rank = 0;
      MPI_Comm_rank(comm, &rank);
      auto key = nativeReceiveKeys.find(tag);
      std::string what = key != nativeReceiveKeys.end()
                             ? "'" + key->second + "'"
                             : "the message of tag " + std::to_string(tag);
      std::string message =
          llvm::formatv("sluice-run: rank {0} {1} {2} {3} rank {4}: {5} for "
                        "{6:f2} s: rank {4} failed or is stuck (raise "
                        "--receive-timeout for long runs)\n",
                        rank, verb, what, preposition, peer, why,
                        nativeReceiveSeconds)
              .str();
      std::fputs(message.c_str(), stderr);
      std::fflush(stderr);
      MPI_Abort(MPI_COMM_WORLD, 1);
      std::_Exit(1);
    }
    backoff.pause();
  }
}

extern "C" int sluiceNativeReceive(void *buffer, int count, MPI_Datatype type,
                                   int source, int tag, MPI_Comm comm,
                                   MPI_Status *status) {
  MPI_Request request;
  int result = MPI_Irecv(buffer, count, type, source, tag, comm, &request);
  if (result != MPI_SUCCESS)
    return result;
  return waitWithinLimit(request, status, comm, source, tag, "waited for",
                         "from", "no message");
}

extern "C" int sluiceNativeSend(const void *buffer, int count,
                                MPI_Datatype type, int destination, int tag,
                                MPI_Comm comm) {
  MPI_Request request;
  int result = MPI_Isend(buffer, count, type, destination, tag, comm, &request);
  if (result != MPI_SUCCESS)
    return result;
  return waitWithinLimit(request, MPI_STATUS_IGNORE, comm, destination, tag,
                         "could not deliver", "to", "not received");
}

void sluice::interp::setNativeReceiveLimit(
    double seconds, std::map<int, std::string> keysByTag) {
  nativeReceiveSeconds = seconds;
  nativeReceiveKeys = std::move(keysByTag);
}

void *sluice::interp::getNativeReceiveFunction() {
  return reinterpret_cast<void *>(&sluiceNativeReceive);
}

void *sluice::interp::getNativeSendFunction() {
  return reinterpret_cast<void *>(&sluiceNativeSend);
}

MPISession::MPISession(int &argc, char **&argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SINGLE, &provided);
  // Short sleeps between polls stay short (PollBackoff).
  prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
}

MPISession::~MPISession() { MPI_Finalize(); }

void MPISession::abort(int status) {
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  MPI_Abort(MPI_COMM_WORLD, status);
  std::_Exit(status);
}

struct MPITransport::PendingSend {
  std::vector<char> buffer;
  MPI_Request request;
};

MPITransport::MPITransport() {
  int worldRank = 0, worldSize = 1, flag = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &worldRank);
  MPI_Comm_size(MPI_COMM_WORLD, &worldSize);
  rank = worldRank;
  numRanks = worldSize;
  int *tagUpperBound = nullptr;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tagUpperBound, &flag);
  if (flag && tagUpperBound)
    maxTag = std::min(*tagUpperBound, 1 << 30);
}

MPITransport::~MPITransport() { reapSends(/*wait=*/true); }

void MPITransport::reapSends(bool wait) {
  for (auto it = pendingSends.begin(); it != pendingSends.end();) {
    int done = 0;
    if (wait)
      MPI_Wait(&it->request, MPI_STATUS_IGNORE), done = 1;
    else
      MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
    it = done ? pendingSends.erase(it) : std::next(it);
  }
}

LogicalResult MPITransport::send(int64_t peer, llvm::StringRef key,
                                 const Tensor &value, bool dead,
                                 std::string &error) {
  if (peer < 0 || peer >= numRanks) {
    error = "there is no rank " + std::to_string(peer) + " (mpirun -np " +
            std::to_string(numRanks) + ")";
    return failure();
  }
  reapSends(/*wait=*/false);
  // A dead token is only its deadness; a live one its dtype, shape, data.
  bool hasData = !dead;
  Header header{dead ? 1 : 0,
                hasData ? static_cast<int32_t>(value.getDType()) : -1,
                hasData ? static_cast<int32_t>(value.getRank()) : 0,
                static_cast<int32_t>(key.size())};
  int64_t bytes = hasData ? getMessageBytes(value) : 0;
  PendingSend &pending = pendingSends.emplace_back();
  std::vector<char> &buffer = pending.buffer;
  buffer.resize(sizeof(Header) + header.rank * sizeof(int64_t) + key.size() +
                bytes);
  char *cursor = buffer.data();
  std::memcpy(cursor, &header, sizeof(Header));
  cursor += sizeof(Header);
  if (hasData) {
    std::memcpy(cursor, value.getShape().data(), header.rank * sizeof(int64_t));
    cursor += header.rank * sizeof(int64_t);
  }
  std::memcpy(cursor, key.data(), key.size());
  cursor += key.size();
  if (bytes)
    std::memcpy(cursor, value.data<char>(), bytes);
  int tag = static_cast<int>(llvm::hash_value(key) %
                             static_cast<size_t>(failureTag(maxTag)));
  int status =
      MPI_Isend(buffer.data(), static_cast<int>(buffer.size()), MPI_BYTE,
                static_cast<int>(peer), tag, MPI_COMM_WORLD, &pending.request);
  if (status != MPI_SUCCESS) {
    pendingSends.pop_back();
    error = "MPI_Isend failed (" + std::to_string(status) + ")";
    return failure();
  }
  ++stats.messagesSent;
  stats.bytesSent += bytes;
  return success();
}

FailureOr<std::optional<TransportMessage>>
MPITransport::tryReceive(std::string &error) {
  reapSends(/*wait=*/false);
  int flag = 0;
  MPI_Status status;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
  if (!flag)
    return std::optional<TransportMessage>();
  std::vector<char> buffer = receiveProbed(status);
  if (status.MPI_TAG == failureTag(maxTag)) {
    error = describeFailureNotice(status.MPI_SOURCE, buffer);
    return failure();
  }
  Header header;
  std::memcpy(&header, buffer.data(), sizeof(Header));
  const char *cursor = buffer.data() + sizeof(Header);
  TransportMessage message;
  message.source = status.MPI_SOURCE;
  message.dead = header.dead;
  SmallVector<int64_t> shape(header.rank);
  if (header.dtype >= 0) {
    std::memcpy(shape.data(), cursor, header.rank * sizeof(int64_t));
    cursor += header.rank * sizeof(int64_t);
  }
  message.key.assign(cursor, header.keyLength);
  cursor += header.keyLength;
  if (header.dtype >= 0) {
    message.value = Tensor(static_cast<DType>(header.dtype), shape);
    std::memcpy(message.value.mutableData<char>(), cursor,
                getMessageBytes(message.value));
  }
  ++stats.messagesReceived;
  stats.bytesReceived += message.dead ? 0 : getMessageBytes(message.value);
  lastEvent = std::chrono::steady_clock::now();
  return std::optional<TransportMessage>(std::move(message));
}

LogicalResult MPITransport::checkFailureNotices(std::string &error) {
  int flag = 0;
  MPI_Status status;
  MPI_Iprobe(MPI_ANY_SOURCE, failureTag(maxTag), MPI_COMM_WORLD, &flag,
             &status);
  if (!flag)
    return success();
  error = describeFailureNotice(status.MPI_SOURCE, receiveProbed(status));
  return failure();
}

LogicalResult MPITransport::startRound(llvm::ArrayRef<int64_t> local,
                                       std::string &error) {
  roundLocal.assign(local.begin(), local.end());
  roundResult.assign(local.size() * numRanks, 0);
  MPI_Request request;
  int status = MPI_Iallgather(
      roundLocal.data(), static_cast<int>(roundLocal.size()), MPI_INT64_T,
      roundResult.data(), static_cast<int>(roundLocal.size()), MPI_INT64_T,
      MPI_COMM_WORLD, &request);
  if (status != MPI_SUCCESS) {
    error = "MPI_Iallgather failed (" + std::to_string(status) + ")";
    return failure();
  }
  static_assert(sizeof(MPI_Request) <= sizeof(uintptr_t));
  uintptr_t handle = 0;
  std::memcpy(&handle, &request, sizeof(MPI_Request));
  roundRequest = handle;
  return success();
}

FailureOr<std::optional<std::vector<int64_t>>>
MPITransport::testRound(std::string &error) {
  if (failed(checkFailureNotices(error)))
    return failure();
  MPI_Request request;
  std::memcpy(&request, &*roundRequest, sizeof(MPI_Request));
  int done = 0;
  MPI_Test(&request, &done, MPI_STATUS_IGNORE);
  if (!done) {
    std::memcpy(&*roundRequest, &request, sizeof(MPI_Request));
    return std::optional<std::vector<int64_t>>();
  }
  roundRequest.reset();
  lastEvent = std::chrono::steady_clock::now();
  return std::optional<std::vector<int64_t>>(roundResult);
}

void MPITransport::waitForEvent(double seconds) {
  // Until a message is there, the round is complete or `seconds` passed,
  // by the progress rule (PollBackoff). MPI_Request_get_status tests the
  // round without completing it: testRound does.
  // The wait goes on from the last message or round, over the calls of
  // an idle rank: it spins only in the first 200 us after an event.
  PollBackoff backoff(lastEvent);
  auto deadline =
      std::chrono::steady_clock::now() +
      std::chrono::duration_cast<std::chrono::steady_clock::duration>(
          std::chrono::duration<double>(seconds));
  while (std::chrono::steady_clock::now() < deadline) {
    reapSends(/*wait=*/false);
    int flag = 0;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag,
               MPI_STATUS_IGNORE);
    if (!flag && roundRequest) {
      MPI_Request request;
      std::memcpy(&request, &*roundRequest, sizeof(MPI_Request));
      MPI_Request_get_status(request, &flag, MPI_STATUS_IGNORE);
    }
    if (flag)
      return;
    backoff.pause();
  }
}

void MPITransport::reportFailure(llvm::StringRef why) {
  // Non-blocking: a peer that has failed too must not hold this rank up.
  // The text stays alive in a pending send until the transport goes.
  for (int64_t peer = 0; peer < numRanks; ++peer) {
    if (peer == rank)
      continue;
    PendingSend &pending = pendingSends.emplace_back();
    pending.buffer.assign(why.begin(), why.end());
    MPI_Isend(pending.buffer.data(), static_cast<int>(pending.buffer.size()),
              MPI_BYTE, static_cast<int>(peer), failureTag(maxTag),
              MPI_COMM_WORLD, &pending.request);
  }
}

void MPITransport::barrier() { MPI_Barrier(MPI_COMM_WORLD); }

LogicalResult MPITransport::checkSameProgram(uint64_t fingerprint,
                                             std::string &error) {
  std::vector<uint64_t> all(numRanks);
  MPI_Allgather(&fingerprint, 1, MPI_UINT64_T, all.data(), 1, MPI_UINT64_T,
                MPI_COMM_WORLD);
  for (int64_t other = 1; other < numRanks; ++other)
    if (all[other] != all[0]) {
      error = "rank " + std::to_string(other) +
              " holds another program than rank 0 (partition fingerprints " +
              llvm::utohexstr(all[other]) + " and " + llvm::utohexstr(all[0]) +
              "): every rank must load the same graph with the same "
              "placement";
      return failure();
    }
  return success();
}
