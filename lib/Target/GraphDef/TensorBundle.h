//===- TensorBundle.h - TF's checkpoint format, read ------------*- C++ -*-===//
//
// Internal to lib/Target/GraphDef: reads a TensorFlow tensor bundle, the
// checkpoint format of a SavedModel's variables/ directory, without
// TensorFlow:
//
//   PREFIX.index                  a sorted string table (LevelDB's format):
//                                 data blocks of prefix-compressed keys, an
//                                 index block, a 48-byte footer; every block
//                                 ends in its type and masked CRC32C
//       ""   -> BundleHeaderProto (number of shards, endianness)
//       key  -> BundleEntryProto  (dtype, shape, shard, offset, size, CRC)
//   PREFIX.data-00000-of-0000N    the tensors' bytes, each checked against
//                                 its entry's masked CRC32C
//
// Only what a SavedModel's variables need is read: whole (unsliced) tensors
// of numeric and bool dtypes, little-endian, uncompressed blocks. Anything
// else is an error naming the file and the key.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_TARGET_GRAPHDEF_TENSORBUNDLE_H
#define SLUICE_LIB_TARGET_GRAPHDEF_TENSORBUNDLE_H

#include "sluice_graph.pb.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <string>

namespace sluice::graphdef {

/// The masked CRC32C (Castagnoli) TF's checkpoints and LevelDB tables store.
uint32_t maskedCrc32c(llvm::ArrayRef<uint8_t> bytes);

class TensorBundle {
public:
  /// Reads and checks PREFIX.index.
  static llvm::Expected<TensorBundle> open(llvm::StringRef prefix);
  /// Checks and reads `index`, the bytes of PREFIX.index (the fuzzer's
  /// entry: no file is read until a tensor is).
  static llvm::Expected<TensorBundle> parse(llvm::StringRef index,
                                            llvm::StringRef prefix);

  /// The keys of the index's tensors, sorted.
  std::vector<std::string> getKeys() const;

  /// Whether the index has an entry for `key`.
  bool contains(llvm::StringRef key) const { return entries.count(key); }

  /// The tensor stored under `key` (dtype, shape and its bytes as
  /// tensor_content), read from its shard and checked against its CRC.
  /// `context` gives the dtype's element type (its byte size).
  llvm::Expected<tf::TensorProto> read(llvm::StringRef key,
                                       mlir::MLIRContext *context) const;

  /// The index file's path, for diagnostics.
  const std::string &getIndexPath() const { return indexPath; }

private:
  std::string prefix, indexPath;
  int numShards = 1;
  llvm::StringMap<tf::BundleEntryProto> entries;
};

} // namespace sluice::graphdef

#endif // SLUICE_LIB_TARGET_GRAPHDEF_TENSORBUNDLE_H
