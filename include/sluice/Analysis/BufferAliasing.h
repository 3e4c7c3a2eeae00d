//===- BufferAliasing.h - buffers shared across lite regions ----*- C++ -*-===//
//
// Decides, for every lite.while and lite.if, which values can live in one
// buffer across operand -> region arguments -> yields -> results, and where a
// copy (or a second buffer) is truly required. In the spirit of XLA's copy
// insertion. It is the one place these decisions are made: -lite-plan-buffers
// records its answer on each lite.while/lite.if (`lite.buffers`, one
// #lite.slot per slot or result), which the TFLite arena plan and the native
// loop-state passes apply; each target is described by a BufferModel.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_ANALYSIS_BUFFERALIASING_H
#define SLUICE_ANALYSIS_BUFFERALIASING_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace sluice {

/// What a target's runtime can do with buffers; the analysis decides for one.
struct BufferModel {
  /// An elementwise op may write its result over an operand it reads (each
  /// element is read before it is written). Native code: yes; TFLite
  /// kernels never write over their inputs.
  bool elementwiseInPlace = true;
  /// Loop state is passed by pointer: slot i's next value may be left in
  /// another slot's buffer (swaps, rotations, shift registers), and two
  /// buffers alternating (ping-pong) cost no copy. Native code: yes; TFLite's
  /// WHILE copies every slot between its subgraphs, one slot after another.
  bool stateByPointer = true;

  static BufferModel native() { return {true, true}; }
  static BufferModel tflite() { return {false, false}; }
  /// The model of a target named "tflite" or "native", if it is one.
  static std::optional<BufferModel> forTarget(llvm::StringRef target) {
    if (target == "tflite")
      return tflite();
    if (target == "native")
      return native();
    return std::nullopt;
  }
};

/// One place where a lite.while slot or a lite.if result cannot share the
/// buffer of the value flowing into it.
///
///   lite.while, slot i (one buffer B_i when nothing is required):
///
///        x_i ──[EntryCopy]──> B_i : cond arg c_i, body arg b_i, result r_i
///                              ^
///        y_i ──[BodyCopy]──────┘   (y_i is the body's i-th yield)
///        y_i ══[PingPong]══ B_i'   (the body writes y_i into a second
///                                   buffer; B_i and B_i' alternate)
///        y_i ══[Rotate]═══> B_j    (by pointer: y_i is, or is computed
///                                   into, slot j's buffer; the slots'
///                                   buffers are permuted, nothing copied)
///
///   lite.if, result k (one buffer R_k):
///
///        then-yield t_k ──[BranchCopy, branch 0]──> R_k <──[BranchCopy,
///        branch 1]── else-yield e_k
///
/// A BodyCopy copies y_i into B_i at the yield; the copies of one yield are a
/// parallel assignment (all sources are read before any slot is written).
/// A BranchCopy copies the yielded value into R_k at the end of the branch.
struct CopyRequirement {
  enum class Kind { EntryCopy, BodyCopy, PingPong, Rotate, BranchCopy };
  Kind kind;
  /// The loop-carried slot (lite.while) or the result (lite.if).
  unsigned index;
  /// BranchCopy only: 0 for the then branch, 1 for the else branch.
  unsigned branch = 0;
  /// Why, in words, e.g. "the initial value is used after the loop".
  std::string reason;
  /// Rotate: the slot whose buffer holds the next value. BodyCopy of a slot
  /// that yields another slot's argument (swap, rotation): that slot.
  std::optional<unsigned> buffer;
};

/// The analysis of every lite.while and lite.if nested in `root` (each region
/// op on its own, innermost first). The rules are spelled out in
/// BufferAliasing.cpp. Values are tensors with value semantics; every lite
/// op other than lite.if/lite.while writes a fresh buffer for its results
/// (no views), which the analysis may let it write in place of a loop slot.
class BufferAliasing {
public:
  explicit BufferAliasing(mlir::Operation *root,
                          BufferModel model = BufferModel::native());
  ~BufferAliasing();
  BufferAliasing(BufferAliasing &&) noexcept;
  BufferAliasing &operator=(BufferAliasing &&) noexcept;

  /// The requirements of one lite.while or lite.if, by slot/result and then
  /// kind; empty when everything is in place (or `regionOp` is not one).
  llvm::ArrayRef<CopyRequirement> getCopies(mlir::Operation *regionOp) const;

  /// True when slot/result `index` of `regionOp` needs no copy and no second
  /// buffer: all of its values share one buffer.
  bool isInPlace(mlir::Operation *regionOp, unsigned index) const;

  /// A dense id of the buffer `value` lives in (equal ids: one buffer), or
  /// -1 for a value that no lite.while/lite.if involves.
  int64_t getAliasClass(mlir::Value value) const;

  /// Static size in bytes of a tensor type, or -1 when it is not static.
  static int64_t getByteSize(mlir::Type type);

private:
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<CopyRequirement, 2>>
      copies;
  llvm::DenseMap<mlir::Value, int64_t> classIds;
};

} // namespace sluice

#endif // SLUICE_ANALYSIS_BUFFERALIASING_H
