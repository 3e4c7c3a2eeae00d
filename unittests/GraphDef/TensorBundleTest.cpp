//===- TensorBundleTest.cpp - TF's checkpoint format, read ----------------===//
//
// The tensor-bundle reader on checkpoints written here, byte by byte, in
// the format TF writes (a LevelDB table of BundleEntryProtos and a data
// shard): what it reads, and what it refuses (a changed byte of a shard or
// of the index, a truncated index, a sliced tensor).
//
//===----------------------------------------------------------------------===//

#include "TensorBundle.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace sluice;
using namespace sluice::graphdef;

namespace {

llvm::ArrayRef<uint8_t> bytesOf(const std::string &text) {
  return llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(text.data()),
                                 text.size());
}

void putVarint(std::string &out, uint64_t value) {
  do {
    uint8_t byte = value & 0x7F;
    value >>= 7;
    out.push_back(static_cast<char>(byte | (value ? 0x80 : 0)));
  } while (value);
}

void putFixed32(std::string &out, uint32_t value) {
  char bytes[4];
  llvm::support::endian::write32le(bytes, value);
  out.append(bytes, 4);
}

/// One table block (no key sharing, one restart) and its trailer.
std::string block(const std::vector<std::pair<std::string, std::string>> &kv) {
  std::string out;
  for (const auto &[key, value] : kv) {
    putVarint(out, 0);
    putVarint(out, key.size());
    putVarint(out, value.size());
    out += key + value;
  }
  putFixed32(out, 0); // restart at 0
  putFixed32(out, 1); // one restart
  out.push_back(0);   // no compression
  putFixed32(out, maskedCrc32c(bytesOf(out)));
  return out;
}

class TensorBundleTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("bundle", directory));
    llvm::sys::path::append(prefix, directory, "variables");
    // Two floats, little-endian: 1.5, -2.
    data = std::string("\x00\x00\xc0\x3f\x00\x00\x00\xc0", 8);
    tf::BundleHeaderProto header;
    header.set_num_shards(1);
    tf::BundleEntryProto entry;
    entry.set_dtype(tf::DT_FLOAT);
    entry.mutable_shape()->add_dim()->set_size(2);
    entry.set_size(data.size());
    entry.set_crc32c(maskedCrc32c(bytesOf(data)));
    index = makeIndex(
        {{"", header.SerializeAsString()}, {"w", entry.SerializeAsString()}});
    write(".data-00000-of-00001", data);
  }
  /// A table of one data block holding `entries`; with `repeatHandle`, the
  /// index lists that block twice.
  static std::string
  makeIndex(const std::vector<std::pair<std::string, std::string>> &entries,
            bool repeatHandle = false) {
    std::string dataBlock = block(entries);
    std::string handle;
    putVarint(handle, 0);
    putVarint(handle, dataBlock.size() - 5);
    std::string metaBlock = block({});
    std::vector<std::pair<std::string, std::string>> handles = {
        {entries.back().first, handle}};
    if (repeatHandle)
      handles.push_back({entries.back().first + "~", handle});
    std::string indexBlock = block(handles);
    std::string table = dataBlock + metaBlock + indexBlock;
    std::string footer;
    putVarint(footer, dataBlock.size());
    putVarint(footer, metaBlock.size() - 5);
    putVarint(footer, dataBlock.size() + metaBlock.size());
    putVarint(footer, indexBlock.size() - 5);
    footer.resize(40, '\0');
    char magic[8];
    llvm::support::endian::write64le(magic, 0xdb4775248b80fb57ull);
    footer.append(magic, 8);
    return table + footer;
  }

  void TearDown() override { llvm::sys::fs::remove_directories(directory); }

  void write(llvm::StringRef suffix, const std::string &bytes) {
    std::error_code error;
    llvm::raw_fd_ostream out((prefix + suffix).str(), error);
    ASSERT_FALSE(error);
    out << bytes;
  }

  std::string message(llvm::Error error) {
    return llvm::toString(std::move(error));
  }

  /// The error reading "w" from `table`, which must parse (a test failure
  /// and "" when it does not, or when "w" reads).
  std::string readError(const std::string &table) {
    auto bundle = TensorBundle::parse(table, prefix);
    if (!bundle) {
      ADD_FAILURE() << message(bundle.takeError());
      return "";
    }
    auto tensor = bundle->read("w", &context);
    if (tensor) {
      ADD_FAILURE() << "'w' read without an error";
      return "";
    }
    return message(tensor.takeError());
  }

  mlir::MLIRContext context;
  llvm::SmallString<128> directory, prefix;
  std::string data, index;
};

TEST(MaskedCrc32c, KnownValue) {
  // CRC32C("123456789") is 0xE3069283 (RFC 3720's check value), masked.
  EXPECT_EQ(maskedCrc32c(bytesOf("123456789")), 0xC78AB0E5u);
}

TEST_F(TensorBundleTest, ReadsATensor) {
  auto bundle = TensorBundle::parse(index, prefix);
  ASSERT_TRUE(bool(bundle)) << message(bundle.takeError());
  EXPECT_EQ(bundle->getKeys(), std::vector<std::string>{"w"});
  auto tensor = bundle->read("w", &context);
  ASSERT_TRUE(bool(tensor)) << message(tensor.takeError());
  EXPECT_EQ(tensor->dtype(), tf::DT_FLOAT);
  ASSERT_EQ(tensor->tensor_shape().dim_size(), 1);
  EXPECT_EQ(tensor->tensor_shape().dim(0).size(), 2);
  EXPECT_EQ(tensor->tensor_content(), data);
  auto missing = bundle->read("v", &context);
  ASSERT_FALSE(bool(missing));
  EXPECT_NE(message(missing.takeError()).find("'v': no such tensor"),
            std::string::npos);
}

TEST_F(TensorBundleTest, RefusesACorruptShard) {
  data[3] ^= 1;
  write(".data-00000-of-00001", data);
  EXPECT_NE(readError(index).find("CRC32C does not match"), std::string::npos);
}

TEST_F(TensorBundleTest, RefusesACorruptOrTruncatedIndex) {
  std::string corrupt = index;
  corrupt[2] ^= 1;
  auto bundle = TensorBundle::parse(corrupt, prefix);
  ASSERT_FALSE(bool(bundle));
  EXPECT_NE(message(bundle.takeError())
                .find("corrupt table block at byte 0: its CRC32C"),
            std::string::npos);
  for (size_t keep : {size_t(0), size_t(10), index.size() - 1}) {
    auto truncated = TensorBundle::parse(index.substr(0, keep), prefix);
    EXPECT_FALSE(bool(truncated)) << keep;
    llvm::consumeError(truncated.takeError());
  }
}

TEST_F(TensorBundleTest, RefusesABlockListedTwice) {
  tf::BundleEntryProto entry;
  entry.set_dtype(tf::DT_FLOAT);
  auto bundle = TensorBundle::parse(
      makeIndex({{"w", entry.SerializeAsString()}}, /*repeatHandle=*/true),
      prefix);
  ASSERT_FALSE(bool(bundle));
  EXPECT_NE(message(bundle.takeError()).find("points outside the data blocks"),
            std::string::npos);
}

TEST_F(TensorBundleTest, RefusesAShapeWhoseSizeOverflows) {
  // 2^32 x 2^32 elements: their byte count wraps to 0 in 64 bits.
  tf::BundleEntryProto entry;
  entry.set_dtype(tf::DT_FLOAT);
  entry.mutable_shape()->add_dim()->set_size(int64_t(1) << 32);
  entry.mutable_shape()->add_dim()->set_size(int64_t(1) << 32);
  EXPECT_NE(readError(makeIndex({{"w", entry.SerializeAsString()}}))
                .find("a tensor of more than"),
            std::string::npos);
}

TEST_F(TensorBundleTest, RefusesAShardShorterThanItsTensor) {
  write(".data-00000-of-00001", data.substr(0, 5));
  EXPECT_NE(readError(index).find(
                "the file ends before the tensor's 8 bytes at offset 0"),
            std::string::npos);
}

} // namespace
