//===- TensorArrayImport.cpp - TensorArrays and TensorLists as lists -----===//
//
// TensorFlow's TensorArrayV3 is a resource (the handle, output 0) plus a
// scalar "flow" (output 1) that every write returns anew and every read
// takes, so that the dataflow orders the accesses. Sluice makes the flow
// carry the array itself, as a lite list (a tensor whose dimension 0 indexes
// the elements):
//
//   TensorArrayV3(size)              -> handle: a dummy i32, flow: list_reserve
//   TensorArrayWriteV3(h, i, v, f)   -> list_set_item f[i], v
//   TensorArrayReadV3(h, i, f)       -> list_get_item f[i]
//   TensorArrayGatherV3(h, is, f)    -> list_gather f[is]
//   TensorArrayScatterV3(h, is, v, f)-> list_scatter f[is], v
//   TensorArraySizeV3(h, f)          -> list_length f
//   TensorArrayCloseV3(h)            -> nothing
//   TensorArrayGradV3(h, f)          -> handle: a dummy, flow: f
//
// The flows pass through Enter/Merge/Switch/NextIteration/Exit/Identity like
// any loop state, so the lift carries an array through lite.while as an
// ordinary loop-carried tensor. The handle still flows too (as a dummy
// scalar nobody reads) so that the graph keeps TF's structure.
//
// A TensorArray's element shape is its `element_shape` attribute when fully
// defined, else what the values written to it say (TF's `infer_shape`): the
// writes are found by following the flow from the TensorArrayV3 node, and
// that same walk names, for every node on a flow path, the array it carries.
//
// TF2 TensorLists are values already (DT_VARIANT tensors): TensorListReserve,
// SetItem, GetItem, Stack, FromTensor and Length import to the same list ops
// (FromTensor is the tensor itself, Stack a gather of every index). The
// accumulators of TF2's gradients of loops grow and shrink: EmptyTensorList
// is a resizable list of no elements, PushBack a write at index length,
// PopBack a read of the last element and a slice of the others.
//
// A list whose element shape is unknown at import (no attribute or constant
// input gives it, no write has a static shape) imports as an unranked list:
// its first write gives it its shape at run time, and -lite-legalize-lists
// resolves it from the writes for TFLite and native code.
//
// The gradient of an array (TensorArrayGradV3, which tf.gradients creates
// to hold the gradients of a forward array's elements) is an array of the
// same size and element shape, found by TF through the forward handle. The
// flows say which contents an op sees: gradient ops whose flow still carries
// the forward array's contents (TF's gradient code passes an Identity of the
// forward flow) are the gradient's first accesses and start from zeros; a
// write or scatter through the gradient's handle makes its flow carry the
// gradient from there on. Writes to a gradient add to what is there (TF's
// multiple_writes_aggregate). All gradients of one array are one (TF keys
// them by a `source` name; two sources are refused). A flow used as plain
// data by another op (tf.gradients pushes forward flows on stacks, to order
// the backward loop) is TF's flow value, a float 0 (flowToken), except in
// the backprop accumulator of a gradient loop that sums the flows of the
// writes to a gradient (recordFlowAccumulator): there the sum is of the
// contents.
//
// TensorListElementShape is a constant where the list type gives it, else
// the list's shape without dimension 0.
//
// What differs from TF: the array is a value, so a read through a flow older
// than the latest write sees the older contents (TF graphs built by the
// TensorArray API never do that: each access takes the latest flow).
//
//===----------------------------------------------------------------------===//

#include "GraphImporter.h"

#include "OpTable.h"
#include "TensorImport.h"

#include "sluice/Dialect/Lite/IR/LiteBuilders.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace sluice;
using namespace sluice::graphdef;

namespace {
enum class ArrayOp {
  // TF1 TensorArrays: a handle and a flow.
  Create,
  Write,
  Read,
  Gather,
  Scatter,
  Size,
  Close,
  Grad,
  // TF2 TensorLists: the list is the value (a DT_VARIANT tensor).
  ListReserve,
  ListFromTensor,
  ListSetItem,
  ListGetItem,
  ListStack,
  ListLength,
  ListEmpty,
  ListPushBack,
  ListPopBack,
  ListElementShape,
};

bool isTensorListOp(ArrayOp op) { return op >= ArrayOp::ListReserve; }

std::optional<ArrayOp> arrayOpOf(StringRef op) {
  return llvm::StringSwitch<std::optional<ArrayOp>>(op)
      .Case("TensorListReserve", ArrayOp::ListReserve)
      .Case("TensorListFromTensor", ArrayOp::ListFromTensor)
      .Case("TensorListSetItem", ArrayOp::ListSetItem)
      .Case("TensorListGetItem", ArrayOp::ListGetItem)
      .Case("TensorListStack", ArrayOp::ListStack)
      .Case("TensorListLength", ArrayOp::ListLength)
      .Case("EmptyTensorList", ArrayOp::ListEmpty)
      .Case("TensorListPushBack", ArrayOp::ListPushBack)
      .Case("TensorListPopBack", ArrayOp::ListPopBack)
      .Case("TensorListElementShape", ArrayOp::ListElementShape)
      .Case("TensorArrayV3", ArrayOp::Create)
      .Case("TensorArrayWriteV3", ArrayOp::Write)
      .Case("TensorArrayReadV3", ArrayOp::Read)
      .Case("TensorArrayGatherV3", ArrayOp::Gather)
      .Case("TensorArrayScatterV3", ArrayOp::Scatter)
      .Case("TensorArraySizeV3", ArrayOp::Size)
      .Case("TensorArrayCloseV3", ArrayOp::Close)
      .Case("TensorArrayGradV3", ArrayOp::Grad)
      .Default(std::nullopt);
}

/// Data input positions: the handle is input 0 of every op on an array; the
/// flow is the last input of those that take one.
constexpr unsigned kHandleInput = 0;
unsigned flowInputOf(ArrayOp op) {
  switch (op) {
  case ArrayOp::Write:
  case ArrayOp::Scatter:
    return 3;
  case ArrayOp::Read:
  case ArrayOp::Gather:
    return 2;
  case ArrayOp::Size:
  case ArrayOp::Grad:
    return 1;
  default:
    llvm_unreachable("op takes no flow");
  }
}
/// Writes and scatters: the written value.
constexpr unsigned kValueInput = 2;

} // namespace

bool sluice::graphdef::isTensorArrayOp(StringRef op) {
  return arrayOpOf(op).has_value();
}

int sluice::graphdef::tensorArrayOutputBase(StringRef op, StringRef outputArg) {
  switch (*arrayOpOf(op)) {
  case ArrayOp::Create:
    return outputArg == "flow" ? 1 : 0;
  case ArrayOp::Grad:
    return outputArg == "flow_out" ? 1 : 0;
  case ArrayOp::ListPopBack:
    return outputArg == "tensor" ? 1 : 0;
  default:
    return 0;
  }
}

unsigned sluice::graphdef::numTensorArrayOutputs(StringRef op) {
  switch (*arrayOpOf(op)) {
  case ArrayOp::Create:
  case ArrayOp::Grad:
    return 2; // the handle and the flow
  case ArrayOp::ListPopBack:
    return 2; // the shorter list and the element
  case ArrayOp::Close:
    return 0;
  default:
    return 1;
  }
}

/// The data input `position` of node `index`.
static std::optional<InputRef> dataInput(ArrayRef<InputRef> refs,
                                         unsigned position) {
  unsigned seen = 0;
  for (InputRef ref : refs)
    if (ref.port >= 0 && seen++ == position)
      return ref;
  return std::nullopt;
}

LogicalResult GraphImporter::resolveTensorArrays() {
  int count = graph.node_size();
  tensorArrayOf.assign(count, -1);
  carriesHandle.assign(count, false);
  flowTokens.clear();
  flowAccumulators.clear();
  accumulatorZeros.clear();
  onGradient.assign(count, false);
  flowOfGradient.assign(count, false);
  // The array whose handle each TensorArray op takes directly.
  std::vector<int> handleOf(count, -1);
  // Per pass-through node: whether the flow it carries is a gradient's;
  // which handles it carries (1: the array's, 2: its gradient's).
  std::vector<int8_t> carriesGradientFlow(count, -1);
  std::vector<uint8_t> handlesCarried(count, 0);
  bool any = false;
  for (int i = 0; i < count; ++i)
    any |= kinds[i] == NodeKind::TensorArray;
  if (!any)
    return success();

  // Consumers of each output, by data input.
  auto consumers = dataConsumers();

  // The handles first (which ops work on a gradient), then the flows.
  for (bool handles : {true, false}) {
    for (int array = 0; array < count; ++array) {
      if (kinds[array] != NodeKind::TensorArray ||
          *arrayOpOf(node(array).op()) != ArrayOp::Create)
        continue;
      tensorArrayOf[array] = array;
      std::string gradientSource;
      // Follows the handle (port 0) or the flow (port 1) to their uses; the
      // flag says whether the handle or flow is the gradient's.
      struct Edge {
        int producer, port;
        bool gradient;
      };
      SmallVector<Edge> worklist{{array, handles ? 0 : 1, false}};
      while (!worklist.empty()) {
        auto [producer, port, gradient] = worklist.pop_back_val();
        bool isHandle = handles;
        for (auto [user, position] : consumers[{producer, port}]) {
          if (kinds[user] == NodeKind::TensorArray) {
            ArrayOp op = *arrayOpOf(node(user).op());
            bool expected = !isTensorListOp(op) && op != ArrayOp::Create &&
                            (isHandle ? position == kHandleInput
                                      : op != ArrayOp::Close &&
                                            position == flowInputOf(op));
            if (!expected)
              return error(user)
                     << "takes the " << (isHandle ? "handle" : "flow")
                     << " of TensorArray '" << node(array).name()
                     << "' as its input #" << position;
            if (isHandle) {
              handleOf[user] = array;
              onGradient[user] = gradient;
              if (op == ArrayOp::Grad) {
                if (gradient)
                  return error(user) << "takes the gradient of a gradient "
                                        "of TensorArray '"
                                     << node(array).name() << "'";
                auto source = node(user).attr().find("source");
                std::string name =
                    source == node(user).attr().end() ? "" : source->second.s();
                if (!gradientSource.empty() && name != gradientSource)
                  return error(user)
                         << "takes a gradient of TensorArray '"
                         << node(array).name() << "' from source '" << name
                         << "', another than '" << gradientSource
                         << "': one gradient per array is supported";
                gradientSource = name;
                worklist.push_back({user, 0, true});
              }
              continue;
            }
            if (tensorArrayOf[user] >= 0 && tensorArrayOf[user] != array)
              return error(user) << "takes the flows of two TensorArrays, '"
                                 << node(tensorArrayOf[user]).name()
                                 << "' and '" << node(array).name() << "'";
            bool first = tensorArrayOf[user] < 0;
            if (!first && flowOfGradient[user] != gradient)
              return error(user)
                     << "takes the flows of TensorArray '" << node(array).name()
                     << "' and of its gradient";
            tensorArrayOf[user] = array;
            flowOfGradient[user] = gradient;
            if (gradient && !onGradient[user] && op != ArrayOp::Grad)
              return error(user) << "reads TensorArray '" << node(array).name()
                                 << "' through its gradient's flow";
            // A write through the gradient's handle: the gradient's
            // contents from here on.
            bool writes = op == ArrayOp::Write || op == ArrayOp::Scatter;
            if (first && writes)
              worklist.push_back({user, 0, gradient || onGradient[user]});
            else if (first && op == ArrayOp::Grad)
              worklist.push_back({user, 1, gradient});
            continue;
          }
          // A gradient loop's accumulator of the gradient's flow adds the
          // gradient's contents, and carries them on.
          if (!isHandle && flowAccumulators.count(user))
            continue;
          if (!isHandle && gradient &&
              recordFlowAccumulator(user, position, {producer, port})) {
            tensorArrayOf[user] = array;
            worklist.push_back({user, 0, true});
            continue;
          }
          // A Switch's input #1 is its predicate; a Merge takes any number
          // of data inputs; the other control-flow nodes one.
          bool dataPosition = kinds[user] == NodeKind::Merge || position == 0;
          // A flow as another op's data: TF's flow value, a float 0.
          if (!isHandle && !isPassThrough(kinds[user]) &&
              kinds[user] != NodeKind::TensorArray) {
            flowTokens.insert({user, position});
            continue;
          }
          if (!isPassThrough(kinds[user]) || !dataPosition)
            return error(user)
                   << "uses the " << (isHandle ? "handle" : "flow")
                   << " of TensorArray '" << node(array).name()
                   << "', which only TensorArray ops and control-flow nodes "
                      "may (as their data)";
          uint8_t handleBit = gradient ? 2 : 1;
          bool seen = isHandle ? (handlesCarried[user] & handleBit) != 0
                               : tensorArrayOf[user] >= 0;
          if (!isHandle && seen && tensorArrayOf[user] != array)
            return error(user) << "carries the flows of two TensorArrays, '"
                               << node(tensorArrayOf[user]).name() << "' and '"
                               << node(array).name() << "'";
          if (!isHandle && seen && carriesGradientFlow[user] != gradient)
            return error(user) << "carries the flows of TensorArray '"
                               << node(array).name() << "' and of its gradient";
          if (seen)
            continue;
          if (isHandle) {
            carriesHandle[user] = true;
            handlesCarried[user] |= handleBit;
          } else {
            tensorArrayOf[user] = array;
            carriesGradientFlow[user] = gradient;
          }
          int outputs = kinds[user] == NodeKind::Switch ? 2 : 1;
          for (int out = 0; out < outputs; ++out)
            worklist.push_back({user, out, gradient});
        }
      }
    }
  }
  for (int i = 0; i < count; ++i) {
    if (kinds[i] != NodeKind::TensorArray)
      continue;
    ArrayOp op = *arrayOpOf(node(i).op());
    if (tensorArrayOf[i] < 0 && op != ArrayOp::Close && !isTensorListOp(op))
      return error(i) << "works on a TensorArray whose flow does not come "
                         "from a TensorArrayV3 node of this graph";
    if (op != ArrayOp::Create && handleOf[i] >= 0 && tensorArrayOf[i] >= 0 &&
        handleOf[i] != tensorArrayOf[i])
      return error(i) << "takes the handle of TensorArray '"
                      << node(handleOf[i]).name() << "' but the flow of '"
                      << node(tensorArrayOf[i]).name() << "'";
  }
  return success();
}

// TF's gradient of a while loop sums the gradient of a loop invariant over
// the iterations in a backprop accumulator (the gradient loop's frame is
// between the Enter and the Exit):
//
//   b_acc (Const 0) -> Enter -> Merge -> Switch -:1-> AddV2 -> NextIteration
//                                 ^        \-:0-> Exit       ^         |
//                                 |                 value ---+         |
//                                 +------------------------------------+
//
// When the invariant is a TensorArray's flow (an array read in the forward
// loop), the value is the flow of a write to the array's gradient, which
// starts from zeros in every iteration. Summed as lists, the accumulator
// carries the gradient's contents: b_acc becomes zeros of the array, made
// from the forward flow that entered the gradient loop.
bool GraphImporter::recordFlowAccumulator(int add, unsigned position,
                                          InputRef producer) {
  StringRef op = node(add).op();
  if (kinds[add] != NodeKind::Compute || (op != "AddV2" && op != "Add") ||
      position > 1 || dataInput(inputs[add], 2))
    return false;
  std::optional<InputRef> other = dataInput(inputs[add], 1 - position);
  if (!other || kinds[other->node] != NodeKind::Switch || other->port != 1)
    return false;
  std::optional<InputRef> merged = dataInput(inputs[other->node], 0);
  if (!merged || kinds[merged->node] != NodeKind::Merge ||
      dataInput(inputs[merged->node], 2))
    return false;
  int enter = -1, initial = -1;
  bool backEdge = false;
  for (unsigned i = 0; i < 2; ++i) {
    std::optional<InputRef> in = dataInput(inputs[merged->node], i);
    if (!in)
      return false;
    std::optional<InputRef> source = dataInput(inputs[in->node], 0);
    if (!source)
      return false;
    if (kinds[in->node] == NodeKind::NextIteration)
      backEdge |= source->node == add && source->port == 0;
    else if (kinds[in->node] == NodeKind::Enter &&
             kinds[source->node] == NodeKind::Const) {
      enter = in->node;
      initial = source->node;
    }
  }
  if (!backEdge || enter < 0 || !inputs[initial].empty())
    return false;
  DenseElementsAttr zero = constantOf(initial);
  if (!zero || !zero.isSplat() || !isa<FloatType>(zero.getElementType()) ||
      !zero.getSplatValue<APFloat>().isZero())
    return false;
  // The forward flow that entered the gradient loop: back from the write
  // through the gradient's ops and Identities to an Enter of this frame.
  auto frameOf = [&](int index) {
    auto frame = node(index).attr().find("frame_name");
    return frame == node(index).attr().end() ? std::string()
                                             : frame->second.s();
  };
  std::optional<InputRef> at = producer;
  for (int steps = 0; at && steps < 64; ++steps) {
    int current = at->node;
    if (kinds[current] == NodeKind::Enter) {
      if (frameOf(current) != frameOf(enter))
        return false;
      std::optional<InputRef> forward = dataInput(inputs[current], 0);
      if (!forward)
        return false;
      inputs[initial].push_back(*forward);
      flowAccumulators.insert(add);
      accumulatorZeros.insert(initial);
      return true;
    }
    if (kinds[current] == NodeKind::Identity) {
      at = dataInput(inputs[current], 0);
      continue;
    }
    if (kinds[current] != NodeKind::TensorArray)
      return false;
    ArrayOp arrayOp = *arrayOpOf(node(current).op());
    if (arrayOp != ArrayOp::Write && arrayOp != ArrayOp::Scatter &&
        arrayOp != ArrayOp::Grad)
      return false;
    at = dataInput(inputs[current], flowInputOf(arrayOp));
  }
  return false;
}

Value GraphImporter::flowToken(OpBuilder &builder, Location location,
                               Value flow) {
  auto i32 = RankedTensorType::get({}, builder.getI32Type());
  auto f32 = RankedTensorType::get({}, builder.getF32Type());
  Value length = lite::ListLengthOp::create(builder, location, i32, flow);
  Value zero = lite::ConstantOp::create(
      builder, location,
      DenseElementsAttr::get(f32, builder.getF32FloatAttr(0)));
  return lite::MulOp::create(
      builder, location, f32,
      lite::CastOp::create(builder, location, f32, length), zero,
      lite::ActivationFunctionType::NONE);
}

Type GraphImporter::arrayElementType(int array, std::string &why) {
  return getTypeAttr(node(array), "dtype", context, why);
}

/// The length a constant count gives a list: its value when it is one
/// non-negative integer, else dynamic.
static int64_t constantLength(DenseElementsAttr count) {
  if (!count || count.getNumElements() != 1 ||
      !count.getElementType().isIntOrIndex())
    return ShapedType::kDynamic;
  int64_t value = (*count.getValues<APInt>().begin()).getSExtValue();
  return value < 0 ? ShapedType::kDynamic : value;
}

/// The shape a TensorList op's constant `element_shape` input gives (-1 or
/// a scalar: unknown), or null.
static RankedTensorType constantElementShape(DenseElementsAttr shape,
                                             Type element) {
  if (!shape || shape.getType().getRank() != 1 ||
      !shape.getElementType().isIntOrIndex())
    return nullptr;
  SmallVector<int64_t> dims;
  for (const APInt &dim : shape.getValues<APInt>()) {
    if (dim.isNegative())
      return nullptr;
    dims.push_back(dim.getSExtValue());
  }
  return RankedTensorType::get(dims, element);
}

/// A list shape with its length (dimension 0) made dynamic.
/// A list type: `length` (or dynamic) elements of `elementShape`, else
/// unranked (the element shape is not known yet).
static Type listType(RankedTensorType elementShape, int64_t length,
                     Type element) {
  if (!elementShape)
    return UnrankedTensorType::get(element);
  SmallVector<int64_t> shape{length};
  llvm::append_range(shape, elementShape.getShape());
  return RankedTensorType::get(shape, element);
}

FailureOr<SmallVector<Type>>
GraphImporter::transferTensorList(int index, ArrayRef<Type> in) {
  const tf::NodeDef &n = node(index);
  ArrayOp op = *arrayOpOf(n.op());
  std::string why;
  // TensorListLength and TensorListElementShape have no element_dtype:
  // their list's is whatever it is.
  Type element = op == ArrayOp::ListLength ? IntegerType::get(context, 32)
                 : op == ArrayOp::ListElementShape
                     ? getTypeAttr(n, "shape_type", context, why)
                     : getTypeAttr(n, "element_dtype", context, why);
  if (!element) {
    error(index) << why;
    return failure();
  }
  static constexpr unsigned kInputs[] = {2, 2, 3, 3, 2, 1, 2, 2, 2, 1};
  unsigned expected =
      kInputs[static_cast<int>(op) - static_cast<int>(ArrayOp::ListReserve)];
  if (in.size() != expected) {
    error(index) << "expects " << expected << " data inputs, has " << in.size();
    return failure();
  }
  auto list = dyn_cast_or_null<RankedTensorType>(in[0]);
  if (op != ArrayOp::ListReserve && op != ArrayOp::ListEmpty && list &&
      list.getRank() == 0) {
    error(index) << "takes a scalar where a list (a tensor of rank >= 1) "
                    "belongs";
    return failure();
  }
  // An op on a list (or FromTensor's tensor) names its element type too.
  if (op != ArrayOp::ListReserve && op != ArrayOp::ListEmpty &&
      op != ArrayOp::ListLength && op != ArrayOp::ListElementShape && in[0] &&
      cast<TensorType>(in[0]).getElementType() != element) {
    error(index) << "has element_dtype " << element << " but its list holds "
                 << cast<TensorType>(in[0]).getElementType();
    return failure();
  }
  switch (op) {
  case ArrayOp::ListReserve: {
    return SmallVector<Type>{
        listType(constantElementShape(constantInputOf(index, 0), element),
                 constantLength(constantInputOf(index, 1)), element)};
  }
  case ArrayOp::ListEmpty:
    // It grows by PushBack: its length is known at run time only.
    return SmallVector<Type>{
        listType(constantElementShape(constantInputOf(index, 0), element),
                 ShapedType::kDynamic, element)};
  case ArrayOp::ListPushBack: {
    if (!in[0])
      return SmallVector<Type>{Type()};
    if (list)
      return SmallVector<Type>{lite::withDynamicLength(list)};
    auto item = dyn_cast_or_null<RankedTensorType>(in[1]);
    if (item && item.hasStaticShape())
      return SmallVector<Type>{listType(item, ShapedType::kDynamic, element)};
    return SmallVector<Type>{in[0]};
  }
  case ArrayOp::ListPopBack: {
    if (!in[0])
      return SmallVector<Type>{Type(), Type()};
    if (list)
      return SmallVector<Type>{
          lite::withDynamicLength(list),
          RankedTensorType::get(list.getShape().drop_front(), element)};
    RankedTensorType shape =
        constantElementShape(constantInputOf(index, 1), element);
    return SmallVector<Type>{
        in[0], shape ? Type(shape) : Type(UnrankedTensorType::get(element))};
  }
  case ArrayOp::ListSetItem: {
    // A write that may grow the list (TF2's TensorArray with dynamic_size)
    // gives a list of any length.
    auto resize = n.attr().find("resize_if_index_out_of_bounds");
    if (list && resize != n.attr().end() && resize->second.b())
      return SmallVector<Type>{lite::withDynamicLength(list)};
    return SmallVector<Type>{in[0]};
  }
  case ArrayOp::ListFromTensor:
    return SmallVector<Type>{in[0]};
  case ArrayOp::ListLength:
    return SmallVector<Type>{
        RankedTensorType::get({}, IntegerType::get(context, 32))};
  case ArrayOp::ListElementShape:
    // The dimensions after dimension 0.
    return SmallVector<Type>{RankedTensorType::get(
        {list ? list.getRank() - 1 : ShapedType::kDynamic}, element)};
  case ArrayOp::ListGetItem:
    if (!in[0])
      return SmallVector<Type>{Type()};
    if (list)
      return SmallVector<Type>{
          RankedTensorType::get(list.getShape().drop_front(), element)};
    if (RankedTensorType shape =
            constantElementShape(constantInputOf(index, 2), element))
      return SmallVector<Type>{shape};
    return SmallVector<Type>{UnrankedTensorType::get(element)};
  case ArrayOp::ListStack: {
    if (!in[0])
      return SmallVector<Type>{Type()};
    if (list)
      return SmallVector<Type>{list};
    auto count = n.attr().find("num_elements");
    int64_t length = count == n.attr().end() || count->second.i() < 0
                         ? ShapedType::kDynamic
                         : count->second.i();
    return SmallVector<Type>{
        listType(constantElementShape(constantInputOf(index, 1), element),
                 length, element)};
  }
  default:
    llvm_unreachable("not a TensorList op");
  }
}

FailureOr<SmallVector<Value>>
GraphImporter::buildTensorList(int index, OpBuilder &builder, ValueRange data) {
  const tf::NodeDef &n = node(index);
  Location location = loc(index);
  Type result = types[index][0];
  switch (*arrayOpOf(n.op())) {
  case ArrayOp::ListReserve:
    return SmallVector<Value>{
        lite::ListReserveOp::create(builder, location, result, data[1])};
  case ArrayOp::ListFromTensor:
    // A list is the tensor of its elements stacked.
    return SmallVector<Value>{data[0]};
  case ArrayOp::ListSetItem: {
    // A TensorArray with dynamic_size in TF2: a write past the end grows
    // the list to the index written, as a resizable list_set_item does.
    auto resize = n.attr().find("resize_if_index_out_of_bounds");
    bool resizable = resize != n.attr().end() && resize->second.b();
    Value list = data[0];
    if (auto type = dyn_cast<RankedTensorType>(list.getType());
        resizable && type && !type.isDynamicDim(0))
      // The list was reserved with a static length that this write may
      // outgrow: seen as a list of any length.
      list = lite::createReshapeCopy(builder, location, list,
                                     lite::withDynamicLength(type));
    return SmallVector<Value>{lite::ListSetItemOp::create(
        builder, location, result, list, data[1], data[2], resizable)};
  }
  case ArrayOp::ListGetItem:
    return SmallVector<Value>{lite::ListGetItemOp::create(
        builder, location, result, data[0], data[1])};
  case ArrayOp::ListLength:
    return SmallVector<Value>{
        lite::ListLengthOp::create(builder, location, result, data[0])};
  case ArrayOp::ListElementShape: {
    // A constant when the list type says it, else the list's shape without
    // its length.
    auto list = dyn_cast<RankedTensorType>(data[0].getType());
    auto shapeType = cast<RankedTensorType>(result);
    if (list &&
        llvm::none_of(list.getShape().drop_front(), ShapedType::isDynamic)) {
      SmallVector<APInt> dims;
      for (int64_t dim : list.getShape().drop_front())
        dims.push_back(
            APInt(shapeType.getElementTypeBitWidth(), dim, /*isSigned=*/true));
      return SmallVector<Value>{lite::ConstantOp::create(
          builder, location, DenseElementsAttr::get(shapeType, dims))};
    }
    auto vector = [&](int64_t size) {
      return RankedTensorType::get({size}, shapeType.getElementType());
    };
    auto constant = [&](int64_t value) -> Value {
      return lite::ConstantOp::create(
          builder, location,
          DenseElementsAttr::get(
              vector(1), APInt(shapeType.getElementTypeBitWidth(), value,
                               /*isSigned=*/true)));
    };
    Value shape = lite::ShapeOp::create(
        builder, location, vector(list ? list.getRank() : ShapedType::kDynamic),
        data[0]);
    return SmallVector<Value>{lite::SliceOp::create(
        builder, location, result, shape, constant(1), constant(-1))};
  }
  case ArrayOp::ListEmpty: {
    // A resizable list of no elements (TF2's gradient accumulators).
    auto i32 = RankedTensorType::get({}, builder.getI32Type());
    Value zero = lite::ConstantOp::create(
        builder, location,
        DenseElementsAttr::get(i32, builder.getI32IntegerAttr(0)));
    auto reserved =
        lite::ListReserveOp::create(builder, location, result, zero);
    reserved.setResizable(true);
    return SmallVector<Value>{reserved};
  }
  case ArrayOp::ListPushBack: {
    // A write at index length, which grows the list by one.
    return SmallVector<Value>{
        lite::createListPushBack(builder, location, data[0], data[1], result)};
  }
  case ArrayOp::ListPopBack: {
    // The element at length - 1 (an error on an empty list) and the list
    // without it, a slice of its first length - 1 elements.
    auto list = dyn_cast<RankedTensorType>(data[0].getType());
    if (!list)
      return error(index) << "pops from a list whose element shape is not "
                             "known at import";
    if (llvm::any_of(list.getShape().drop_front(), ShapedType::isDynamic))
      return error(index) << "pops from a list whose element shape is not "
                             "static";
    auto [shorter, element] = lite::createListPopBack(
        builder, location, data[0], types[index][0], types[index][1]);
    return SmallVector<Value>{shorter, element};
  }
  case ArrayOp::ListStack: {
    // Every element in order: a gather of 0, 1, ..., length - 1.
    auto i32 = RankedTensorType::get({}, builder.getI32Type());
    auto constant = [&](int32_t value) -> Value {
      return lite::ConstantOp::create(
          builder, location,
          DenseElementsAttr::get(i32, builder.getI32IntegerAttr(value)));
    };
    Value length = lite::ListLengthOp::create(builder, location, i32, data[0]);
    Value indices = lite::RangeOp::create(
        builder, location,
        RankedTensorType::get({ShapedType::kDynamic}, builder.getI32Type()),
        constant(0), length, constant(1));
    return SmallVector<Value>{lite::ListGatherOp::create(
        builder, location, result, data[0], indices)};
  }
  default:
    llvm_unreachable("not a TensorList op");
  }
}

FailureOr<SmallVector<Type>>
GraphImporter::transferTensorArray(int index, ArrayRef<Type> in) {
  const tf::NodeDef &n = node(index);
  ArrayOp op = *arrayOpOf(n.op());
  if (isTensorListOp(op))
    return transferTensorList(index, in);
  std::string why;
  Type i32 = RankedTensorType::get({}, IntegerType::get(context, 32));
  if (op == ArrayOp::Close)
    return SmallVector<Type>{};
  int array = tensorArrayOf[index];
  Type element = arrayElementType(array, why);
  if (!element) {
    error(array) << why;
    return failure();
  }
  auto expectInputs = [&](unsigned expected) -> LogicalResult {
    if (in.size() == expected)
      return success();
    return error(index) << "expects " << expected << " data inputs, has "
                        << in.size();
  };

  if (op == ArrayOp::Create) {
    if (failed(expectInputs(1)))
      return failure();
    // The element shape: declared, else what the writes say.
    Type elementType;
    auto declared = n.attr().find("element_shape");
    if (declared != n.attr().end() &&
        declared->second.value_case() == tf::AttrValue::kShape) {
      auto shape = dyn_cast<RankedTensorType>(
          convertShape(declared->second.shape(), element));
      if (shape && shape.hasStaticShape())
        elementType = shape;
    }
    if (!elementType) {
      for (int user = 0, e = graph.node_size(); user < e; ++user) {
        if (tensorArrayOf[user] != index ||
            kinds[user] != NodeKind::TensorArray)
          continue;
        ArrayOp userOp = *arrayOpOf(node(user).op());
        // The gradient's writes follow the array's shape (their values'
        // shapes are often less known).
        if ((userOp != ArrayOp::Write && userOp != ArrayOp::Scatter) ||
            onGradient[user])
          continue;
        std::optional<InputRef> value = dataInput(inputs[user], kValueInput);
        Type valueType =
            value && value->port < static_cast<int>(types[value->node].size())
                ? types[value->node][value->port]
                : Type();
        if (!valueType) {
          if (waitForInputs)
            return SmallVector<Type>{i32, Type()};
          continue;
        }
        auto ranked = dyn_cast<RankedTensorType>(valueType);
        if (ranked && userOp == ArrayOp::Scatter)
          valueType = ranked.getRank() == 0
                          ? Type(UnrankedTensorType::get(element))
                          : Type(RankedTensorType::get(
                                ranked.getShape().drop_front(), element));
        elementType = joinTypes(elementType, valueType);
      }
    }
    // Only a static element shape makes a ranked list (writes may differ in
    // a dynamic dimension); otherwise the first write decides at run time.
    auto elementShape = dyn_cast_or_null<RankedTensorType>(elementType);
    if (!elementShape || !elementShape.hasStaticShape())
      return SmallVector<Type>{i32, UnrankedTensorType::get(element)};
    auto dynamicSize = n.attr().find("dynamic_size");
    bool resizable = dynamicSize != n.attr().end() && dynamicSize->second.b();
    int64_t size = resizable ? ShapedType::kDynamic
                             : constantLength(constantInputOf(index, 0));
    SmallVector<int64_t> shape{size};
    llvm::append_range(shape, elementShape.getShape());
    return SmallVector<Type>{i32, RankedTensorType::get(shape, element)};
  }

  Type flow = in.size() > flowInputOf(op) ? in[flowInputOf(op)] : Type();
  switch (op) {
  case ArrayOp::Grad:
    // The gradient's handle; the flow passes through.
    if (failed(expectInputs(2)))
      return failure();
    return SmallVector<Type>{i32, flow};
  case ArrayOp::Write:
  case ArrayOp::Scatter:
    if (failed(expectInputs(4)))
      return failure();
    return SmallVector<Type>{flow};
  case ArrayOp::Size:
    if (failed(expectInputs(2)))
      return failure();
    return SmallVector<Type>{i32};
  case ArrayOp::Read:
  case ArrayOp::Gather: {
    if (failed(expectInputs(3)))
      return failure();
    if (!flow)
      return SmallVector<Type>{Type()};
    auto list = dyn_cast<RankedTensorType>(flow);
    if (!list || list.getRank() == 0)
      return SmallVector<Type>{UnrankedTensorType::get(element)};
    SmallVector<int64_t> shape;
    if (op == ArrayOp::Gather) {
      auto indices = dyn_cast_or_null<RankedTensorType>(in[1]);
      shape.push_back(indices && indices.getRank() == 1 ? indices.getDimSize(0)
                                                        : ShapedType::kDynamic);
    }
    llvm::append_range(shape, list.getShape().drop_front());
    return SmallVector<Type>{RankedTensorType::get(shape, element)};
  }
  default:
    llvm_unreachable("handled above");
  }
}

FailureOr<SmallVector<Value>>
GraphImporter::buildTensorArray(int index, OpBuilder &builder,
                                ValueRange data) {
  const tf::NodeDef &n = node(index);
  ArrayOp op = *arrayOpOf(n.op());
  if (isTensorListOp(op))
    return buildTensorList(index, builder, data);
  Location location = loc(index);
  if (op == ArrayOp::Close)
    return SmallVector<Value>{};
  int array = tensorArrayOf[index];
  auto dynamicSize = node(array).attr().find("dynamic_size");
  bool resizable =
      dynamicSize != node(array).attr().end() && dynamicSize->second.b();
  ArrayRef<Type> results = types[index];
  auto dummyHandle = [&](Type type) -> Value {
    auto handleType = cast<RankedTensorType>(type);
    return lite::ConstantOp::create(
        builder, location, handleType,
        DenseElementsAttr::get(handleType, builder.getI32IntegerAttr(0)));
  };
  // An op on the gradient whose flow still carries the forward contents is
  // the gradient's first access: it starts from zeros of the same shape.
  Value list;
  if (op != ArrayOp::Create && op != ArrayOp::Grad) {
    list = data[flowInputOf(op)];
    if (onGradient[index] && !flowOfGradient[index])
      list = lite::ZerosLikeOp::create(builder, location, list);
  }
  // Writes to a gradient add to what is there.
  auto accumulated = [&](Value current, Value update) -> Value {
    return lite::AddOp::create(builder, location, update.getType(), current,
                               update, lite::ActivationFunctionType::NONE);
  };
  switch (op) {
  case ArrayOp::Grad:
    return SmallVector<Value>{dummyHandle(results[0]), data[1]};
  case ArrayOp::Create: {
    // An unranked list: the element shape is the first write's.
    Value handle = dummyHandle(results[0]);
    auto reserved =
        lite::ListReserveOp::create(builder, location, results[1], data[0]);
    reserved.setResizable(resizable);
    return SmallVector<Value>{handle, reserved};
  }
  case ArrayOp::Write: {
    Value item = data[2];
    if (onGradient[index])
      item = accumulated(lite::ListGetItemOp::create(
                             builder, location, item.getType(), list, data[1]),
                         item);
    auto set = lite::ListSetItemOp::create(builder, location, results[0], list,
                                           data[1], item);
    set.setResizable(resizable);
    return SmallVector<Value>{set.getResult()};
  }
  case ArrayOp::Scatter: {
    Value items = data[2];
    if (onGradient[index])
      items =
          accumulated(lite::ListGatherOp::create(
                          builder, location, items.getType(), list, data[1]),
                      items);
    auto scatter = lite::ListScatterOp::create(builder, location, results[0],
                                               list, data[1], items);
    scatter.setResizable(resizable);
    return SmallVector<Value>{scatter.getResult()};
  }
  case ArrayOp::Read:
    return SmallVector<Value>{lite::ListGetItemOp::create(
        builder, location, results[0], list, data[1])};
  case ArrayOp::Gather:
    return SmallVector<Value>{lite::ListGatherOp::create(
        builder, location, results[0], list, data[1])};
  case ArrayOp::Size:
    return SmallVector<Value>{
        lite::ListLengthOp::create(builder, location, results[0], list)};
  default:
    break;
  }
  llvm_unreachable("handled above");
}
