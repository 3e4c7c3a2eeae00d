//===- VariableImport.cpp - TF variables as the module's lite.variables ---===//
//
// TensorFlow has two kinds of variables, both imported as a `lite.variable`
// the module owns (named by the variable's shared_name, else its node name)
// and accessed by symbol:
//
//   VarHandleOp / VariableV2         -> lite.variable @v; the handle (or ref)
//                                       flows on as a dummy i32 scalar
//   ReadVariableOp(h)                -> lite.read_variable @v
//   AssignVariableOp(h, x)           -> lite.assign_variable @v, x
//   AssignAddVariableOp(h, x)        -> read, lite.add, assign (Sub: sub)
//   Assign(ref, x) / AssignAdd / Sub -> the same; the output is the ref
//   a ref consumed as a value        -> lite.read_variable where the
//     (Identity(v), Mul(v, x), ...)     consumer runs (TF dereferences then)
//   StackV2 / StackPushV2 / StackPopV2 -> lite.variable @s (the elements
//                                       along dim 0), lite.stack_reset /
//                                       stack_push / stack_pop
//
// The handle reaches its users through Enter, Switch, Merge, NextIteration,
// Exit and Identity, and their Ref* forms: the walk from each variable node
// names, for every node on the way, the variable whose handle it carries
// (two variables meeting in one Merge is refused). The dummy keeps TF's
// structure: inside an executor island a read or assign takes it as its
// `after` operand, so that it runs in the frame iteration the handle
// arrives in and not at all when the handle is dead (an untaken cond
// branch), exactly as TF's node.
//
//===----------------------------------------------------------------------===//

#include "GraphImporter.h"

#include "FunctionImport.h"
#include "OpTable.h"
#include "TensorImport.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace sluice;
using namespace sluice::graphdef;

namespace {
enum class VariableOp {
  Create,    // VarHandleOp, VariableV2, Variable, StackV2
  Read,      // ReadVariableOp
  Assign,    // AssignVariableOp, Assign
  AssignAdd, // AssignAddVariableOp, AssignAdd
  AssignSub, // AssignSubVariableOp, AssignSub
  Push,      // StackPushV2
  Pop,       // StackPopV2
  Close,     // StackCloseV2
};

std::optional<VariableOp> variableOpOf(StringRef op) {
  return llvm::StringSwitch<std::optional<VariableOp>>(op)
      .Cases({"VarHandleOp", "VariableV2", "Variable", "StackV2"},
             VariableOp::Create)
      .Case("StackPushV2", VariableOp::Push)
      .Case("StackPopV2", VariableOp::Pop)
      .Case("StackCloseV2", VariableOp::Close)
      .Case("ReadVariableOp", VariableOp::Read)
      .Cases({"AssignVariableOp", "Assign"}, VariableOp::Assign)
      .Cases({"AssignAddVariableOp", "AssignAdd"}, VariableOp::AssignAdd)
      .Cases({"AssignSubVariableOp", "AssignSub"}, VariableOp::AssignSub)
      .Default(std::nullopt);
}

/// TF1's ref-typed forms, whose output is the variable again.
bool isRefAssign(StringRef op) {
  return op == "Assign" || op == "AssignAdd" || op == "AssignSub";
}

/// Whether the pass-through node keeps a handle a handle: a resource
/// (`T` is DT_RESOURCE) or a ref op (RefEnter, RefSwitch, ...). An
/// Identity of a ref variable is its value instead.
bool keepsHandle(const tf::NodeDef &node) {
  if (StringRef(node.op()).starts_with("Ref"))
    return true;
  auto it = node.attr().find("T");
  return it != node.attr().end() &&
         it->second.value_case() == tf::AttrValue::kType &&
         it->second.type() == tf::DT_RESOURCE;
}
} // namespace

bool sluice::graphdef::isVariableOp(StringRef op) {
  return variableOpOf(op).has_value();
}

/// The index attribute of an _Arg node.
static int64_t argIndexOf(const tf::NodeDef &n) {
  auto it = n.attr().find("index");
  return it == n.attr().end() ? 0 : it->second.i();
}

std::string GraphImporter::variableName(int creator) const {
  const tf::NodeDef &n = node(creator);
  if (kinds[creator] == NodeKind::Arg)
    return argumentVariables[argIndexOf(n)];
  auto shared = n.attr().find("shared_name");
  if (shared != n.attr().end() && !shared->second.s().empty())
    return shared->second.s();
  return n.name();
}

LogicalResult GraphImporter::resolveVariables() {
  int count = graph.node_size();
  variableOf.assign(count, -1);
  implicitReads.clear();
  functionalVariables.clear();
  // The nodes that create a handle: variables, and the arguments a caller
  // binds to its variables.
  auto isCreator = [&](int i) {
    if (kinds[i] == NodeKind::Variable)
      return *variableOpOf(node(i).op()) == VariableOp::Create;
    if (kinds[i] != NodeKind::Arg)
      return false;
    int64_t index = argIndexOf(node(i));
    return index >= 0 &&
           index < static_cast<int64_t>(argumentVariables.size()) &&
           !argumentVariables[index].empty();
  };
  bool any = false;
  for (int i = 0; i < count; ++i)
    any |= kinds[i] == NodeKind::Variable || isCreator(i);
  if (!any)
    return success();
  if (carriesHandle.size() != static_cast<size_t>(count))
    carriesHandle.assign(count, false);

  auto consumers = dataConsumers();

  for (int creator = 0; creator < count; ++creator) {
    if (!isCreator(creator))
      continue;
    // Declared now: function bodies need the types while types are
    // inferred.
    if (kinds[creator] == NodeKind::Variable &&
        failed(declareVariable(creator)))
      return failure();
    bool isRef = kinds[creator] == NodeKind::Variable &&
                 node(creator).op() != "VarHandleOp" &&
                 node(creator).op() != "StackV2";
    variableOf[creator] = creator;
    carriesHandle[creator] = true;
    SmallVector<std::pair<int, int>> worklist{{creator, 0}};
    while (!worklist.empty()) {
      auto [producer, port] = worklist.pop_back_val();
      for (auto [user, position] : consumers[{producer, port}]) {
        const tf::NodeDef &u = node(user);
        if (kinds[user] == NodeKind::Variable) {
          VariableOp op = *variableOpOf(u.op());
          if (op == VariableOp::Create || position != 0)
            return error(user)
                   << "takes the handle of variable '" << variableName(creator)
                   << "' as its input #" << position;
          if (variableOf[user] >= 0 && variableOf[user] != creator)
            return error(user) << "takes the handles of two variables, '"
                               << variableName(variableOf[user]) << "' and '"
                               << variableName(creator) << "'";
          variableOf[user] = creator;
          // A ref Assign's output is the variable again.
          if (isRefAssign(u.op()) && !carriesHandle[user]) {
            carriesHandle[user] = true;
            worklist.push_back({user, 0});
          }
          continue;
        }
        bool dataPosition = kinds[user] == NodeKind::Merge || position == 0;
        if (isPassThrough(kinds[user]) && dataPosition && keepsHandle(u)) {
          if (variableOf[user] >= 0 && variableOf[user] != creator)
            return error(user) << "carries the handles of two variables, '"
                               << variableName(variableOf[user]) << "' and '"
                               << variableName(creator)
                               << "': Sluice needs to know which variable "
                                  "each access names";
          if (variableOf[user] >= 0)
            continue;
          variableOf[user] = creator;
          carriesHandle[user] = true;
          int outputs = kinds[user] == NodeKind::Switch ? 2 : 1;
          for (int out = 0; out < outputs; ++out)
            worklist.push_back({user, out});
          continue;
        }
        // A function body returning the handle (a While's body gives its
        // resource loop variables back unchanged): the dummy goes back.
        if (kinds[user] == NodeKind::Retval && !isRef)
          continue;
        // A handle passed to a function: its argument names the same
        // variable. A While returns it as the same output.
        if (kinds[user] == NodeKind::Functional && !isRef) {
          std::vector<std::string> &names = functionalVariables[user];
          if (names.size() <= position)
            names.resize(position + 1);
          names[position] = variableName(creator);
          auto types = u.attr().find("T");
          bool isLoop = u.op() == "While" || u.op() == "StatelessWhile";
          if (isLoop && types != u.attr().end() &&
              position <
                  static_cast<unsigned>(types->second.list().type_size()) &&
              types->second.list().type(position) == tf::DT_RESOURCE)
            worklist.push_back({user, static_cast<int>(position)});
          continue;
        }
        // A ref read as a value where its consumer runs: TF dereferences
        // it then. A resource handle has no value.
        bool island = kinds[user] == NodeKind::Identity ||
                      kinds[user] == NodeKind::Compute ||
                      kinds[user] == NodeKind::Functional;
        if (isRef && island) {
          implicitReads[{user, position}] = creator;
          continue;
        }
        return error(user) << "uses the " << (isRef ? "ref" : "handle")
                           << " of variable '" << variableName(creator)
                           << "' as its input #" << position
                           << (isRef ? ": only variable ops, Ref* control "
                                       "flow and ops reading its value may"
                                     : ": only variable ops and control-flow "
                                       "nodes may");
      }
    }
  }
  for (int i = 0; i < count; ++i)
    if (kinds[i] == NodeKind::Variable && variableOf[i] < 0)
      return error(i) << "takes a handle that does not come from a "
                         "VarHandleOp or VariableV2 node of this graph";
  return success();
}

FailureOr<TensorType> GraphImporter::variableType(int creator) {
  const tf::NodeDef &n = node(creator);
  if (kinds[creator] == NodeKind::Arg) {
    // Declared by the caller.
    std::string name = variableName(creator);
    if (auto variable =
            library.getModule().lookupSymbol<lite::VariableOp>(name))
      return cast<TensorType>(variable.getType());
    error(creator) << "is bound to variable '" << name
                   << "', which the module does not declare";
    return failure();
  }
  std::string why;
  // A stack: its elements along dimension 0, their shape the pushes'.
  if (n.op() == "StackV2") {
    Type element = getTypeAttr(n, "elem_type", context, why);
    if (!element) {
      error(creator) << why;
      return failure();
    }
    return TensorType(UnrankedTensorType::get(element));
  }
  Type element = getTypeAttr(n, "dtype", context, why);
  if (!element) {
    error(creator) << why;
    return failure();
  }
  auto shape = n.attr().find("shape");
  if (shape != n.attr().end() &&
      shape->second.value_case() == tf::AttrValue::kShape)
    return convertShape(shape->second.shape(), element);
  return TensorType(UnrankedTensorType::get(element));
}

FailureOr<SmallVector<Type>>
GraphImporter::transferVariable(int index, ArrayRef<Type> in) {
  VariableOp op = *variableOpOf(node(index).op());
  Type handle = RankedTensorType::get({}, IntegerType::get(context, 32));
  bool isStack = node(variableOf[index]).op() == "StackV2";
  unsigned expected = op == VariableOp::Create ? (isStack ? 1 : 0)
                      : op == VariableOp::Read || op == VariableOp::Pop ||
                              op == VariableOp::Close
                          ? 1
                          : 2;
  if (in.size() != expected)
    return error(index) << "expects " << expected << " data input(s), has "
                        << in.size();
  switch (op) {
  case VariableOp::Create:
    return SmallVector<Type>{handle};
  case VariableOp::Push:
    // The pushed element.
    return SmallVector<Type>{in[1]};
  case VariableOp::Pop: {
    std::string why;
    Type element = getTypeAttr(node(index), "elem_type", context, why);
    if (!element)
      return error(index) << why;
    FailureOr<TensorType> stack = variableType(variableOf[index]);
    if (failed(stack))
      return failure();
    if (element != stack->getElementType())
      return error(index) << "pops " << element << " from stack '"
                          << variableName(variableOf[index]) << "' of "
                          << stack->getElementType();
    auto declared = node(index).attr().find("_output_shapes");
    if (declared != node(index).attr().end() &&
        declared->second.list().shape_size())
      return SmallVector<Type>{
          convertShape(declared->second.list().shape(0), element)};
    // What the pushes onto the same stack push.
    Type pushed;
    for (int user = 0, e = graph.node_size(); user < e; ++user) {
      if (kinds[user] != NodeKind::Variable ||
          variableOf[user] != variableOf[index] ||
          node(user).op() != "StackPushV2" || types[user].empty())
        continue;
      if (!types[user][0]) {
        if (waitForInputs)
          return SmallVector<Type>{Type()};
        continue;
      }
      pushed = joinTypes(pushed, types[user][0]);
    }
    return SmallVector<Type>{pushed ? pushed
                                    : UnrankedTensorType::get(element)};
  }
  case VariableOp::Close:
    return SmallVector<Type>{};
  case VariableOp::Read: {
    FailureOr<TensorType> type = variableType(variableOf[index]);
    if (failed(type))
      return failure();
    // TF checks the dtype at run time; Sluice knows it now.
    std::string why;
    Type element = getTypeAttr(node(index), "dtype", context, why);
    if (element && element != type->getElementType())
      return error(index) << "reads " << element << " from variable '"
                          << variableName(variableOf[index]) << "' of "
                          << type->getElementType();
    return SmallVector<Type>{*type};
  }
  case VariableOp::Assign:
  case VariableOp::AssignAdd:
  case VariableOp::AssignSub:
    if (isRefAssign(node(index).op()))
      return SmallVector<Type>{handle};
    return SmallVector<Type>{};
  }
  llvm_unreachable("unknown variable op");
}

LogicalResult GraphImporter::declareVariable(int creator) {
  FailureOr<TensorType> type = variableType(creator);
  if (failed(type))
    return failure();
  std::string name = variableName(creator);
  ModuleOp module = library.getModule();
  if (auto existing = module.lookupSymbol<lite::VariableOp>(name)) {
    if (existing.getType() != *type)
      return error(creator)
             << "declares variable '" << name << "' of type " << *type
             << ", which is also declared of type " << existing.getType();
    return success();
  }
  if (module.lookupSymbol(name))
    return error(creator) << "names variable '" << name
                          << "' like a function of the graph's library";
  OpBuilder atTop = OpBuilder::atBlockBegin(module.getBody());
  lite::VariableOp::create(atTop, loc(creator), atTop.getStringAttr(name),
                           TypeAttr::get(*type));
  return success();
}

FailureOr<SmallVector<Value>>
GraphImporter::buildVariable(int index, OpBuilder &builder, ValueRange data) {
  const tf::NodeDef &n = node(index);
  Location location = loc(index);
  VariableOp op = *variableOpOf(n.op());
  int creator = variableOf[index];
  auto symbol = FlatSymbolRefAttr::get(context, variableName(creator));
  // In an island the handle orders the access (see the file comment).
  Value after = buildingIsland && !data.empty() ? data[0] : Value();
  if (op == VariableOp::Create) {
    if (failed(declareVariable(creator)))
      return failure();
    // Each run of a StackV2 makes a new, empty stack.
    if (n.op() == "StackV2")
      lite::StackResetOp::create(builder, location, symbol, after);
    auto handleType = cast<RankedTensorType>(types[index][0]);
    return SmallVector<Value>{lite::ConstantOp::create(
        builder, location, handleType,
        DenseElementsAttr::get(handleType, builder.getI32IntegerAttr(0)))};
  }
  switch (op) {
  case VariableOp::Push:
    lite::StackPushOp::create(builder, location, symbol, data[1], after);
    return SmallVector<Value>{data[1]};
  case VariableOp::Pop:
    return SmallVector<Value>{lite::StackPopOp::create(
        builder, location, types[index][0], symbol, after)};
  case VariableOp::Close:
    return SmallVector<Value>{};
  default:
    break;
  }
  FailureOr<TensorType> variable = variableType(creator);
  if (failed(variable))
    return failure();
  if (op == VariableOp::Read)
    return SmallVector<Value>{lite::ReadVariableOp::create(
        builder, location, types[index][0], symbol, after)};

  Value value = data[1];
  auto valueType = cast<TensorType>(value.getType());
  if (valueType.getElementType() != variable->getElementType() ||
      failed(verifyCompatibleShape(valueType, *variable)))
    return error(index) << "assigns a value of type " << valueType
                        << " to variable '" << variableName(creator)
                        << "' of type " << *variable;
  if (op != VariableOp::Assign) {
    Value current = lite::ReadVariableOp::create(builder, location, valueType,
                                                 symbol, after);
    if (op == VariableOp::AssignAdd)
      value = lite::AddOp::create(builder, location, valueType, current, value,
                                  lite::ActivationFunctionType::NONE);
    else
      value = lite::SubOp::create(builder, location, valueType, current, value,
                                  lite::ActivationFunctionType::NONE);
  }
  lite::AssignVariableOp::create(builder, location, symbol, value, after);
  if (isRefAssign(n.op()))
    return SmallVector<Value>{data[0]};
  return SmallVector<Value>{};
}

Value GraphImporter::readImplicitly(int index, unsigned position,
                                    OpBuilder &builder, Value handle) {
  auto it = implicitReads.find({index, position});
  if (it == implicitReads.end())
    return handle;
  int creator = it->second;
  FailureOr<TensorType> type = variableType(creator);
  if (failed(type))
    return {};
  return lite::ReadVariableOp::create(
      builder, loc(index), *type,
      FlatSymbolRefAttr::get(context, variableName(creator)),
      buildingIsland ? handle : Value());
}
