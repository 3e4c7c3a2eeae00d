//===- FunctionImport.cpp - Library functions and functional ops ----------===//
//
// A FunctionDef's body is rewritten into graph syntax and imported by the
// same GraphImporter as the main graph:
//
//  - each input_arg becomes an _Arg node of its name (type from `type`, or
//    from `type_attr` through the function's attr; shape from `_output_shapes`
//    in arg_attr), each output_arg a _Retval on the tensor `ret` maps it to;
//  - a node input `node:output_arg:index` becomes `node:port`, the port being
//    the output arg's first port (Switch: output_false 0, output_true 1;
//    Merge: output 0, value_index 1; TensorArrayV3, TensorArrayGradV3 and
//    TensorListPopBack: their second output arg 1; a library function: its
//    output_arg order; a compute op with several output args (TopKV2): its
//    table row's order; any other op: 0) plus the index. `arg` and `^node`
//    stay.
//
// Bodies are imported for the argument types of each use (inlined into the
// regions of lite.if/lite.while, or as a private func.func per signature for
// calls), so types stay as precise as the caller's.
//
//===----------------------------------------------------------------------===//

#include "FunctionImport.h"

#include "GraphImporter.h"
#include "OpTable.h"
#include "TensorImport.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <functional>

using namespace mlir;
using namespace sluice;
using namespace sluice::graphdef;

namespace {

/// What function bodies are imported with: no feeds or fetches.
const GraphDefImportOptions kFunctionOptions;

/// The first port of output arg `outputArg` of a node of op `op`.
int outputBase(StringRef op, StringRef outputArg,
               const tf::FunctionDef *callee) {
  if (callee) {
    for (auto [i, arg] : llvm::enumerate(callee->signature().output_arg()))
      if (arg.name() == outputArg)
        return i;
    return 0;
  }
  if (op == "Switch" || op == "RefSwitch")
    return outputArg == "output_true" ? 1 : 0;
  if (op == "Merge" || op == "RefMerge")
    return outputArg == "value_index" ? 1 : 0;
  if (isTensorArrayOp(op))
    return tensorArrayOutputBase(op, outputArg);
  return computeOutputArgBase(op, outputArg);
}

/// The function named by attribute `name` of `node`, or empty.
std::string functionAttr(const tf::NodeDef &node, StringRef name) {
  auto it = node.attr().find(name.str());
  if (it == node.attr().end() ||
      it->second.value_case() != tf::AttrValue::kFunc)
    return "";
  return it->second.func().name();
}

/// A symbol name for library function `name`.
std::string sanitize(StringRef name) {
  std::string result;
  for (char c : name)
    result.push_back(llvm::isAlnum(c) || c == '_' || c == '.' ? c : '_');
  if (result.empty())
    result = "function";
  return result;
}

RankedTensorType scalarBool(MLIRContext *context) {
  return RankedTensorType::get({}, IntegerType::get(context, 1));
}

} // namespace

OpBuilder sluice::graphdef::atEnd(Block *block, MLIRContext *context) {
  OpBuilder builder(context);
  builder.setInsertionPointToEnd(block);
  return builder;
}

void sluice::graphdef::discardBlock(Block *block) {
  for (Operation &op : *block)
    op.dropAllReferences();
  block->dropAllDefinedValueUses();
  delete block;
}

FunctionLibrary::FunctionLibrary(const tf::FunctionDefLibrary &library,
                                 ModuleOp module, StringRef filename,
                                 unsigned maxNesting)
    : module(module), context(module.getContext()), filename(filename.str()),
      maxNesting(maxNesting) {
  for (const tf::FunctionDef &function : library.function())
    functions.try_emplace(function.signature().name(), &function);
}

FunctionLibrary::~FunctionLibrary() = default;

bool FunctionLibrary::isFunctionalOp(StringRef op) {
  return llvm::StringSwitch<bool>(op)
      .Cases({"If", "StatelessIf", "While", "StatelessWhile", "Case",
              "StatelessCase", "PartitionedCall", "StatefulPartitionedCall"},
             true)
      .Default(false);
}

FailureOr<unsigned> FunctionLibrary::numOutputs(const tf::NodeDef &node,
                                                std::string &why) const {
  StringRef op = node.op();
  if (auto it = functions.find(op); it != functions.end())
    return it->second->signature().output_arg_size();
  StringRef attr = op.ends_with("While") ? "T" : "Tout";
  auto it = node.attr().find(attr.str());
  if (it == node.attr().end() ||
      it->second.value_case() != tf::AttrValue::kList) {
    why = "has no type list attribute '" + attr.str() + "'";
    return failure();
  }
  return it->second.list().type_size();
}

LogicalResult FunctionLibrary::checkRecursion(StringRef name, NodeError error) {
  if (stack.size() >= maxNesting)
    return error() << "calls the library function '" << name << "' inside "
                   << stack.size() << " nested function bodies (the outermost '"
                   << stack.front() << "'), more than " << maxNesting
                   << " (raise --max-nesting if they should)";
  auto it = llvm::find(stack, name);
  if (it == stack.end())
    return success();
  std::string chain;
  for (; it != stack.end(); ++it)
    chain += *it + " -> ";
  chain += name.str();
  return error() << "calls the library function '" << name << "' recursively ("
                 << chain << "): recursion is not supported";
}

const tf::GraphDef *FunctionLibrary::bodyOf(StringRef name, NodeError error) {
  if (auto it = bodies.find(name); it != bodies.end())
    return it->second.get();
  auto found = functions.find(name);
  if (found == functions.end()) {
    error() << "names the function '" << name
            << "', which the graph's library does not define";
    return nullptr;
  }
  const tf::FunctionDef &function = *found->second;
  const tf::OpDef &signature = function.signature();
  auto body = std::make_unique<tf::GraphDef>();

  for (auto [i, arg] : llvm::enumerate(signature.input_arg())) {
    tf::NodeDef *node = body->add_node();
    node->set_name(arg.name());
    node->set_op("_Arg");
    tf::DataType dtype = arg.type();
    if (dtype == tf::DT_INVALID && !arg.type_attr().empty()) {
      auto attr = function.attr().find(arg.type_attr());
      if (attr != function.attr().end())
        dtype = attr->second.type();
    }
    (*node->mutable_attr())["T"].set_type(dtype);
    (*node->mutable_attr())["index"].set_i(i);
    auto argAttr = function.arg_attr().find(i);
    if (argAttr != function.arg_attr().end()) {
      auto shapes = argAttr->second.attr().find("_output_shapes");
      if (shapes != argAttr->second.attr().end())
        (*node->mutable_attr())["_output_shapes"] = shapes->second;
    }
  }

  llvm::StringMap<const tf::NodeDef *> byName;
  for (const tf::NodeDef &node : function.node_def())
    byName[node.name()] = &node;
  auto rewrite = [&](const std::string &input) -> std::string {
    StringRef name(input);
    if (name.starts_with("^"))
      return input;
    SmallVector<StringRef, 3> parts;
    name.split(parts, ':');
    int index;
    if (parts.size() != 3 || parts[2].getAsInteger(10, index))
      return input; // An argument, or malformed: the parser reports it.
    const tf::NodeDef *producer = byName.lookup(parts[0]);
    StringRef op = producer ? StringRef(producer->op()) : StringRef();
    auto callee = functions.find(op);
    int base = outputBase(op, parts[1],
                          callee == functions.end() ? nullptr : callee->second);
    return (parts[0] + ":" + Twine(base + index)).str();
  };
  for (const tf::NodeDef &original : function.node_def()) {
    tf::NodeDef *node = body->add_node();
    *node = original;
    for (std::string &input : *node->mutable_input())
      input = rewrite(input);
  }

  for (auto [i, arg] : llvm::enumerate(signature.output_arg())) {
    auto ret = function.ret().find(arg.name());
    if (ret == function.ret().end()) {
      error() << "calls the library function '" << name << "', whose output '"
              << arg.name() << "' has no ret";
      return nullptr;
    }
    tf::NodeDef *node = body->add_node();
    node->set_name("_retval_" + arg.name());
    node->set_op("_Retval");
    node->add_input(rewrite(ret->second));
    (*node->mutable_attr())["index"].set_i(i);
    (*node->mutable_attr())["T"].set_type(arg.type());
  }
  normalizeAssertions(*body);
  return (bodies[name] = std::move(body)).get();
}

LogicalResult FunctionLibrary::checkArguments(StringRef name,
                                              TypeRange argTypes,
                                              NodeError error) {
  const tf::FunctionDef &function = *functions.lookup(name);
  int expected = function.signature().input_arg_size();
  if (static_cast<int>(argTypes.size()) != expected)
    return error() << "passes " << argTypes.size()
                   << " input(s) to the library function '" << name
                   << "', which takes " << expected;
  for (auto [arg, type] :
       llvm::zip(function.signature().input_arg(), argTypes)) {
    Type declared = convertDataType(arg.type(), context);
    if (declared && cast<TensorType>(type).getElementType() != declared)
      return error() << "passes a value of type " << type << " to input '"
                     << arg.name() << "' (" << dataTypeName(arg.type())
                     << ") of the library function '" << name << "'";
  }
  return success();
}

FailureOr<SmallVector<Value>>
FunctionLibrary::inlineFunction(StringRef name, OpBuilder &builder,
                                Location loc, ValueRange args, NodeError error,
                                ArrayRef<std::string> argVariables) {
  if (failed(checkRecursion(name, error)))
    return failure();
  const tf::GraphDef *body = bodyOf(name, error);
  if (!body)
    return failure();
  if (failed(checkArguments(name, args.getTypes(), error)))
    return failure();
  SmallVector<Type> argTypes(args.getTypes());
  stack.push_back(name.str());
  GraphImporter importer(*body, context, kFunctionOptions, filename, {}, *this,
                         name);
  importer.bindArgumentVariables(argVariables);
  FailureOr<SmallVector<Value>> results = failure();
  if (succeeded(importer.analyze(argTypes)))
    results = importer.emit(builder, loc, args);
  stack.pop_back();
  return results;
}

FailureOr<Block *>
FunctionLibrary::inlineIntoBlock(StringRef name, Location loc, ValueRange args,
                                 ArrayRef<Type> blockArgTypes, NodeError error,
                                 ArrayRef<std::string> argVariables) {
  Block *block = new Block();
  SmallVector<Value> callArgs(args);
  if (!blockArgTypes.empty()) {
    callArgs.clear();
    for (Type type : blockArgTypes)
      callArgs.push_back(block->addArgument(type, loc));
  }
  OpBuilder builder = atEnd(block, context);
  FailureOr<SmallVector<Value>> results =
      inlineFunction(name, builder, loc, callArgs, error, argVariables);
  if (failed(results)) {
    discardBlock(block);
    return failure();
  }
  lite::YieldOp::create(builder, loc, *results);
  return block;
}

FailureOr<func::FuncOp>
FunctionLibrary::getOrImport(StringRef name, TypeRange argTypes, Location loc,
                             NodeError error,
                             ArrayRef<std::string> argVariables) {
  // A function whose resource arguments name variables is imported for
  // those variables: it is not shared.
  bool bound = llvm::any_of(argVariables,
                            [](const std::string &v) { return !v.empty(); });
  if (!bound)
    for (func::FuncOp function : imported[name])
      if (TypeRange(function.getArgumentTypes()) == argTypes)
        return function;
  if (failed(checkRecursion(name, error)))
    return failure();
  const tf::GraphDef *body = bodyOf(name, error);
  if (!body)
    return failure();
  if (failed(checkArguments(name, argTypes, error)))
    return failure();

  stack.push_back(name.str());
  llvm::scope_exit pop([&] { stack.pop_back(); });
  GraphImporter importer(*body, context, kFunctionOptions, filename, {}, *this,
                         name);
  importer.bindArgumentVariables(argVariables);
  if (failed(importer.analyze(SmallVector<Type>(argTypes))))
    return failure();
  // One symbol per (function, signature); "main" is the graph's.
  std::string base = sanitize(name), symbol = base;
  for (int n = 1;
       symbol == "main" ||
       SymbolTable::lookupSymbolIn(module, StringAttr::get(context, symbol));
       ++n)
    symbol = base + "_" + std::to_string(n);
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  Location funcLoc = NameLoc::get(StringAttr::get(context, name),
                                  FileLineColLoc::get(context, filename, 0, 0));
  auto function = func::FuncOp::create(
      builder, funcLoc, symbol,
      builder.getFunctionType(argTypes, importer.resultTypes()));
  function.setPrivate();
  Block *entry = function.addEntryBlock();
  OpBuilder inner = OpBuilder::atBlockEnd(entry);
  FailureOr<SmallVector<Value>> results =
      importer.emit(inner, funcLoc, entry->getArguments());
  if (failed(results)) {
    for (Block &block : function.getBody())
      for (Operation &op : block)
        op.dropAllReferences();
    function.getBody().dropAllReferences();
    function->erase();
    return failure();
  }
  func::ReturnOp::create(inner, funcLoc, *results);
  if (!bound)
    imported[name].push_back(function);
  return function;
}

FailureOr<Value> FunctionLibrary::toPredicate(Value value, OpBuilder &builder,
                                              Location loc, StringRef what,
                                              NodeError error) {
  auto type = cast<TensorType>(value.getType());
  Type element = type.getElementType();
  bool isBool = element.isInteger(1);
  if (!isBool && !isa<IntegerType, FloatType>(element))
    return error() << "its " << what << " has type " << type
                   << ", which cannot be read as a boolean";
  RankedTensorType predicate = scalarBool(context);
  if (auto ranked = dyn_cast<RankedTensorType>(type);
      ranked && ranked.getRank() > 0) {
    // TensorFlow reads a non-scalar as "non-empty", whatever its values.
    if (!ranked.hasStaticShape())
      return error() << "its " << what << " has type " << type
                     << ": TensorFlow reads a non-scalar as true when it is "
                        "non-empty, which a dynamic shape does not tell";
    return lite::ConstantOp::create(
               builder, loc, predicate,
               DenseElementsAttr::get(predicate, ranked.getNumElements() > 0))
        .getResult();
  }
  if (!isBool) {
    // A number is true when nonzero.
    auto scalar = RankedTensorType::get({}, element);
    Value zero = lite::ConstantOp::create(
        builder, loc, scalar, cast<ElementsAttr>(builder.getZeroAttr(scalar)));
    Type result =
        isa<RankedTensorType>(type)
            ? Type(predicate)
            : Type(UnrankedTensorType::get(predicate.getElementType()));
    value = lite::NotEqualOp::create(builder, loc, result, value, zero);
  }
  if (isa<UnrankedTensorType>(value.getType())) {
    // Assumed to hold one element at run time (a reshape fails otherwise).
    auto shapeType = RankedTensorType::get({0}, builder.getI32Type());
    Value shape = lite::ConstantOp::create(
        builder, loc, shapeType,
        DenseElementsAttr::get(shapeType, ArrayRef<int32_t>{}));
    value = lite::ReshapeOp::create(builder, loc, predicate, value, shape);
  }
  return value;
}

FailureOr<SmallVector<Value>>
FunctionLibrary::makeIf(OpBuilder &builder, Location loc, Value cond,
                        Block *thenBlock, Block *elseBlock, NodeError error) {
  TypeRange thenTypes = thenBlock->getTerminator()->getOperandTypes();
  TypeRange elseTypes = elseBlock->getTerminator()->getOperandTypes();
  auto fail = [&]() {
    discardBlock(thenBlock);
    discardBlock(elseBlock);
    return failure();
  };
  if (thenTypes.size() != elseTypes.size()) {
    error() << "has branches returning " << thenTypes.size() << " and "
            << elseTypes.size() << " value(s)";
    return fail();
  }
  SmallVector<Type> resultTypes;
  for (auto [i, types] : llvm::enumerate(llvm::zip(thenTypes, elseTypes))) {
    auto [a, b] = types;
    if (cast<TensorType>(a).getElementType() !=
        cast<TensorType>(b).getElementType()) {
      error() << "has branches whose result #" << i << " differ in type: " << a
              << " and " << b;
      return fail();
    }
    resultTypes.push_back(joinTypes(a, b));
  }
  auto ifOp = lite::IfOp::create(builder, loc, resultTypes, cond);
  ifOp.getThenRegion().push_back(thenBlock);
  ifOp.getElseRegion().push_back(elseBlock);
  return SmallVector<Value>(ifOp.getResults());
}

FailureOr<SmallVector<Value>>
FunctionLibrary::buildIf(const tf::NodeDef &node, OpBuilder &builder,
                         Location loc, ValueRange inputs, NodeError error,
                         ArrayRef<std::string> inputVariables) {
  ArrayRef<std::string> argVariables =
      inputVariables.empty() ? inputVariables : inputVariables.drop_front();
  std::string thenName = functionAttr(node, "then_branch");
  std::string elseName = functionAttr(node, "else_branch");
  if (thenName.empty() || elseName.empty())
    return error() << "has no then_branch or else_branch function";
  if (inputs.empty())
    return error() << "has no condition input";
  FailureOr<Value> cond =
      toPredicate(inputs[0], builder, loc, "condition", error);
  if (failed(cond))
    return failure();
  FailureOr<Block *> thenBlock = inlineIntoBlock(
      thenName, loc, inputs.drop_front(), {}, error, argVariables);
  if (failed(thenBlock))
    return failure();
  FailureOr<Block *> elseBlock = inlineIntoBlock(
      elseName, loc, inputs.drop_front(), {}, error, argVariables);
  if (failed(elseBlock)) {
    discardBlock(*thenBlock);
    return failure();
  }
  return makeIf(builder, loc, *cond, *thenBlock, *elseBlock, error);
}

FailureOr<SmallVector<Value>>
FunctionLibrary::buildWhile(const tf::NodeDef &node, OpBuilder &builder,
                            Location loc, ValueRange inputs, NodeError error,
                            ArrayRef<std::string> inputVariables) {
  std::string condName = functionAttr(node, "cond");
  std::string bodyName = functionAttr(node, "body");
  if (condName.empty() || bodyName.empty())
    return error() << "has no cond or body function";

  // The loop-carried types: the inputs' joined with what the body returns
  // for them, to a fixpoint (joins only generalize, so this ends).
  SmallVector<Type> carried(inputs.getTypes());
  Block *body = nullptr;
  for (int round = 0; !body; ++round) {
    if (round == 8)
      for (Type &type : carried)
        type = UnrankedTensorType::get(cast<TensorType>(type).getElementType());
    // A loop without variables takes no block arguments either way.
    FailureOr<Block *> block =
        inlineIntoBlock(bodyName, loc, {}, carried, error, inputVariables);
    if (failed(block))
      return failure();
    TypeRange next = (*block)->getTerminator()->getOperandTypes();
    if (next.size() != carried.size()) {
      discardBlock(*block);
      return error() << "has a body function returning " << next.size()
                     << " value(s) for " << carried.size()
                     << " loop variable(s)";
    }
    SmallVector<Type> joined;
    for (auto [i, types] : llvm::enumerate(llvm::zip(carried, next))) {
      auto [a, b] = types;
      if (cast<TensorType>(a).getElementType() !=
          cast<TensorType>(b).getElementType()) {
        discardBlock(*block);
        return error() << "has a body function turning loop variable #" << i
                       << " of type " << a << " into " << b;
      }
      joined.push_back(joinTypes(a, b));
    }
    if (joined == carried)
      body = *block;
    else
      discardBlock(*block);
    carried = joined;
  }

  Block *cond = new Block();
  SmallVector<Value> condArgs;
  for (Type type : carried)
    condArgs.push_back(cond->addArgument(type, loc));
  OpBuilder condBuilder = atEnd(cond, context);
  FailureOr<SmallVector<Value>> condResults = inlineFunction(
      condName, condBuilder, loc, condArgs, error, inputVariables);
  FailureOr<Value> predicate = failure();
  if (succeeded(condResults)) {
    if (condResults->size() != 1)
      error() << "has a cond function returning " << condResults->size()
              << " values, expected 1";
    else
      predicate = toPredicate(condResults->front(), condBuilder, loc,
                              "loop condition", error);
  }
  if (failed(predicate)) {
    discardBlock(body);
    discardBlock(cond);
    return failure();
  }
  lite::YieldOp::create(condBuilder, loc, ValueRange{*predicate});

  auto whileOp = lite::WhileOp::create(builder, loc, carried, inputs);
  whileOp.getCond().push_back(cond);
  whileOp.getBody().push_back(body);
  return SmallVector<Value>(whileOp.getResults());
}

FailureOr<SmallVector<Value>>
FunctionLibrary::buildCase(const tf::NodeDef &node, OpBuilder &builder,
                           Location loc, ValueRange inputs, NodeError error,
                           ArrayRef<std::string> inputVariables) {
  ArrayRef<std::string> argVariables =
      inputVariables.empty() ? inputVariables : inputVariables.drop_front();
  auto attr = node.attr().find("branches");
  if (attr == node.attr().end() || attr->second.list().func_size() == 0)
    return error() << "has no branches";
  SmallVector<std::string> branches;
  for (const tf::NameAttrList &func : attr->second.list().func())
    branches.push_back(func.name());
  if (inputs.empty())
    return error() << "has no branch_index input";
  Value index = inputs[0];
  ValueRange args = inputs.drop_front();
  auto indexType = cast<TensorType>(index.getType());
  auto indexElement = dyn_cast<IntegerType>(indexType.getElementType());
  if (!indexElement || indexElement.getWidth() == 1)
    return error() << "has a branch_index of type " << indexType
                   << ", expected an integer";

  // index == 0 ? b0 : (index == 1 ? b1 : ... last): an index out of range
  // runs the last branch, as in TensorFlow.
  std::function<FailureOr<SmallVector<Value>>(size_t, OpBuilder &)> chain =
      [&](size_t k, OpBuilder &at) -> FailureOr<SmallVector<Value>> {
    if (k + 1 == branches.size())
      return inlineFunction(branches[k], at, loc, args, error, argVariables);
    auto scalar = RankedTensorType::get({}, indexElement);
    Value constant = lite::ConstantOp::create(
        at, loc, scalar,
        DenseElementsAttr::get(scalar, APInt(indexElement.getWidth(), k)));
    Type equalType = isa<RankedTensorType>(indexType)
                         ? Type(indexType.clone(at.getI1Type()))
                         : Type(UnrankedTensorType::get(at.getI1Type()));
    Value equal = lite::EqualOp::create(at, loc, equalType, index, constant);
    FailureOr<Value> cond = toPredicate(equal, at, loc, "branch_index", error);
    if (failed(cond))
      return failure();
    FailureOr<Block *> thenBlock =
        inlineIntoBlock(branches[k], loc, args, {}, error, argVariables);
    if (failed(thenBlock))
      return failure();
    Block *elseBlock = new Block();
    OpBuilder elseBuilder = atEnd(elseBlock, context);
    FailureOr<SmallVector<Value>> rest = chain(k + 1, elseBuilder);
    if (failed(rest)) {
      discardBlock(*thenBlock);
      discardBlock(elseBlock);
      return failure();
    }
    lite::YieldOp::create(elseBuilder, loc, *rest);
    return makeIf(at, loc, *cond, *thenBlock, elseBlock, error);
  };
  return chain(0, builder);
}

FailureOr<SmallVector<Value>>
FunctionLibrary::build(const tf::NodeDef &node, OpBuilder &builder,
                       Location loc, ValueRange inputs, NodeError error,
                       ArrayRef<std::string> inputVariables) {
  StringRef op = node.op();
  FailureOr<SmallVector<Value>> results = failure();
  if (op == "If" || op == "StatelessIf") {
    results = buildIf(node, builder, loc, inputs, error, inputVariables);
  } else if (op == "While" || op == "StatelessWhile") {
    results = buildWhile(node, builder, loc, inputs, error, inputVariables);
  } else if (op == "Case" || op == "StatelessCase") {
    results = buildCase(node, builder, loc, inputs, error, inputVariables);
  } else {
    std::string name =
        op == "PartitionedCall" || op == "StatefulPartitionedCall"
            ? functionAttr(node, "f")
            : op.str();
    if (name.empty())
      return error() << "has no function attribute 'f'";
    FailureOr<func::FuncOp> callee =
        getOrImport(name, inputs.getTypes(), loc, error, inputVariables);
    if (failed(callee))
      return failure();
    results = SmallVector<Value>(
        func::CallOp::create(builder, loc, *callee, inputs).getResults());
  }
  if (failed(results))
    return failure();
  std::string why;
  FailureOr<unsigned> expected = numOutputs(node, why);
  if (succeeded(expected) && *expected != results->size())
    return error() << "declares " << *expected << " output(s), its function "
                   << "returns " << results->size();
  return results;
}

FailureOr<SmallVector<Type>>
FunctionLibrary::inferTypes(const tf::NodeDef &node, Location loc,
                            ArrayRef<Type> inputTypes, NodeError error,
                            ArrayRef<std::string> inputVariables) {
  // The types depend on the node, its input types and the variables its
  // handles name, nothing else: building the op to learn them once per
  // combination keeps nested functional ops from being built again at every
  // level of the nest (each level's type inference builds the levels inside
  // it: exponential in the depth without this).
  std::string key;
  llvm::raw_string_ostream keyStream(key);
  keyStream << static_cast<const void *>(&node);
  for (Type type : inputTypes)
    keyStream << ' ' << type.getAsOpaquePointer();
  for (const std::string &variable : inputVariables)
    keyStream << '\0' << variable;
  if (auto it = inferredTypes.find(key); it != inferredTypes.end())
    return it->second;
  // Builds the op on placeholder values in a scratch block.
  Block *scratch = new Block();
  SmallVector<Value> inputs;
  for (Type type : inputTypes)
    inputs.push_back(scratch->addArgument(type, loc));
  OpBuilder builder = atEnd(scratch, context);
  FailureOr<SmallVector<Value>> results =
      build(node, builder, loc, inputs, error, inputVariables);
  FailureOr<SmallVector<Type>> types = failure();
  if (succeeded(results)) {
    types = SmallVector<Type>(ValueRange(*results).getTypes());
    inferredTypes.try_emplace(key, *types);
  }
  discardBlock(scratch);
  return types;
}
