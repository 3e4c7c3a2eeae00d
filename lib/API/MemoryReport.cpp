//===- MemoryReport.cpp - a program's memory, loop by loop ----------------===//
//
// Program::memoryReport: the loops of a lifted copy are numbered and tagged
// (the attribute `sluice.report_loop`, and for native code, whose lowering
// keeps locations but not attributes, a FusedLoc carrying the same number),
// then each back end runs on a copy of its own and the report reads what it
// made:
//
//   lifted copy --(tags)--+--> exportTFLite(planBuffers, &layout)
//                         |      WHILE operators -> their lite.while (tag),
//                         |      the plan's offsets, the model's tensors
//                         +--> preparation, -lite-plan-buffers{target=native}
//                         |      the native decisions (#lite.slot)
//                         '--> sluice-bufferize (what bench.py runs)
//                                copies/allocs in scf.while/scf.for bodies,
//                                each at its innermost tagged scf.while
//
// The rules it reproduces are the ones its users check it against:
// bench/buffers/bench.py (count_in_loops), bench/buffers/plan.py and
// test/Target/TFLite/check_arena_plan.py (global, sum, the simulated moves);
// test/e2e/memory_report.py compares them program by program.
//
//===----------------------------------------------------------------------===//

#include "sluice/API/MemoryReport.h"
#include "sluice/API/Program.h"

#include "DiagnosticCapture.h"
#include "Lifting.h"
#include "ProgramSession.h"

#include "sluice/Analysis/BufferAliasing.h"
#include "sluice/Codegen/Native/Pipeline.h"
#include "sluice/Dialect/Lite/IR/LiteDialect.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"
#include "sluice/Target/TFLite/TFLiteExport.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>

using namespace mlir;

namespace sluice {

namespace {
/// The tag of the loops of the report's copies.
constexpr llvm::StringLiteral kLoopTag = "sluice.report_loop";
/// The arena plan's alignment, which plan.py's figures round to.
constexpr int64_t kArenaAlignment = 16;

int64_t alignUp(int64_t value) {
  return (value + kArenaAlignment - 1) / kArenaAlignment * kArenaAlignment;
}

/// "file:line:col" of the first file position in `loc`, else its name.
std::string formatLocation(Location loc) {
  if (auto position = loc->findInstanceOf<FileLineColLoc>())
    return llvm::formatv("{0}:{1}:{2}", position.getFilename().getValue(),
                         position.getLine(), position.getColumn())
        .str();
  if (auto name = loc->findInstanceOf<NameLoc>())
    return name.getName().str();
  return "unknown";
}

/// The loop number a lite.while carries (kLoopTag), if any.
std::optional<unsigned> getLoopTag(Operation *op) {
  if (auto tag = op->getAttrOfType<IntegerAttr>(kLoopTag))
    return static_cast<unsigned>(tag.getInt());
  return std::nullopt;
}

/// The loop number a FusedLoc in `loc` carries (tagLocations), if any.
std::optional<unsigned> getLocationTag(Location loc) {
  std::optional<unsigned> found;
  loc->walk([&](Location inner) {
    auto fused = dyn_cast<FusedLoc>(inner);
    auto metadata =
        fused ? dyn_cast_or_null<StringAttr>(fused.getMetadata()) : nullptr;
    unsigned number;
    if (metadata && metadata.getValue().starts_with(kLoopTag) &&
        !metadata.getValue()
             .drop_front(kLoopTag.size() + 1)
             .getAsInteger(10, number)) {
      found = number;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// Moves each loop's number from its attribute into its location, which
/// the lowering to scf.while keeps.
void tagLocations(ModuleOp module) {
  module.walk([](lite::WhileOp loop) {
    if (std::optional<unsigned> tag = getLoopTag(loop))
      loop->setLoc(
          FusedLoc::get({loop.getLoc()},
                        StringAttr::get(loop.getContext(),
                                        (kLoopTag + ":" + Twine(*tag)).str()),
                        loop.getContext()));
  });
}

/// "none", "body, buffer = 2": a #lite.slot without its brackets.
std::string formatDecision(lite::SlotAttr slot) {
  if (!slot)
    return "";
  std::string text = lite::stringifySlotCopies(slot.getCopies());
  if (std::optional<unsigned> buffer = slot.getBufferSlot())
    text += ", buffer = " + std::to_string(*buffer);
  return text;
}

/// Static bytes of a copied memref as bench.py reads them off its type
/// (memref_bytes): a static shape of a type its table knows, else 0.
int64_t getCopiedBytes(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.hasStaticShape())
    return 0;
  // bench.py's table: i1, i8, ui8, i16, i32, i64, f16, f32, f64.
  Type element = memref.getElementType();
  int64_t width = 0;
  if (auto integer = dyn_cast<IntegerType>(element)) {
    unsigned bits = integer.getWidth();
    if (integer.isSignless() &&
        (bits == 1 || bits == 8 || bits == 16 || bits == 32 || bits == 64))
      width = std::max(1u, bits / 8);
    else if (integer.isUnsigned() && bits == 8)
      width = 1;
  } else if (element.isF16() || element.isF32() || element.isF64()) {
    width = element.getIntOrFloatBitWidth() / 8;
  }
  return memref.getNumElements() * width;
}

/// Where a counted op of the bufferized program goes.
struct NativeCounts {
  /// Per loop number.
  std::map<unsigned, CopyCounts> loops;
  /// Per original function: ops in loops that are no lite.while.
  std::map<std::string, CopyCounts> outside;
  CopyCounts total;
};

/// bench.py's count_in_loops on the bufferized `module`: memref.copy and
/// linalg.copy ops (with their source's bytes) and memref.alloc ops nested
/// in an scf.while or scf.for, each attributed to its innermost tagged
/// scf.while, else to its function (the C interface's entry point named as
/// the program's function).
NativeCounts countNative(ModuleOp module) {
  NativeCounts counts;
  module.walk([&](Operation *op) {
    CopyCounts counted;
    if (auto copy = dyn_cast<memref::CopyOp>(op))
      counted = {1, getCopiedBytes(copy.getSource().getType()), 0};
    else if (auto copy = dyn_cast<linalg::CopyOp>(op))
      counted = {1, getCopiedBytes(copy.getInputs().front().getType()), 0};
    else if (isa<memref::AllocOp>(op))
      counted = {0, 0, 1};
    else
      return;
    bool inLoop = false;
    std::optional<unsigned> loop;
    for (Operation *parent = op->getParentOp(); parent;
         parent = parent->getParentOp()) {
      if (!isa<scf::WhileOp, scf::ForOp>(parent))
        continue;
      inLoop = true;
      if (isa<scf::WhileOp>(parent) &&
          (loop = getLocationTag(parent->getLoc())))
        break;
    }
    if (!inLoop)
      return;
    counts.total += counted;
    if (loop) {
      counts.loops[*loop] += counted;
      return;
    }
    if (auto function = op->getParentOfType<func::FuncOp>()) {
      auto entry = function->getAttrOfType<StringAttr>("sluice.entry_point");
      counts.outside[entry ? entry.str() : function.getSymName().str()] +=
          counted;
    }
  });
  return counts;
}

/// The most 16-byte-aligned bytes a subgraph has live at once, alone
/// (check_arena_plan.py's alone_lower_bound): inputs live from -1, outputs
/// to the operator count, the rest over the operators using them.
struct Lifetimes {
  std::vector<int64_t> start, end;

  explicit Lifetimes(const tflite_support::ArenaSubgraph &subgraph) {
    start.assign(subgraph.sizes.size(), std::numeric_limits<int64_t>::max());
    end.assign(subgraph.sizes.size(), std::numeric_limits<int64_t>::min());
    auto live = [&](int32_t tensor, int64_t position) {
      if (tensor < 0 || static_cast<size_t>(tensor) >= start.size())
        return;
      start[tensor] = std::min(start[tensor], position);
      end[tensor] = std::max(end[tensor], position);
    };
    for (int32_t tensor : subgraph.inputs)
      live(tensor, -1);
    for (auto [position, op] : llvm::enumerate(subgraph.operators)) {
      for (int32_t tensor : op.inputs)
        live(tensor, position);
      for (int32_t tensor : op.outputs)
        live(tensor, position);
    }
    for (int32_t tensor : subgraph.outputs)
      live(tensor, subgraph.operators.size());
  }
  bool isLiveAt(size_t tensor, int64_t position) const {
    return start[tensor] <= position && position <= end[tensor];
  }
};

/// check_arena_plan.py's tensor_bytes: planned tensors have a size > 0.
int64_t plannedBytes(const tflite_support::ArenaSubgraph &subgraph,
                     int32_t tensor) {
  if (tensor < 0 || static_cast<size_t>(tensor) >= subgraph.sizes.size())
    return 0;
  return std::max<int64_t>(subgraph.sizes[tensor], 0);
}

int64_t getAlonePeak(const tflite_support::ArenaSubgraph &subgraph) {
  Lifetimes life(subgraph);
  int64_t best = 0;
  for (int64_t position = -1;
       position <= static_cast<int64_t>(subgraph.operators.size());
       ++position) {
    int64_t live = 0;
    for (size_t tensor = 0; tensor < subgraph.sizes.size(); ++tensor)
      if (subgraph.sizes[tensor] > 0 && life.isLiveAt(tensor, position))
        live += alignUp(subgraph.sizes[tensor]);
    best = std::max(best, live);
  }
  return best;
}

/// The arena figures of `report` from the model the exporter described.
void reportArena(const TFLiteModelLayout &layout, MemoryReport &report,
                 unsigned peakTensors) {
  report.subgraphs = layout.subgraphs.size();
  if (!layout.plan)
    return;
  const tflite_support::ArenaPlan &plan = *layout.plan;
  auto offsetOf = [&](unsigned subgraph, int32_t tensor) -> int64_t {
    if (tensor < 0 || subgraph >= plan.offsets.size() ||
        static_cast<size_t>(tensor) >= plan.offsets[subgraph].size())
      return -1;
    return plan.offsets[subgraph][tensor];
  };
  // The highest planned tensor: the peak is where it lives.
  int64_t top = 0;
  std::optional<std::pair<unsigned, int32_t>> highest;
  for (auto [index, subgraph] : llvm::enumerate(layout.subgraphs)) {
    if (index >= plan.offsets.size() || !plan.hasPlannedTensors(index))
      continue;
    ++report.plannedSubgraphs;
    report.sumOfPeaks += getAlonePeak(subgraph.arena);
    for (auto [tensor, offset] : llvm::enumerate(plan.offsets[index])) {
      if (offset < 0)
        continue;
      int64_t end = offset + plannedBytes(subgraph.arena, tensor);
      if (!highest || end > top) {
        top = end;
        highest = {index, static_cast<int32_t>(tensor)};
      }
    }
  }
  report.globalPeak = alignUp(top);
  if (!highest)
    return;

  // What is live then: the highest tensor's subgraph at its fullest
  // operator while that tensor lives, then each caller at the calling
  // operator that puts the callee highest.
  std::vector<ArenaTensorReport> live;
  std::vector<int64_t> seenOffsets;
  auto collect = [&](unsigned index, int64_t position) {
    const TFLiteModelLayout::Subgraph &subgraph = layout.subgraphs[index];
    Lifetimes life(subgraph.arena);
    for (size_t tensor = 0; tensor < subgraph.arena.sizes.size(); ++tensor) {
      int64_t offset = offsetOf(index, tensor);
      if (offset < 0 || !life.isLiveAt(tensor, position) ||
          llvm::is_contained(seenOffsets, offset))
        continue;
      // A callee's tensor at its caller's offset (aliasing) is listed once.
      seenOffsets.push_back(offset);
      live.push_back({subgraph.name, subgraph.tensorNames[tensor],
                      formatLocation(subgraph.tensorLocations[tensor]),
                      plannedBytes(subgraph.arena, tensor), offset});
    }
  };
  auto [index, tensor] = *highest;
  {
    const tflite_support::ArenaSubgraph &arena = layout.subgraphs[index].arena;
    Lifetimes life(arena);
    int64_t best = life.start[tensor], bestBytes = -1;
    for (int64_t position = life.start[tensor]; position <= life.end[tensor];
         ++position) {
      int64_t bytes = 0;
      for (size_t other = 0; other < arena.sizes.size(); ++other)
        if (offsetOf(index, other) >= 0 && life.isLiveAt(other, position))
          bytes += plannedBytes(arena, other);
      if (bytes > bestBytes) {
        best = position;
        bestBytes = bytes;
      }
    }
    collect(index, best);
  }
  for (unsigned depth = 0; index != 0 && depth < layout.subgraphs.size();
       ++depth) {
    std::optional<std::pair<unsigned, int64_t>> site;
    int64_t siteTop = -1;
    for (auto [caller, subgraph] : llvm::enumerate(layout.subgraphs)) {
      Lifetimes life(subgraph.arena);
      for (auto [position, op] : llvm::enumerate(subgraph.arena.operators)) {
        if (!llvm::is_contained(op.callees, index))
          continue;
        int64_t callerTop = 0;
        for (size_t other = 0; other < subgraph.arena.sizes.size(); ++other)
          if (offsetOf(caller, other) >= 0 && life.isLiveAt(other, position))
            callerTop =
                std::max(callerTop, offsetOf(caller, other) +
                                        plannedBytes(subgraph.arena, other));
        if (callerTop > siteTop) {
          siteTop = callerTop;
          site = {caller, position};
        }
      }
    }
    if (!site)
      break;
    collect(site->first, site->second);
    index = site->first;
  }
  // Offsets are distinct: a total order.
  llvm::sort(live, [](const ArenaTensorReport &a, const ArenaTensorReport &b) {
    return a.bytes != b.bytes ? a.bytes > b.bytes : a.offset > b.offset;
  });
  if (live.size() > peakTensors)
    live.resize(peakTensors);
  report.liveAtPeak = std::move(live);
}

/// The function an outlined region calls (-lite-outline-regions), if any.
func::FuncOp getOutlinedCallee(Region &region) {
  if (region.empty() || region.front().empty())
    return nullptr;
  auto call = dyn_cast<func::CallOp>(region.front().front());
  if (!call)
    return nullptr;
  return SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      region.getParentOp(), call.getCalleeAttr());
}

/// Whether a value of `function` has a shape LiteRT sizes only while the
/// model runs.
bool hasDynamicTensors(func::FuncOp function) {
  if (!function)
    return false;
  auto isDynamic = [](Type type) {
    auto tensor = dyn_cast<TensorType>(type);
    return tensor && !tensor.hasStaticShape();
  };
  if (llvm::any_of(function.getArgumentTypes(), isDynamic))
    return true;
  return function
      .walk([&](Operation *op) {
        return llvm::any_of(op->getResultTypes(), isDynamic)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The WHILE at operator `position` of subgraph `index`, per iteration.
TFLiteLoopReport reportWhile(const TFLiteModelLayout &layout, unsigned index,
                             unsigned position, lite::WhileOp loop) {
  const tflite_support::ArenaSubgraph &caller = layout.subgraphs[index].arena;
  const tflite_support::ArenaOperator &op = caller.operators[position];
  TFLiteLoopReport report;
  report.subgraph = index;
  report.op = position;
  report.slots = op.inputs.size();
  if (op.callees.size() != 2)
    return report;
  unsigned condIndex = op.callees[0], bodyIndex = op.callees[1];
  const tflite_support::ArenaSubgraph &cond = layout.subgraphs[condIndex].arena;
  const tflite_support::ArenaSubgraph &body = layout.subgraphs[bodyIndex].arena;

  // The planned arena, moves as check_arena_plan.py's Simulation makes them
  // each iteration: body.in := r, r := body.out, cond.in := r.
  auto offsetOf = [&](unsigned subgraph, int32_t tensor) -> int64_t {
    if (!layout.plan || tensor < 0 || subgraph >= layout.plan->offsets.size() ||
        static_cast<size_t>(tensor) >= layout.plan->offsets[subgraph].size())
      return -1;
    return layout.plan->offsets[subgraph][tensor];
  };
  auto move = [&](unsigned fromGraph, int32_t from, unsigned toGraph,
                  int32_t to, const tflite_support::ArenaSubgraph &target) {
    if (from < 0 || to < 0)
      return;
    int64_t source = offsetOf(fromGraph, from);
    CopyCounts &counts = source >= 0 && source == offsetOf(toGraph, to)
                             ? report.arenaElided
                             : report.arenaCopied;
    counts += {1, plannedBytes(target, to), 0};
  };
  for (size_t slot = 0; slot < op.outputs.size(); ++slot) {
    int32_t result = op.outputs[slot];
    if (slot < body.inputs.size())
      move(index, result, bodyIndex, body.inputs[slot], body);
    if (slot < body.outputs.size())
      move(bodyIndex, body.outputs[slot], index, result, caller);
    if (slot < cond.inputs.size())
      move(index, result, condIndex, cond.inputs[slot], cond);
  }

  // LiteRT (tensorflow/lite/kernels/while.cc): the condition's unused
  // inputs are removed (RemoveUnusedInputs); Eval_static copies the body's
  // outputs into its inputs and the condition's, Eval_dynamic also into
  // the WHILE's outputs.
  report.dynamicBody = hasDynamicTensors(getOutlinedCallee(loop.getBody()));
  llvm::SmallDenseSet<int32_t> condUses(cond.outputs.begin(),
                                        cond.outputs.end());
  for (const tflite_support::ArenaOperator &condOp : cond.operators)
    condUses.insert(condOp.inputs.begin(), condOp.inputs.end());
  auto slotBytes = [&](size_t slot) {
    return slot < body.inputs.size() ? plannedBytes(body, body.inputs[slot])
                                     : 0;
  };
  for (size_t slot = 0; slot < op.inputs.size(); ++slot) {
    report.litert += {1, slotBytes(slot), 0};
    if (report.dynamicBody)
      report.litert += {1, slotBytes(slot), 0};
    if (slot < cond.inputs.size() && condUses.contains(cond.inputs[slot]))
      report.litert += {1, slotBytes(slot), 0};
  }
  return report;
}

/// Runs the native preparation and -lite-plan-buffers{target=native} on
/// `module` and reads the decisions each tagged loop got, by loop number.
FailureOr<std::map<unsigned, lite::WhileOp>> planNative(ModuleOp module) {
  PassManager pm(module.getContext());
  buildNativePreparationPipeline(pm);
  lite::LitePlanBuffersPassOptions plan;
  plan.target = "native";
  pm.addPass(lite::createLitePlanBuffersPass(plan));
  if (failed(pm.run(module)))
    return failure();
  std::map<unsigned, lite::WhileOp> loops;
  module.walk([&](lite::WhileOp loop) {
    if (std::optional<unsigned> tag = getLoopTag(loop))
      loops.try_emplace(*tag, loop);
  });
  return loops;
}

llvm::json::Value toJSON(const CopyCounts &counts, bool allocs = true) {
  llvm::json::Object object{{"copies", counts.copies}, {"bytes", counts.bytes}};
  if (allocs)
    object["allocs"] = counts.allocs;
  return object;
}
} // namespace

//===----------------------------------------------------------------------===//
// Program::memoryReport
//===----------------------------------------------------------------------===//

FailureOr<MemoryReport>
Program::memoryReport(ProgramError &error,
                      const MemoryReportOptions &options) const {
  DiagnosticCapture capture(*session);
  TimingScope reportTiming = nestTiming(timing, "report");
  TimingScope *scope = timing ? &reportTiming : nullptr;
  FailureOr<OwningOpRef<ModuleOp>> lifted =
      cloneLifted(*module, session->maxNesting, scope);
  if (failed(lifted))
    return capture.fail(error);
  MLIRContext *context = getContext();

  // Number the loops, a loop before those nested in it.
  MemoryReport report;
  report.entry = options.entry;
  std::vector<std::pair<unsigned, unsigned>> loopAt; // function, loop
  for (func::FuncOp function : (*lifted)->getOps<func::FuncOp>()) {
    if (function.isExternal())
      continue;
    FunctionReport &described = report.functions.emplace_back();
    described.name = function.getSymName().str();
    unsigned functionIndex = report.functions.size() - 1;
    // The loops directly in `parent`'s regions (or in lite.ifs there).
    std::function<void(Operation *, StringRef, unsigned)> visit =
        [&](Operation *parent, StringRef prefix, unsigned depth) {
          unsigned count = 0;
          for (Region &region : parent->getRegions())
            region.walk<WalkOrder::PreOrder>([&](Operation *op) {
              auto loop = dyn_cast<lite::WhileOp>(op);
              if (!loop)
                return WalkResult::advance();
              LoopReport &entry = described.loops.emplace_back();
              entry.path = prefix.empty() ? std::to_string(count)
                                          : (prefix + "." + Twine(count)).str();
              ++count;
              entry.depth = depth;
              entry.location = formatLocation(loop.getLoc());
              for (Type type : loop.getResultTypes()) {
                LoopSlotReport &slot = entry.slots.emplace_back();
                llvm::raw_string_ostream(slot.type) << type;
                slot.bytes = BufferAliasing::getByteSize(type);
                if (slot.bytes < 0)
                  ++entry.dynamicSlots;
                else
                  entry.stateBytes += slot.bytes;
              }
              loop->setAttr(kLoopTag, IntegerAttr::get(
                                          IntegerType::get(context, 64),
                                          static_cast<int64_t>(loopAt.size())));
              loopAt.emplace_back(functionIndex, described.loops.size() - 1);
              std::string path = entry.path;
              visit(loop, path, depth + 1);
              return WalkResult::skip();
            });
        };
    visit(function, "", 0);
  }
  auto loopReport = [&](unsigned tag) -> LoopReport & {
    auto [function, loop] = loopAt[tag];
    return report.functions[function].loops[loop];
  };

  // TFLite: the model with its arena plan.
  {
    OwningOpRef<ModuleOp> exported((*lifted)->clone());
    TFLiteExportOptions exportOptions;
    exportOptions.entryFunctions = {options.entry};
    exportOptions.planBuffers = true;
    std::string bytes;
    llvm::raw_string_ostream os(bytes);
    TFLiteModelLayout layout;
    if (failed(
            sluice::exportTFLite(*exported, os, exportOptions, scope, &layout)))
      return capture.fail(error);
    reportArena(layout, report, options.peakTensors);
    for (auto [index, subgraph] : llvm::enumerate(layout.subgraphs)) {
      for (auto [position, op] : llvm::enumerate(subgraph.operations)) {
        auto loop = dyn_cast_or_null<lite::WhileOp>(op);
        std::optional<unsigned> tag = loop ? getLoopTag(loop) : std::nullopt;
        if (!tag || *tag >= loopAt.size())
          continue;
        LoopReport &entry = loopReport(*tag);
        if (entry.tflite) {
          ++entry.tflite->instances;
          continue;
        }
        entry.tflite = reportWhile(layout, index, position, loop);
        for (auto [slot, described] : llvm::enumerate(entry.slots))
          described.tflite = formatDecision(lite::getSlotDecision(loop, slot));
      }
    }
  }

  // Native code: BufferAliasing's decisions as the pipeline records them,
  // then what bench.py counts after sluice-bufferize.
  {
    OwningOpRef<ModuleOp> planned((*lifted)->clone());
    FailureOr<std::map<unsigned, lite::WhileOp>> decisions =
        planNative(*planned);
    if (failed(decisions))
      return capture.fail(error);
    for (auto [tag, loop] : *decisions) {
      if (tag >= loopAt.size())
        continue;
      for (auto [slot, described] : llvm::enumerate(loopReport(tag).slots))
        described.native = formatDecision(lite::getSlotDecision(loop, slot));
    }
  }
  OwningOpRef<ModuleOp> native((*lifted)->clone());
  tagLocations(*native);
  Program bufferized(session, std::move(native));
  // runPipeline captures its own diagnostics into `error`.
  if (failed(bufferized.runPipeline("builtin.module(sluice-bufferize)", error)))
    return failure();
  NativeCounts counts = countNative(bufferized.getModule());
  report.native = counts.total;
  for (auto [tag, counted] : counts.loops)
    if (tag < loopAt.size())
      loopReport(tag).native = counted;
  for (FunctionReport &function : report.functions) {
    if (auto it = counts.outside.find(function.name);
        it != counts.outside.end())
      function.nativeOutsideWhile = it->second;
    function.native = function.nativeOutsideWhile;
    for (const LoopReport &loop : function.loops)
      function.native += loop.native;
  }
  return report;
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

llvm::json::Value MemoryReport::toJSON() const {
  llvm::json::Array functionsJSON;
  for (const FunctionReport &function : functions) {
    llvm::json::Array loopsJSON;
    for (const LoopReport &loop : function.loops) {
      llvm::json::Array slotsJSON;
      for (const LoopSlotReport &slot : loop.slots)
        slotsJSON.push_back(llvm::json::Object{
            {"type", slot.type},
            {"bytes", slot.bytes < 0 ? llvm::json::Value(nullptr)
                                     : llvm::json::Value(slot.bytes)},
            {"tflite", slot.tflite},
            {"native", slot.native}});
      llvm::json::Value tfliteJSON = nullptr;
      if (loop.tflite) {
        const TFLiteLoopReport &t = *loop.tflite;
        tfliteJSON = llvm::json::Object{
            {"subgraph", t.subgraph},
            {"op", t.op},
            {"instances", t.instances},
            {"slots", t.slots},
            {"path", t.dynamicBody ? "dynamic" : "static"},
            {"litert", sluice::toJSON(t.litert, /*allocs=*/false)},
            {"arena",
             llvm::json::Object{{"copies", t.arenaCopied.copies},
                                {"bytes", t.arenaCopied.bytes},
                                {"elided", t.arenaElided.copies},
                                {"elided_bytes", t.arenaElided.bytes}}}};
      }
      loopsJSON.push_back(
          llvm::json::Object{{"path", loop.path},
                             {"depth", loop.depth},
                             {"location", loop.location},
                             {"state_bytes", loop.stateBytes},
                             {"dynamic_slots", loop.dynamicSlots},
                             {"slots", std::move(slotsJSON)},
                             {"native", sluice::toJSON(loop.native)},
                             {"tflite", std::move(tfliteJSON)}});
    }
    functionsJSON.push_back(llvm::json::Object{
        {"name", function.name},
        {"native", sluice::toJSON(function.native)},
        {"native_outside_while", sluice::toJSON(function.nativeOutsideWhile)},
        {"loops", std::move(loopsJSON)}});
  }
  llvm::json::Array peakJSON;
  for (const ArenaTensorReport &tensor : liveAtPeak)
    peakJSON.push_back(llvm::json::Object{{"subgraph", tensor.subgraph},
                                          {"name", tensor.name},
                                          {"location", tensor.location},
                                          {"bytes", tensor.bytes},
                                          {"offset", tensor.offset}});
  return llvm::json::Object{
      {"entry", entry},
      {"native", sluice::toJSON(native)},
      {"arena", llvm::json::Object{{"subgraphs", subgraphs},
                                   {"planned_subgraphs", plannedSubgraphs},
                                   {"global", globalPeak},
                                   {"sum", sumOfPeaks},
                                   {"live_at_peak", std::move(peakJSON)}}},
      {"functions", std::move(functionsJSON)}};
}

void MemoryReport::print(llvm::raw_ostream &os) const {
  os << "TFLite arena (@" << entry << ", --plan-buffers): global peak "
     << globalPeak << " bytes, sum of subgraph peaks " << sumOfPeaks
     << " bytes";
  if (sumOfPeaks)
    os << llvm::format(" (ratio %.2f)",
                       static_cast<double>(globalPeak) / sumOfPeaks);
  os << ", " << plannedSubgraphs << " of " << subgraphs
     << " subgraphs planned\n";
  if (!liveAtPeak.empty())
    os << "  live at the peak:\n";
  for (const ArenaTensorReport &tensor : liveAtPeak)
    os << llvm::formatv("    {0,6} bytes at {1,-6} {2} ({3}) in {4}\n",
                        tensor.bytes, tensor.offset, tensor.name,
                        tensor.location, tensor.subgraph);
  os << "native (sluice-bufferize), per iteration in all loops: "
     << native.copies << " copies, " << native.bytes << " bytes, "
     << native.allocs << " allocs\n";
  for (const FunctionReport &function : functions) {
    os << "\n@" << function.name << ": " << function.loops.size()
       << (function.loops.size() == 1 ? " loop" : " loops");
    if (function.nativeOutsideWhile.copies ||
        function.nativeOutsideWhile.allocs)
      os << "; native in other loops: " << function.nativeOutsideWhile.copies
         << " copies, " << function.nativeOutsideWhile.bytes << " bytes, "
         << function.nativeOutsideWhile.allocs << " allocs";
    os << "\n";
    for (const LoopReport &loop : function.loops) {
      std::string indent(2 * loop.depth + 2, ' ');
      os << indent << "loop " << loop.path << " (" << loop.location
         << "): " << loop.slots.size() << " slots, state " << loop.stateBytes
         << " bytes";
      if (loop.dynamicSlots)
        os << " + " << loop.dynamicSlots << " dynamic";
      os << "\n";
      for (auto [index, slot] : llvm::enumerate(loop.slots)) {
        os << indent << "  slot " << index << ": " << slot.type << ", ";
        if (slot.bytes < 0)
          os << "dynamic";
        else
          os << slot.bytes << " bytes";
        os << "; tflite " << (slot.tflite.empty() ? "-" : slot.tflite)
           << "; native " << (slot.native.empty() ? "-" : slot.native) << "\n";
      }
      os << indent << "  per iteration          copies    bytes  allocs\n";
      os << llvm::formatv("{0}  native               {1,6} {2,8} {3,7}\n",
                          indent, loop.native.copies, loop.native.bytes,
                          loop.native.allocs);
      if (!loop.tflite) {
        os << indent << "  (not in the TFLite model)\n";
        continue;
      }
      const TFLiteLoopReport &t = *loop.tflite;
      os << llvm::formatv("{0}  LiteRT WHILE         {1,6} {2,8}       -   "
                          "(Eval_{3}; op {4} of subgraph {5}, {6} slots)\n",
                          indent, t.litert.copies, t.litert.bytes,
                          t.dynamicBody ? "dynamic" : "static", t.op,
                          t.subgraph, t.slots);
      os << llvm::formatv("{0}  planned arena        {1,6} {2,8}       -   "
                          "({3} moves elided, {4} bytes)\n",
                          indent, t.arenaCopied.copies, t.arenaCopied.bytes,
                          t.arenaElided.copies, t.arenaElided.bytes);
    }
  }
}

} // namespace sluice
