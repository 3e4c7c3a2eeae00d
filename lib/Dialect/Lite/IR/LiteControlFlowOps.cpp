//===- LiteControlFlowOps.cpp - lite.if / lite.while ----------------------===//
//
// Syntax, verifiers and RegionBranchOpInterface of lite's structured control
// flow. Control flow between the regions, as the interface reports it:
//
//   lite.if:     parent --> then | else ;  then, else --yield--> parent results
//
//   lite.while:  parent --inits--> cond(args)
//                cond --(yield of tensor<i1>, nothing forwarded)--> body |
//                parent body --yield--> cond(args)
//
// The condition's block arguments flow on to the body, or out as the results,
// unchanged; no terminator operand carries them, so the cond -> body and
// cond -> parent edges forward no values.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace sluice::lite;

/// Types that may meet on a control-flow edge: same element type, shapes
/// that can be equal at run time (a region may yield a more precise type).
static bool areCompatibleTensorTypes(Type lhs, Type rhs) {
  return getElementTypeOrSelf(lhs) == getElementTypeOrSelf(rhs) &&
         succeeded(verifyCompatibleShape(lhs, rhs));
}

/// Returns the lite.yield ending `region`, or null after reporting an error.
static YieldOp getYield(Operation *op, Region &region, StringRef name) {
  Block &block = region.front();
  if (block.empty() || !isa<YieldOp>(block.back())) {
    op->emitOpError("expects the ") << name << " region to end in 'lite.yield'";
    return nullptr;
  }
  return cast<YieldOp>(block.back());
}

/// Checks that `yield` produces values compatible with `expected`.
static LogicalResult verifyYieldTypes(Operation *op, YieldOp yield,
                                      StringRef name, TypeRange expected) {
  TypeRange yielded = yield.getOperandTypes();
  if (yielded.size() != expected.size())
    return op->emitOpError("the ")
           << name << " region yields " << yielded.size()
           << " value(s) but the op has " << expected.size() << " result(s)";
  for (auto [index, pair] : llvm::enumerate(llvm::zip(yielded, expected)))
    if (!areCompatibleTensorTypes(std::get<0>(pair), std::get<1>(pair)))
      return op->emitOpError("the ")
             << name << " region yields " << std::get<0>(pair)
             << " for result #" << index << " of type " << std::get<1>(pair);
  return success();
}

//===----------------------------------------------------------------------===//
// IfOp
//===----------------------------------------------------------------------===//

LogicalResult IfOp::verify() {
  for (auto [region, name] :
       {std::pair<Region *, StringRef>(&getThenRegion(), "then"),
        {&getElseRegion(), "else"}}) {
    YieldOp yield = getYield(*this, *region, name);
    if (!yield ||
        failed(verifyYieldTypes(*this, yield, name, getResultTypes())))
      return failure();
  }
  return success();
}

void IfOp::getSuccessorRegions(RegionBranchPoint point,
                               SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor(getOperation(), getResults()));
    return;
  }
  regions.push_back(RegionSuccessor(&getThenRegion()));
  regions.push_back(RegionSuccessor(&getElseRegion()));
}

void IfOp::getEntrySuccessorRegions(ArrayRef<Attribute> operands,
                                    SmallVectorImpl<RegionSuccessor> &regions) {
  auto cond = dyn_cast_or_null<DenseElementsAttr>(operands.front());
  if (!cond || !cond.getElementType().isInteger(1)) {
    getSuccessorRegions(RegionBranchPoint::parent(), regions);
    return;
  }
  bool taken = cond.getSplatValue<bool>();
  regions.push_back(
      RegionSuccessor(taken ? &getThenRegion() : &getElseRegion()));
}

bool IfOp::areTypesCompatible(Type lhs, Type rhs) {
  return areCompatibleTensorTypes(lhs, rhs);
}

//===----------------------------------------------------------------------===//
// WhileOp
//===----------------------------------------------------------------------===//

// lite.while (%x = %init, ...) : (init types) -> (result types)
//     cond { ... } body { ... } attr-dict
ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> carried;
  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  FunctionType type;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseAssignmentList(carried, inits) || parser.parseColonType(type))
    return failure();
  if (type.getNumInputs() != inits.size() ||
      type.getNumResults() != inits.size())
    return parser.emitError(loc, "expects one input and one result type per "
                                 "loop-carried value (")
           << inits.size() << ")";
  if (parser.resolveOperands(inits, type.getInputs(), loc, result.operands))
    return failure();
  result.addTypes(type.getResults());
  for (auto [argument, argType] : llvm::zip(carried, type.getResults()))
    argument.type = argType;
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  if (parser.parseKeyword("cond") || parser.parseRegion(*cond, carried) ||
      parser.parseKeyword("body") || parser.parseRegion(*body, carried) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  return success();
}

void WhileOp::print(OpAsmPrinter &printer) {
  printer << " (";
  llvm::interleaveComma(
      llvm::zip(getCond().getArguments(), getInits()), printer, [&](auto pair) {
        printer << std::get<0>(pair) << " = " << std::get<1>(pair);
      });
  printer << ") : ";
  printer.printFunctionalType(getInits().getTypes(), getResultTypes());
  printer << " cond ";
  printer.printRegion(getCond(), /*printEntryBlockArgs=*/false);
  printer << " body ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  printer.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult WhileOp::verify() {
  if (getInits().size() != getNumResults())
    return emitOpError("has ") << getInits().size() << " initial value(s) but "
                               << getNumResults() << " result(s)";
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(getInits().getTypes(), getResultTypes())))
    if (!areCompatibleTensorTypes(std::get<0>(pair), std::get<1>(pair)))
      return emitOpError("initial value #")
             << index << " of type " << std::get<0>(pair)
             << " is not compatible with the loop-carried type "
             << std::get<1>(pair);

  for (auto [region, name] :
       {std::pair<Region *, StringRef>(&getCond(), "cond"),
        {&getBody(), "body"}}) {
    if (region->getArgumentTypes() != getResultTypes())
      return emitOpError("the ")
             << name << " region takes (" << region->getArgumentTypes()
             << ") but the loop carries (" << getResultTypes() << ")";
  }
  YieldOp condYield = getYield(*this, getCond(), "cond");
  if (!condYield)
    return failure();
  if (condYield.getNumOperands() != 1 ||
      condYield.getOperand(0).getType() !=
          RankedTensorType::get({}, IntegerType::get(getContext(), 1)))
    return emitOpError("the cond region must yield a single tensor<i1>, got (")
           << condYield.getOperandTypes() << ")";
  YieldOp bodyYield = getYield(*this, getBody(), "body");
  if (!bodyYield)
    return failure();
  return verifyYieldTypes(*this, bodyYield, "body", getResultTypes());
}

void WhileOp::getSuccessorRegions(RegionBranchPoint point,
                                  SmallVectorImpl<RegionSuccessor> &regions) {
  Region *from =
      point.isParent()
          ? nullptr
          : point.getTerminatorPredecessorOrNull()->getParentRegion();
  if (from == &getCond()) {
    regions.push_back(RegionSuccessor(&getBody()));
    regions.push_back(RegionSuccessor(
        getOperation(), getOperation()->getResults().take_front(0)));
    return;
  }
  // From the parent or the body: evaluate the condition next.
  regions.push_back(RegionSuccessor(&getCond(), getCond().getArguments()));
}

OperandRange WhileOp::getEntrySuccessorOperands(RegionSuccessor successor) {
  return getInits();
}

bool WhileOp::areTypesCompatible(Type lhs, Type rhs) {
  return areCompatibleTensorTypes(lhs, rhs);
}

//===----------------------------------------------------------------------===//
// YieldOp
//===----------------------------------------------------------------------===//

MutableOperandRange YieldOp::getMutableSuccessorOperands(RegionSuccessor) {
  // The condition of a while is consumed, not forwarded to any successor.
  auto loop = dyn_cast<WhileOp>((*this)->getParentOp());
  if (loop && (*this)->getParentRegion() == &loop.getCond())
    return MutableOperandRange(getOperation(), 0, 0);
  return getOperandsMutable();
}
