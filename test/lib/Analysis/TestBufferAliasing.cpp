//===- TestBufferAliasing.cpp - -test-lite-buffer-aliasing ----------------===//
//
// Prints the buffer aliasing analysis as one remark per lite.while and
// lite.if, for lit tests (-verify-diagnostics with expected-remark).
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"
#include "sluice/Analysis/BufferAliasing.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace sluice::test {
#define GEN_PASS_DEF_TESTLITEBUFFERALIASINGPASS
#include "TestPasses.h.inc"
} // namespace sluice::test

using namespace mlir;
using namespace sluice;

namespace {

std::string describe(const CopyRequirement &c) {
  switch (c.kind) {
  case CopyRequirement::Kind::EntryCopy:
    return "copy at entry (" + c.reason + ")";
  case CopyRequirement::Kind::BodyCopy:
    return "copy in the body (" + c.reason + ")";
  case CopyRequirement::Kind::PingPong:
    return "two buffers (ping-pong: " + c.reason + ")";
  case CopyRequirement::Kind::Rotate:
    return "by pointer in the buffer of slot " + std::to_string(*c.buffer) +
           " (" + c.reason + ")";
  case CopyRequirement::Kind::BranchCopy:
    return std::string("copy in the ") + (c.branch == 0 ? "then" : "else") +
           " branch (" + c.reason + ")";
  }
  llvm_unreachable("unknown copy kind");
}

struct TestLiteBufferAliasingPass
    : sluice::test::impl::TestLiteBufferAliasingPassBase<
          TestLiteBufferAliasingPass> {
  using Base::Base;

  void runOnOperation() override {
    std::optional<BufferModel> model = BufferModel::forTarget(target);
    if (!model) {
      getOperation()->emitError("unknown target '")
          << target << "' (expected tflite or native)";
      return signalPassFailure();
    }
    BufferAliasing aliasing(getOperation(), *model);
    getOperation()->walk([&](Operation *op) {
      auto loop = dyn_cast<lite::WhileOp>(op);
      if (!loop && !isa<lite::IfOp>(op))
        return;
      std::string text = loop ? "lite.while:" : "lite.if:";
      StringRef unit = loop ? "slot" : "result";
      ArrayRef<CopyRequirement> copies = aliasing.getCopies(op);
      if (op->getNumResults() == 0)
        text += loop ? " no slots" : " no results";
      for (unsigned i = 0; i < op->getNumResults(); ++i) {
        text += (i ? "; " : " ") + unit.str() + " " + std::to_string(i) + " ";
        SmallVector<std::string> parts;
        for (const CopyRequirement &c : copies)
          if (c.index == i)
            parts.push_back(describe(c));
        if (parts.empty()) {
          text += "in place";
          if (loop) {
            Block &body = loop.getBody().front();
            if (body.getTerminator()->getOperand(i) == body.getArgument(i))
              text += " (passed through)";
          }
        } else {
          text += llvm::join(parts, ", ");
        }
      }
      if (printClasses) {
        text += " [classes";
        for (Value r : op->getResults())
          text += " " + std::to_string(aliasing.getAliasClass(r));
        text += "]";
      }
      op->emitRemark(text);
    });
  }
};

} // namespace
