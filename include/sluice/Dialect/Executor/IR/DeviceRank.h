//===- DeviceRank.h - the rank a TensorFlow device names --------*- C++ -*-===//
//
// The one rule mapping a TensorFlow device string to a rank: what
// -executor-place's `device` strategy places a node by, and what the GraphDef
// importer gives an imported _Send/_Recv as its peer (the rank of the device
// at the other end), so that both agree.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_EXECUTOR_IR_DEVICERANK_H
#define SLUICE_DIALECT_EXECUTOR_IR_DEVICERANK_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace sluice::executor {

namespace detail {
/// The index after `prefix` in `device` (e.g. "task:" in
/// "/job:w/task:1/device:CPU:0"), or -1.
inline int64_t indexAfter(llvm::StringRef device, llvm::StringRef prefix) {
  size_t pos = device.find(prefix);
  if (pos == llvm::StringRef::npos)
    return -1;
  llvm::StringRef digits =
      device.drop_front(pos + prefix.size()).take_while([](char c) {
        return llvm::isDigit(c);
      });
  int64_t index;
  if (digits.empty() || digits.getAsInteger(10, index))
    return -1;
  return index;
}

/// The index ending the device's last component ("device:CPU:1", the short
/// "/cpu:1"), or -1.
inline int64_t deviceIndex(llvm::StringRef device) {
  llvm::StringRef last = device.rsplit('/').second;
  if (last.empty())
    last = device;
  auto [head, index] = last.rsplit(':');
  int64_t value;
  if (!head.empty() && !index.empty() &&
      llvm::all_of(index, [](char c) { return llvm::isDigit(c); }) &&
      !index.getAsInteger(10, value))
    return value;
  return -1;
}
} // namespace detail

/// The rank a TF device string names: its task index
/// ("/job:worker/task:1/device:CPU:0" -> 1), else its device index
/// ("/device:CPU:1", "/cpu:1" -> 1), else -1 (the placement pass numbers
/// such devices in order of appearance). The devices of a local TF session
/// (job `localhost`, task 0, e.g. in the partition graphs a session with two
/// CPUs writes) differ in their device index only, which is then the rank:
/// "/job:localhost/replica:0/task:0/device:CPU:1" -> 1.
inline int64_t rankOfDevice(llvm::StringRef device) {
  int64_t task = detail::indexAfter(device, "/task:");
  bool local = device.starts_with("/job:localhost/") && task <= 0;
  if (task >= 0 && !local)
    return task;
  return detail::deviceIndex(device);
}

} // namespace sluice::executor

#endif // SLUICE_DIALECT_EXECUTOR_IR_DEVICERANK_H
