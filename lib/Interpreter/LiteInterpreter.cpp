//===- LiteInterpreter.cpp - op-by-op evaluation of lite programs ---------===//
//
// Runs functions of lite ops in program order. lite.if runs the region its
// predicate selects; lite.while alternates its cond and body regions, binding
// the loop-carried values to both regions' arguments, until cond yields
// false or --max-iterations is exceeded.
//
//===----------------------------------------------------------------------===//

#include "Evaluator.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/RandomRules.h"
#include "sluice/Kernels/Kernels.h"

#include "mlir/IR/SymbolTable.h"

#include "llvm/Support/FormatVariadic.h"

#include <chrono>
#include <cstring>

using namespace mlir;
using namespace sluice;
using namespace sluice::interp;
using namespace sluice::interp::detail;

/// How deep func.call may nest before the interpreter calls it runaway
/// recursion.
static constexpr int kMaxCallDepth = 256;

/// Binds `values` to the arguments of `block`.
static void bindArguments(Block &block, ArrayRef<Tensor> values,
                          Environment &env) {
  for (auto [argument, value] : llvm::zip(block.getArguments(), values))
    env[argument] = value;
}

FailureOr<SmallVector<Tensor>> Evaluator::runBlock(Block &block,
                                                   Environment &env) {
  const MemoryLimitScope *memoryLimit = MemoryLimitScope::current();
  for (Operation &op : block.without_terminator()) {
    if (failed(runOp(op, env)))
      return failure();
    if (memoryLimit && memoryLimit->getUsedBytes() > memoryLimit->getMaxBytes())
      return op.emitError("the run holds ")
             << memoryLimit->getUsedBytes()
             << " bytes of tensors after this op, more than its memory limit "
                "of "
             << memoryLimit->getMaxBytes()
             << " (raise --max-memory if it should)";
  }
  SmallVector<Tensor> results;
  Operation *terminator = block.getTerminator();
  for (Value operand : terminator->getOperands())
    results.push_back(env.lookup(operand));
  return results;
}

FailureOr<SmallVector<Tensor>>
Evaluator::runFunction(func::FuncOp function, ArrayRef<Tensor> arguments) {
  if (function.isExternal())
    return function.emitError("cannot run external function '")
           << function.getSymName() << "'";
  if (arguments.size() != function.getNumArguments())
    return function.emitError("expects ")
           << function.getNumArguments() << " argument(s), got "
           << arguments.size();
  Environment env;
  bindArguments(function.getBody().front(), arguments, env);
  return runBlock(function.getBody().front(), env);
}

/// The boolean value of a lite.if predicate or a while condition.
static bool isTrue(const Tensor &predicate) {
  return predicate.getNumElements() > 0 && predicate.getAsInt(0) != 0;
}

LogicalResult Evaluator::runOp(Operation &op, Environment &env) {
  auto setResults = [&](ArrayRef<Tensor> values) {
    for (auto [result, value] : llvm::zip(op.getResults(), values))
      env[result] = value;
  };

  if (auto ifOp = dyn_cast<lite::IfOp>(op)) {
    Region &region = isTrue(env.lookup(ifOp.getCond())) ? ifOp.getThenRegion()
                                                        : ifOp.getElseRegion();
    FailureOr<SmallVector<Tensor>> results = runBlock(region.front(), env);
    if (failed(results))
      return failure();
    setResults(*results);
    return success();
  }

  if (auto whileOp = dyn_cast<lite::WhileOp>(op)) {
    SmallVector<Tensor> carried;
    for (Value init : whileOp.getInits())
      carried.push_back(env.lookup(init));
    Block &cond = whileOp.getCond().front();
    Block &body = whileOp.getBody().front();
    for (int64_t iteration = 0;; ++iteration) {
      bindArguments(cond, carried, env);
      FailureOr<SmallVector<Tensor>> keepGoing = runBlock(cond, env);
      if (failed(keepGoing))
        return failure();
      if (!isTrue(keepGoing->front()))
        break;
      if (iteration >= options.maxIterations)
        return whileOp.emitError("loop did not finish within ")
               << options.maxIterations
               << " iterations (raise --max-iterations if it should)";
      bindArguments(body, carried, env);
      FailureOr<SmallVector<Tensor>> next = runBlock(body, env);
      if (failed(next))
        return failure();
      carried = std::move(*next);
    }
    setResults(carried);
    return success();
  }

  if (auto call = dyn_cast<func::CallOp>(op)) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    if (!callee)
      return call.emitError("unknown function '") << call.getCallee() << "'";
    if (callDepth >= kMaxCallDepth)
      return call.emitError("calls nest deeper than ")
             << kMaxCallDepth << ": runaway recursion";
    SmallVector<Tensor> arguments;
    for (Value operand : call.getOperands())
      arguments.push_back(env.lookup(operand));
    ++callDepth;
    FailureOr<SmallVector<Tensor>> results = runFunction(callee, arguments);
    --callDepth;
    if (failed(results))
      return failure();
    setResults(*results);
    return success();
  }

  if (auto graph = dyn_cast<executor::GraphOp>(op)) {
    FailureOr<SmallVector<Tensor>> results =
        runExecutorGraph(graph, env, *this);
    if (failed(results))
      return failure();
    setResults(*results);
    return success();
  }

  if (auto send = dyn_cast<lite::SendOp>(op))
    return runSend(send, env);
  if (auto recv = dyn_cast<lite::RecvOp>(op))
    return runRecv(recv, env);
  if (std::optional<LogicalResult> handled = runStateOp(op, env))
    return *handled;

  if (!isa<lite::LiteDialect>(op.getDialect()))
    return op.emitError("the interpreter cannot run '") << op.getName() << "'";

  SmallVector<Tensor> operands;
  for (Value operand : op.getOperands())
    operands.push_back(env.lookup(operand));
  SmallVector<Tensor> results;
  ++stats.kernelExecutions;
  if (failed(evaluateLiteOp(&op, operands, results)))
    return failure();
  setResults(results);
  return success();
}

/// The transport of a distributed run, or null after an error naming `op`.
static Transport *getTransport(Operation *op, const InterpreterOptions &options,
                               StringRef verb, int64_t peer) {
  if (!options.transport)
    op->emitError() << verb << " rank " << peer
                    << ", but the run is not distributed (a partitioned "
                       "program runs with sluice-run --ranks=K or "
                       "--distributed under mpirun)";
  return options.transport;
}

LogicalResult Evaluator::runSend(lite::SendOp send, Environment &env) {
  Transport *transport =
      getTransport(send, options, "sends to", send.getPeer());
  if (!transport)
    return failure();
  std::string key =
      (send.getKey() + "#" + Twine(sendCounts[send.getKey()]++)).str();
  std::string error;
  if (failed(transport->send(send.getPeer(), key, env.lookup(send.getValue()),
                             /*dead=*/false, error)))
    return send.emitError("cannot send '")
           << key << "' to rank " << send.getPeer() << ": " << error;
  return success();
}

LogicalResult Evaluator::runRecv(lite::RecvOp recv, Environment &env) {
  Transport *transport =
      getTransport(recv, options, "receives from", recv.getPeer());
  if (!transport)
    return failure();
  std::pair<int64_t, std::string> address{
      recv.getPeer(),
      (recv.getKey() + "#" + Twine(recvCounts[recv.getKey()]++)).str()};
  auto fail = [&](const Twine &why) {
    return recv.emitError("rank ")
           << transport->getRank() << " waited for '" << address.second
           << "' from rank " << address.first << ": " << why;
  };
  auto waitingSince = std::chrono::steady_clock::now();
  while (true) {
    if (auto found = arrived.find(address); found != arrived.end()) {
      Tensor value = std::move(found->second.value);
      arrived.erase(found);
      auto type = cast<TensorType>(recv.getValue().getType());
      if (std::optional<DType> dtype = getDType(type.getElementType());
          !dtype || *dtype != value.getDType() ||
          (type.hasRank() && !fitsShape(value.getShape(), type.getShape())))
        return fail("got a " + getDTypeName(value.getDType()) +
                    " tensor of shape " + shapeString(value.getShape()) +
                    ", not a " + llvm::formatv("{0}", type).str());
      env[recv.getValue()] = std::move(value);
      return success();
    }
    std::string error;
    FailureOr<std::optional<TransportMessage>> message =
        transport->tryReceive(error);
    if (failed(message))
      return fail(error);
    if (*message) {
      std::pair<int64_t, std::string> from{(*message)->source, (*message)->key};
      arrived.emplace(std::move(from), std::move(**message));
      waitingSince = std::chrono::steady_clock::now();
      continue;
    }
    double waited = std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - waitingSince)
                        .count();
    if (waited > options.receiveTimeoutSeconds)
      return fail(llvm::formatv("no message for {0} s: rank {1} failed or is "
                                "stuck (raise --receive-timeout for long runs)",
                                options.receiveTimeoutSeconds, address.first)
                      .str());
    transport->waitForEvent(0.05);
  }
}

std::optional<LogicalResult> Evaluator::runStateOp(Operation &op,
                                                   Environment &env) {
  if (auto read = dyn_cast<lite::ReadVariableOp>(op)) {
    auto it = state.variables.find(read.getVariable());
    if (it == state.variables.end())
      return read.emitError("variable '")
             << read.getVariable()
             << "' is read before it was assigned (an uninitialized "
                "variable: run its initializer first)";
    env[read.getValue()] = it->second;
    return success();
  }
  if (auto assign = dyn_cast<lite::AssignVariableOp>(op)) {
    auto variable = SymbolTable::lookupNearestSymbolFrom<lite::VariableOp>(
        assign, assign.getVariableAttr());
    const Tensor &value = env.lookup(assign.getValue());
    auto type = cast<TensorType>(variable.getType());
    // TensorFlow's validate_shape: a variable of static shape keeps it.
    if (type.hasStaticShape() && value.getShape() != type.getShape())
      return assign.emitError("assigns a value of shape ")
             << shapeString(value.getShape()) << " to variable '"
             << assign.getVariable() << "' of shape "
             << shapeString(type.getShape());
    state.variables[assign.getVariable()] = value;
    return success();
  }
  if (auto assertion = dyn_cast<lite::AssertOp>(op)) {
    const Tensor &condition = env.lookup(assertion.getCondition());
    if (condition.getNumElements() != 1)
      return assertion.emitError("asserts a condition of shape ")
             << shapeString(condition.getShape()) << ", not one boolean";
    if (!condition.data<bool>()[0])
      return assertion.emitError("assertion failed: ")
             << assertion.getMessage();
    return success();
  }
  // A stack is a variable holding its elements along dimension 0.
  if (auto reset = dyn_cast<lite::StackResetOp>(op)) {
    state.variables.erase(reset.getStack());
    state.emptyStacks.insert(reset.getStack());
    return success();
  }
  if (auto push = dyn_cast<lite::StackPushOp>(op)) {
    StringRef name = push.getStack();
    const Tensor &element = env.lookup(push.getElement());
    auto it = state.variables.find(name);
    if (it == state.variables.end()) {
      if (!state.emptyStacks.contains(name))
        return push.emitError("pushes onto stack '")
               << name << "', which was never created";
      SmallVector<int64_t> shape{1};
      llvm::append_range(shape, element.getShape());
      state.variables[name] = element.reshaped(shape);
      state.emptyStacks.erase(name);
      return success();
    }
    const Tensor &stack = it->second;
    if (stack.getShape().drop_front() != element.getShape())
      return push.emitError("pushes an element of shape ")
             << shapeString(element.getShape()) << " onto stack '" << name
             << "' of elements of shape "
             << shapeString(stack.getShape().drop_front());
    SmallVector<int64_t> shape(stack.getShape());
    ++shape[0];
    Tensor grown(stack.getDType(), shape);
    size_t bytes = stack.getNumElements() * getDTypeSize(stack.getDType());
    std::memcpy(grown.mutableData<char>(), stack.data<char>(), bytes);
    std::memcpy(grown.mutableData<char>() + bytes, element.data<char>(),
                element.getNumElements() * getDTypeSize(element.getDType()));
    it->second = grown;
    return success();
  }
  if (auto pop = dyn_cast<lite::StackPopOp>(op)) {
    StringRef name = pop.getStack();
    auto it = state.variables.find(name);
    if (it == state.variables.end())
      return pop.emitError("pops from stack '")
             << name
             << (state.emptyStacks.contains(name)
                     ? "', which is empty"
                     : "', which was never created");
    Tensor stack = it->second;
    ArrayRef<int64_t> elementShape = stack.getShape().drop_front();
    int64_t size = stack.getShape().front();
    size_t elementBytes =
        stack.getNumElements() / size * getDTypeSize(stack.getDType());
    Tensor element(stack.getDType(), elementShape);
    std::memcpy(element.mutableData<char>(),
                stack.data<char>() + (size - 1) * elementBytes, elementBytes);
    if (size == 1) {
      state.variables.erase(it);
      state.emptyStacks.insert(name);
    } else {
      SmallVector<int64_t> shape(stack.getShape());
      --shape[0];
      Tensor shrunk(stack.getDType(), shape);
      std::memcpy(shrunk.mutableData<char>(), stack.data<char>(),
                  (size - 1) * elementBytes);
      it->second = shrunk;
    }
    env[pop.getElement()] = element;
    return success();
  }
  if (auto random = dyn_cast<lite::RandomUniformOp>(op)) {
    uint64_t &offset = state.randomBlockOffsets[random];
    SmallVector<Tensor> results;
    if (failed(evaluateRandomUniform(random, env.lookup(random.getShape()),
                                     offset, results)))
      return failure();
    offset += lite::random::kBlocksReservedPerNumber *
              results.front().getNumElements();
    env[random.getOutput()] = results.front();
    return success();
  }
  if (auto once = dyn_cast<lite::CallOnceOp>(op)) {
    if (!state.initializersRun.insert(once.getInit()).second)
      return success();
    auto init = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        once, once.getInitAttr());
    if (!init)
      return once.emitError("unknown function '") << once.getInit() << "'";
    if (failed(runFunction(init, {})))
      return failure();
    return success();
  }
  return std::nullopt;
}

FailureOr<SmallVector<Tensor>>
sluice::interp::runFunction(func::FuncOp function, ArrayRef<Tensor> arguments,
                            const InterpreterOptions &options,
                            InterpreterStats *stats, ProgramState *state) {
  InterpreterStats local;
  ProgramState fresh;
  MemoryLimitScope memoryLimit(options.maxMemoryBytes);
  Evaluator evaluator(options, stats ? *stats : local, state ? *state : fresh);
  return evaluator.runFunction(function, arguments);
}
