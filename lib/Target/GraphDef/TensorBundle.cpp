//===- TensorBundle.cpp - TF's checkpoint format, read --------------------===//
//
// The table format (LevelDB's, as TF's tensor bundle writes it):
//
//   [data block 0][trailer] ... [data block k][trailer]
//   [meta-index block][trailer] [index block][trailer] [footer: 48 bytes]
//
//   footer   varint64 offset, size of the meta-index block, then of the
//            index block; zero padding to 40 bytes; magic 0xdb4775248b80fb57
//   block    entries: varint32 shared key bytes, varint32 unshared key
//            bytes, varint32 value bytes, the unshared key, the value;
//            then uint32 restart offsets and their uint32 count
//   trailer  1 byte compression type (0: none), 4 bytes masked CRC32C of
//            the block and that byte
//   index    key -> varint64 offset, size of the data block ending there
//
//===----------------------------------------------------------------------===//

#include "TensorBundle.h"

#include "TensorImport.h"

#include "sluice/Target/GraphDef/GraphDefImport.h"

#include "sluice/Runtime/ResourceLimits.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace sluice;
using namespace sluice::graphdef;
using llvm::createStringError;
using llvm::Expected;

uint32_t sluice::graphdef::maskedCrc32c(ArrayRef<uint8_t> bytes) {
  // CRC32C, reflected polynomial 0x82F63B78, one table lookup per byte.
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t crc = i;
      for (int bit = 0; bit < 8; ++bit)
        crc = (crc >> 1) ^ ((crc & 1) ? 0x82F63B78u : 0u);
      t[i] = crc;
    }
    return t;
  }();
  uint32_t crc = 0xFFFFFFFFu;
  for (uint8_t byte : bytes)
    crc = table[(crc ^ byte) & 0xFF] ^ (crc >> 8);
  crc ^= 0xFFFFFFFFu;
  // LevelDB's mask: rotate right by 15 and add a constant.
  return ((crc >> 15) | (crc << 17)) + 0xA282EAD8u;
}

namespace {

/// Reads varints and fixed integers from a byte range, failing (not
/// reading past the end) on truncation.
struct ByteReader {
  ArrayRef<uint8_t> bytes;
  size_t position = 0;

  bool varint(uint64_t &value) {
    value = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
      if (position >= bytes.size())
        return false;
      uint8_t byte = bytes[position++];
      value |= static_cast<uint64_t>(byte & 0x7F) << shift;
      if (!(byte & 0x80))
        return true;
    }
    return false;
  }
  bool take(uint64_t count, ArrayRef<uint8_t> &out) {
    if (count > bytes.size() - position)
      return false;
    out = bytes.slice(position, count);
    position += count;
    return true;
  }
};

ArrayRef<uint8_t> asBytes(StringRef text) {
  return ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(text.data()),
                           text.size());
}

/// The block at `handle` of `file` with its trailer checked: its entries
/// (key, value) in order.
Expected<std::vector<std::pair<std::string, ArrayRef<uint8_t>>>>
readBlock(ArrayRef<uint8_t> file, uint64_t offset, uint64_t size,
          StringRef path) {
  auto corrupt = [&](const Twine &what) {
    return createStringError(llvm::inconvertibleErrorCode(),
                             path + ": corrupt table block at byte " +
                                 Twine(offset) + ": " + what);
  };
  constexpr uint64_t kTrailerSize = 5;
  if (offset > file.size() || size > file.size() - offset ||
      kTrailerSize > file.size() - offset - size)
    return corrupt("it lies outside the file");
  ArrayRef<uint8_t> block = file.slice(offset, size);
  ArrayRef<uint8_t> trailer = file.slice(offset + size, kTrailerSize);
  if (trailer[0] != 0)
    return corrupt("compression type " + Twine(unsigned(trailer[0])) +
                   " (only uncompressed tables are read)");
  uint32_t stored = llvm::support::endian::read32le(trailer.data() + 1);
  if (maskedCrc32c(file.slice(offset, size + 1)) != stored)
    return corrupt("its CRC32C does not match");
  if (block.size() < 4)
    return corrupt("no restart count");
  uint32_t restarts =
      llvm::support::endian::read32le(block.data() + block.size() - 4);
  if (restarts > (block.size() - 4) / 4)
    return corrupt("restart count " + Twine(restarts) + " too large");
  ByteReader reader{block.drop_back(4 + 4 * uint64_t(restarts))};
  std::vector<std::pair<std::string, ArrayRef<uint8_t>>> entries;
  std::string key;
  while (reader.position < reader.bytes.size()) {
    uint64_t shared, unshared, valueSize;
    ArrayRef<uint8_t> keyDelta, value;
    if (!reader.varint(shared) || !reader.varint(unshared) ||
        !reader.varint(valueSize) || shared > key.size() ||
        !reader.take(unshared, keyDelta) || !reader.take(valueSize, value))
      return corrupt("a truncated entry after key '" + key + "'");
    key.resize(shared);
    key.append(keyDelta.begin(), keyDelta.end());
    entries.emplace_back(key, value);
  }
  return entries;
}

} // namespace

Expected<TensorBundle> TensorBundle::open(StringRef prefix) {
  std::string path = (prefix + ".index").str();
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return createStringError(buffer.getError(),
                             path + ": " + buffer.getError().message());
  return parse((*buffer)->getBuffer(), prefix);
}

Expected<TensorBundle> TensorBundle::parse(StringRef index, StringRef prefix) {
  TensorBundle bundle;
  bundle.prefix = prefix.str();
  bundle.indexPath = (prefix + ".index").str();
  const std::string &path = bundle.indexPath;
  ArrayRef<uint8_t> file = asBytes(index);
  auto error = [&](const Twine &what) {
    return createStringError(llvm::inconvertibleErrorCode(),
                             path + ": " + what);
  };
  constexpr size_t kFooterSize = 48;
  constexpr uint64_t kTableMagic = 0xdb4775248b80fb57ull;
  if (file.size() < kFooterSize ||
      llvm::support::endian::read64le(file.data() + file.size() - 8) !=
          kTableMagic)
    return error("not a checkpoint index (no table footer)");
  ByteReader footer{file.take_back(kFooterSize)};
  uint64_t metaOffset, metaSize, indexOffset, indexSize;
  if (!footer.varint(metaOffset) || !footer.varint(metaSize) ||
      !footer.varint(indexOffset) || !footer.varint(indexSize))
    return error("a corrupt table footer");
  auto indexBlock = readBlock(file, indexOffset, indexSize, path);
  if (!indexBlock)
    return indexBlock.takeError();
  // Data blocks come one after another before the index block: a handle
  // pointing back (or twice at one block) is corrupt, not work to redo.
  uint64_t nextBlock = 0;
  for (auto &[lastKey, handle] : *indexBlock) {
    ByteReader reader{handle};
    uint64_t offset, size;
    if (!reader.varint(offset) || !reader.varint(size))
      return error("a corrupt index entry for '" + lastKey + "'");
    constexpr uint64_t kTrailerSize = 5;
    if (offset < nextBlock || offset > indexOffset ||
        size > indexOffset - offset ||
        kTrailerSize > indexOffset - offset - size)
      return error("the index entry for '" + lastKey +
                   "' points outside the data blocks");
    nextBlock = offset + size + kTrailerSize;
    auto block = readBlock(file, offset, size, path);
    if (!block)
      return block.takeError();
    for (auto &[key, value] : *block) {
      if (key.empty()) {
        tf::BundleHeaderProto header;
        if (!header.ParseFromArray(value.data(), value.size()))
          return error("a corrupt bundle header");
        if (header.endianness() != tf::BundleHeaderProto::LITTLE)
          return error("a big-endian bundle (only little-endian is read)");
        if (header.num_shards() < 1)
          return error(Twine(header.num_shards()) + " shards");
        bundle.numShards = header.num_shards();
        continue;
      }
      tf::BundleEntryProto entry;
      if (!entry.ParseFromArray(value.data(), value.size()))
        return error("a corrupt entry for '" + key + "'");
      bundle.entries[key] = std::move(entry);
    }
  }
  return bundle;
}

std::vector<std::string> TensorBundle::getKeys() const {
  std::vector<std::string> keys;
  for (const auto &entry : entries)
    keys.push_back(entry.getKey().str());
  llvm::sort(keys);
  return keys;
}

Expected<unsigned> sluice::readTensorBundle(StringRef index, StringRef prefix,
                                            MLIRContext *context) {
  auto bundle = TensorBundle::parse(index, prefix);
  if (!bundle)
    return bundle.takeError();
  unsigned count = 0;
  for (const std::string &key : bundle->getKeys()) {
    auto tensor = bundle->read(key, context);
    if (!tensor)
      return tensor.takeError();
    ++count;
  }
  return count;
}

Expected<tf::TensorProto> TensorBundle::read(StringRef key,
                                             MLIRContext *context) const {
  auto error = [&](const Twine &what) {
    return createStringError(llvm::inconvertibleErrorCode(),
                             indexPath + ": '" + key + "': " + what);
  };
  auto found = entries.find(key);
  if (found == entries.end())
    return error("no such tensor in the checkpoint");
  const tf::BundleEntryProto &entry = found->second;
  if (entry.slices_size() > 0)
    return error("a sliced (partitioned) tensor, which Sluice does not read");
  Type elementType = convertDataType(entry.dtype(), context);
  if (!elementType)
    return error("a tensor of " + dataTypeName(entry.dtype()) +
                 ", which Sluice does not model");
  TensorType type = convertShape(entry.shape(), elementType);
  if (!type.hasStaticShape())
    return error("a tensor without a static shape");
  // The element count, checked as it is multiplied (a shape's product may
  // overflow), within what Sluice's tensors hold.
  int64_t elements = 1;
  for (int64_t dim : type.getShape())
    if (llvm::MulOverflow(elements, dim, elements) || elements > kMaxElements)
      return error("a tensor of more than " + Twine(kMaxElements) +
                   " elements");
  int64_t elementBytes =
      std::max<int64_t>(1, elementType.getIntOrFloatBitWidth() / 8);
  if (entry.size() < 0 || entry.offset() < 0 ||
      entry.size() != elements * elementBytes)
    return error(Twine(entry.size()) + " bytes for a " + Twine(elements) +
                 "-element tensor");
  if (entry.shard_id() < 0 || entry.shard_id() >= numShards)
    return error("shard " + Twine(entry.shard_id()) + " of " +
                 Twine(numShards));
  std::string shardPath = llvm::formatv("{0}.data-{1:d5}-of-{2:d5}", prefix,
                                        entry.shard_id(), numShards);
  // The slice must lie inside the file: a mapped read past its end faults.
  uint64_t shardSize = 0;
  if (std::error_code code = llvm::sys::fs::file_size(shardPath, shardSize))
    return createStringError(code,
                             shardPath + ": '" + key + "': " + code.message());
  if (static_cast<uint64_t>(entry.offset()) > shardSize ||
      static_cast<uint64_t>(entry.size()) > shardSize - entry.offset())
    return createStringError(llvm::inconvertibleErrorCode(),
                             shardPath + ": '" + key + "': the file ends " +
                                 "before the tensor's " + Twine(entry.size()) +
                                 " bytes at offset " + Twine(entry.offset()));
  auto shard =
      llvm::MemoryBuffer::getFileSlice(shardPath, entry.size(), entry.offset());
  if (!shard)
    return createStringError(shard.getError(), shardPath + ": '" + key + "': " +
                                                   shard.getError().message());
  StringRef bytes = (*shard)->getBuffer();
  if (maskedCrc32c(asBytes(bytes)) != entry.crc32c())
    return createStringError(llvm::inconvertibleErrorCode(),
                             shardPath + ": '" + key +
                                 "': its CRC32C does not match the index's "
                                 "(a corrupt shard)");
  tf::TensorProto tensor;
  tensor.set_dtype(entry.dtype());
  *tensor.mutable_tensor_shape() = entry.shape();
  tensor.set_tensor_content(bytes.str());
  return tensor;
}
