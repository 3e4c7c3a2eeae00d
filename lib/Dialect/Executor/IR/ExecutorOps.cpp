//===- ExecutorOps.cpp - executor graph nodes -----------------------------===//
//
// Custom syntax and structural verifiers of the executor dialect's ops.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Executor/IR/ExecutorOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace sluice::executor;

//===----------------------------------------------------------------------===//
// Shared syntax: `(%ctl, ...)? { body } attr-dict`, result types taken from
// the body's terminator.
//===----------------------------------------------------------------------===//

/// Parses an optional parenthesised list of control operands.
static ParseResult parseControls(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> controls;
  if (succeeded(parser.parseOptionalLParen()) &&
      (parser.parseOperandList(controls) || parser.parseRParen()))
    return failure();
  return parser.resolveOperands(controls, ControlType::get(parser.getContext()),
                                result.operands);
}

static void printControls(OpAsmPrinter &printer, OperandRange controls) {
  if (controls.empty())
    return;
  printer << '(' << controls << ')';
}

/// Parses `{ body } attr-dict` and returns the terminator of the body, or
/// null after reporting an error when the body does not end in `TermOp`.
template <typename TermOp>
static TermOp parseBodyWithTerminator(OpAsmParser &parser,
                                      OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, /*arguments=*/{}) ||
      parser.parseOptionalAttrDict(result.attributes))
    return nullptr;
  if (body->empty() || body->front().empty() ||
      !isa<TermOp>(body->front().back())) {
    parser.emitError(loc, "expects a body ending in '")
        << TermOp::getOperationName() << "'";
    return nullptr;
  }
  return cast<TermOp>(body->front().back());
}

//===----------------------------------------------------------------------===//
// GraphOp
//===----------------------------------------------------------------------===//

RegionKind GraphOp::getRegionKind(unsigned index) { return RegionKind::Graph; }

FetchOp GraphOp::getFetch() {
  return dyn_cast<FetchOp>(getBody().front().back());
}

ParseResult GraphOp::parse(OpAsmParser &parser, OperationState &result) {
  FetchOp fetch = parseBodyWithTerminator<FetchOp>(parser, result);
  if (!fetch)
    return failure();
  result.addTypes(fetch.getData().getTypes());
  return success();
}

void GraphOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  printer.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult GraphOp::verify() {
  Block &block = getBody().front();
  if (block.empty() || !isa<FetchOp>(block.back()))
    return emitOpError("expects a body ending in 'executor.fetch'");
  for (Operation &op : block.without_terminator()) {
    // Nodes only: an unregistered op has no dialect, and a nested graph is
    // not a node (it has no control token and no frame of its own).
    if (isa_and_nonnull<ExecutorDialect>(op.getDialect()) && !isa<GraphOp>(op))
      continue;
    return op.emitOpError("cannot appear directly in an executor.graph; wrap "
                          "it in an executor.island");
  }
  TypeRange fetched = getFetch().getData().getTypes();
  if (fetched != getResultTypes())
    return emitOpError("fetches ")
           << fetched.size() << " value(s) of types (" << fetched
           << ") but the graph returns (" << getResultTypes() << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// IslandOp
//===----------------------------------------------------------------------===//

YieldOp IslandOp::getYield() {
  return dyn_cast<YieldOp>(getBody().front().back());
}

ParseResult IslandOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parseControls(parser, result))
    return failure();
  YieldOp yield = parseBodyWithTerminator<YieldOp>(parser, result);
  if (!yield)
    return failure();
  result.addTypes(yield.getOperandTypes());
  result.addTypes(ControlType::get(parser.getContext()));
  return success();
}

void IslandOp::print(OpAsmPrinter &printer) {
  printControls(printer, getControls());
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  printer.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult IslandOp::verify() {
  Block &block = getBody().front();
  if (block.empty() || !isa<YieldOp>(block.back()))
    return emitOpError("expects a body ending in 'executor.yield'");
  TypeRange yielded = getYield().getOperandTypes();
  if (yielded != getOutputs().getTypes())
    return emitOpError("yields (") << yielded << ") but declares outputs ("
                                   << getOutputs().getTypes() << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// Predicates: `tensor<i1>` is implied, any other type is written after
// `separator`.
//===----------------------------------------------------------------------===//

static Type getScalarPredicateType(MLIRContext *context) {
  return RankedTensorType::get({}, IntegerType::get(context, 1));
}

/// `T` or `T, P` for a switch's data type T and predicate type P.
static ParseResult parseSwitchTypes(OpAsmParser &parser, Type &dataType,
                                    Type &predicateType) {
  predicateType = getScalarPredicateType(parser.getContext());
  if (parser.parseType(dataType))
    return failure();
  if (succeeded(parser.parseOptionalComma()))
    return parser.parseType(predicateType);
  return success();
}

static void printSwitchTypes(OpAsmPrinter &printer, Operation *, Type dataType,
                             Type predicateType) {
  printer << dataType;
  if (predicateType != getScalarPredicateType(predicateType.getContext()))
    printer << ", " << predicateType;
}

/// `%p` or `%p : P` for a loop_cond's predicate.
static ParseResult
parsePredicateOperand(OpAsmParser &parser,
                      OpAsmParser::UnresolvedOperand &operand, Type &type) {
  type = getScalarPredicateType(parser.getContext());
  if (parser.parseOperand(operand))
    return failure();
  if (succeeded(parser.parseOptionalColon()))
    return parser.parseType(type);
  return success();
}

static void printPredicateOperand(OpAsmPrinter &printer, Operation *,
                                  Value operand, Type type) {
  printer << operand;
  if (type != getScalarPredicateType(type.getContext()))
    printer << " : " << type;
}

//===----------------------------------------------------------------------===//
// SwitchNOp
//===----------------------------------------------------------------------===//

// executor.switch_n (%ctl, ...)? %data, %index outputs N attr-dict : T
ParseResult SwitchNOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> controls;
  OpAsmParser::UnresolvedOperand data, index;
  int64_t count;
  Type type;
  SMLoc loc = parser.getCurrentLocation();
  if ((succeeded(parser.parseOptionalLParen()) &&
       (parser.parseOperandList(controls) || parser.parseRParen())) ||
      parser.parseOperand(data) || parser.parseComma() ||
      parser.parseOperand(index) || parser.parseKeyword("outputs") ||
      parser.parseInteger(count) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();
  if (count < 1)
    return parser.emitError(loc, "expects at least one output, got ") << count;
  MLIRContext *context = parser.getContext();
  if (parser.resolveOperand(data, type, result.operands) ||
      parser.resolveOperand(
          index, RankedTensorType::get({}, IntegerType::get(context, 32)),
          result.operands) ||
      parser.resolveOperands(controls, ControlType::get(context),
                             result.operands))
    return failure();
  result.addTypes(SmallVector<Type>(count, type));
  result.addTypes(ControlType::get(context));
  return success();
}

void SwitchNOp::print(OpAsmPrinter &printer) {
  printControls(printer, getControls());
  printer << ' ' << getData() << ", " << getIndex() << " outputs "
          << getOutputs().size();
  printer.printOptionalAttrDict((*this)->getAttrs());
  printer << " : " << getData().getType();
}

LogicalResult SwitchNOp::verify() {
  if (getOutputs().empty())
    return emitOpError("expects at least one output");
  for (auto [index, output] : llvm::enumerate(getOutputs()))
    if (output.getType() != getData().getType())
      return emitOpError("output #")
             << index << " has type " << output.getType()
             << " but the data has type " << getData().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// MergeOp
//===----------------------------------------------------------------------===//

/// `T` when every data input and the output have type T, otherwise
/// `(T1, ..., Tn) -> T`.
static ParseResult
parseMergeTypes(OpAsmParser &parser,
                ArrayRef<OpAsmParser::UnresolvedOperand> data,
                SmallVectorImpl<Type> &dataTypes, Type &outputType) {
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseTypeList(dataTypes) || parser.parseRParen() ||
        parser.parseArrow() || parser.parseType(outputType))
      return failure();
    return success();
  }
  if (parser.parseType(outputType))
    return failure();
  dataTypes.assign(data.size(), outputType);
  return success();
}

static void printMergeTypes(OpAsmPrinter &printer, MergeOp op, OperandRange,
                            TypeRange dataTypes, Type outputType) {
  if (llvm::all_of(dataTypes, [&](Type t) { return t == outputType; })) {
    printer << outputType;
    return;
  }
  printer << '(' << dataTypes << ") -> " << outputType;
}

LogicalResult MergeOp::verify() {
  if (getData().empty())
    return emitOpError("expects at least one data input");
  Type outputType = getOutput().getType();
  for (auto [index, input] : llvm::enumerate(getData())) {
    Type inputType = input.getType();
    if (getElementTypeOrSelf(inputType) != getElementTypeOrSelf(outputType))
      return emitOpError("data input #")
             << index << " has type " << inputType
             << ", whose element type differs from the output type "
             << outputType;
    if (failed(verifyCompatibleShape(inputType, outputType)))
      return emitOpError("data input #")
             << index << " has type " << inputType
             << ", whose shape is not compatible with the output type "
             << outputType;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// EnterOp
//===----------------------------------------------------------------------===//

LogicalResult EnterOp::verify() {
  if (getFrameName().empty())
    return emitOpError("expects a non-empty frame name");
  // The generated getter returns the i64 zero-extended (uint64_t): read it
  // signed so that a negative count is rejected, not taken as huge.
  IntegerAttr parallelIterations = getParallelIterationsAttr();
  if (parallelIterations && parallelIterations.getInt() < 1)
    return emitOpError("expects parallel_iterations >= 1, got ")
           << parallelIterations.getInt();
  return success();
}

//===----------------------------------------------------------------------===//
// SendOp, RecvOp
//===----------------------------------------------------------------------===//

/// The checks both ends of a cut edge share: a key and a rank.
static LogicalResult verifyRendezvous(Operation *op, StringRef key,
                                      IntegerAttr peer) {
  if (key.empty())
    return op->emitOpError("expects a non-empty key");
  if (peer.getInt() < 0)
    return op->emitOpError("expects a rank >= 0, got ") << peer.getInt();
  return success();
}

LogicalResult SendOp::verify() {
  return verifyRendezvous(*this, getKey(), getPeerAttr());
}

LogicalResult RecvOp::verify() {
  return verifyRendezvous(*this, getKey(), getPeerAttr());
}

#define GET_OP_CLASSES
#include "sluice/Dialect/Executor/IR/ExecutorOps.cpp.inc"
