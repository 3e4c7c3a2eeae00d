//===- TensorIO.cpp - tensors from attributes and JSON --------------------===//

#include "sluice/Kernels/TensorIO.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace sluice::interp;
namespace json = llvm::json;

DenseElementsAttr sluice::interp::tensorToAttr(const Tensor &tensor,
                                               RankedTensorType type) {
  if (tensor.getDType() == DType::Bool) {
    SmallVector<bool> values(tensor.values<bool>());
    return DenseElementsAttr::get(type, values);
  }
  // The other dtypes are laid out as MLIR's dense storage: row-major,
  // natural width.
  ArrayRef<char> bytes(tensor.data<char>(),
                       tensor.getNumElements() *
                           getDTypeSize(tensor.getDType()));
  return DenseElementsAttr::getFromRawBuffer(type, bytes);
}

FailureOr<Tensor> sluice::interp::tensorFromAttr(ElementsAttr attr,
                                                 std::string &error) {
  auto type = cast<ShapedType>(attr.getType());
  std::optional<DType> dtype = getDType(type.getElementType());
  if (!dtype || !type.hasStaticShape()) {
    error = llvm::formatv("unsupported constant type {0}", type);
    return failure();
  }
  Tensor result(*dtype, type.getShape());
  int64_t count = result.getNumElements();
  if (isFloat(*dtype)) {
    auto values = attr.tryGetValues<APFloat>();
    if (!values) {
      error = "constant values cannot be read as floats";
      return failure();
    }
    int64_t i = 0;
    for (const APFloat &v : *values) {
      if (i == count)
        break;
      if (*dtype == DType::Float32)
        result.mutableData<float>()[i++] = v.convertToFloat();
      else
        result.mutableData<double>()[i++] = v.convertToDouble();
    }
    return result;
  }
  auto values = attr.tryGetValues<APInt>();
  if (!values) {
    error = "constant values cannot be read as integers";
    return failure();
  }
  int64_t i = 0;
  bool isUnsigned = *dtype == DType::UInt8 || *dtype == DType::Bool;
  for (const APInt &v : *values) {
    if (i == count)
      break;
    int64_t x =
        isUnsigned ? static_cast<int64_t>(v.getZExtValue()) : v.getSExtValue();
    result.setElement(i++, x);
  }
  return result;
}

static json::Value elementToJSON(const Tensor &tensor, int64_t index) {
  switch (tensor.getDType()) {
  case DType::Bool:
    return tensor.data<bool>()[index];
  case DType::Float32:
  case DType::Float64: {
    double v = tensor.getAsDouble(index);
    if (std::isnan(v))
      return "nan";
    if (std::isinf(v))
      return v > 0 ? "inf" : "-inf";
    return v;
  }
  default:
    return tensor.getAsInt(index);
  }
}

json::Object sluice::interp::tensorToJSON(const Tensor &tensor) {
  json::Array shape;
  for (int64_t size : tensor.getShape())
    shape.push_back(size);
  json::Array data;
  for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i)
    data.push_back(elementToJSON(tensor, i));
  return json::Object{{"dtype", getDTypeName(tensor.getDType())},
                      {"shape", std::move(shape)},
                      {"data", std::move(data)}};
}

namespace {
/// Flattens nested arrays into `flat`, recording the shape of the nesting.
bool flatten(const json::Value &value, int64_t depth,
             SmallVectorImpl<int64_t> &shape,
             SmallVectorImpl<const json::Value *> &flat, std::string &error) {
  const json::Array *array = value.getAsArray();
  if (!array) {
    if (depth != static_cast<int64_t>(shape.size()) && !shape.empty()) {
      error = "ragged nested array";
      return false;
    }
    flat.push_back(&value);
    return true;
  }
  if (depth == static_cast<int64_t>(shape.size())) {
    if (!flat.empty()) {
      error = "ragged nested array";
      return false;
    }
    shape.push_back(array->size());
  } else if (depth > static_cast<int64_t>(shape.size()) ||
             shape[depth] != static_cast<int64_t>(array->size())) {
    error = "ragged nested array";
    return false;
  }
  for (const json::Value &element : *array)
    if (!flatten(element, depth + 1, shape, flat, error))
      return false;
  return true;
}

/// Stores the integer `value` (an int64_t, or a double without a fraction)
/// as element `index` of `tensor`, of an integer or bool `dtype`; fails,
/// setting `error`, when the dtype cannot hold it (converting it would be
/// undefined behaviour for a double, and wrap for an int64_t).
template <typename V>
bool storeInteger(V value, DType dtype, Tensor &tensor, int64_t index,
                  std::string &error) {
  bool fits = dispatchDType(dtype, [&](auto tag) {
    using T = decltype(tag);
    using Limits = std::numeric_limits<T>;
    if constexpr (std::is_floating_point_v<T>)
      return true;
    else if constexpr (std::is_integral_v<V>)
      return value >= static_cast<int64_t>(Limits::min()) &&
             value <= static_cast<int64_t>(Limits::max());
    else
      // max + 1 is exact in a double (a power of two), max itself is not
      // for int64.
      return value >= static_cast<double>(Limits::min()) &&
             value < static_cast<double>(Limits::max()) + 1;
  });
  if (!fits) {
    error = llvm::formatv("element #{0} ({1}) does not fit {2}", index, value,
                          getDTypeName(dtype));
    return false;
  }
  tensor.setElement(index, value);
  return true;
}

bool readElement(const json::Value &value, DType dtype, Tensor &tensor,
                 int64_t index, std::string &error) {
  double number;
  std::optional<double> asFloat =
      isFloat(dtype) ? value.getAsNumber() : std::nullopt;
  if (std::optional<bool> b = value.getAsBoolean()) {
    number = *b;
  } else if (asFloat) {
    // Read as a double first: getAsInteger would read -0.0 as 0.
    number = *asFloat;
  } else if (std::optional<int64_t> i = value.getAsInteger()) {
    number = static_cast<double>(*i);
    if (!isFloat(dtype))
      return storeInteger(*i, dtype, tensor, index, error);
  } else if (std::optional<double> d = value.getAsNumber()) {
    number = *d;
  } else if (std::optional<StringRef> s = value.getAsString();
             s && isFloat(dtype) &&
             (*s == "nan" || *s == "inf" || *s == "-inf")) {
    number = *s == "nan" ? NAN : *s == "inf" ? INFINITY : -INFINITY;
  } else {
    error = llvm::formatv("element #{0} is not a number", index);
    return false;
  }
  if (!isFloat(dtype) && number != std::floor(number)) {
    error =
        llvm::formatv("element #{0} ({1}) is not an integer", index, number);
    return false;
  }
  if (!isFloat(dtype))
    return storeInteger(number, dtype, tensor, index, error);
  tensor.setElement(index, number);
  return true;
}
} // namespace

FailureOr<Tensor>
sluice::interp::tensorFromJSON(const json::Value &value, DType dtype,
                               std::optional<ArrayRef<int64_t>> expectedShape,
                               std::string &error) {
  const json::Value *data = &value;
  std::optional<SmallVector<int64_t>> declaredShape;
  if (const json::Object *object = value.getAsObject()) {
    if (std::optional<StringRef> name = object->getString("dtype")) {
      std::optional<DType> declared = parseDTypeName(*name);
      if (!declared) {
        error = llvm::formatv("unknown dtype '{0}'", *name);
        return failure();
      }
      if (*declared != dtype) {
        error = llvm::formatv("has dtype {0} but {1} is expected", *name,
                              getDTypeName(dtype));
        return failure();
      }
    }
    if (const json::Array *shape = object->getArray("shape")) {
      declaredShape.emplace();
      for (const json::Value &size : *shape) {
        std::optional<int64_t> n = size.getAsInteger();
        if (!n || *n < 0) {
          error = "shape entries must be non-negative integers";
          return failure();
        }
        declaredShape->push_back(*n);
      }
    }
    data = object->get("data");
    if (!data) {
      error = "missing \"data\"";
      return failure();
    }
  }
  SmallVector<int64_t> nestedShape;
  SmallVector<const json::Value *> flat;
  if (!flatten(*data, 0, nestedShape, flat, error))
    return failure();
  // An object's "shape" wins (its data may be flat); a plain array's shape
  // is its nesting.
  SmallVector<int64_t> shape = declaredShape ? *declaredShape : nestedShape;
  if (expectedShape && !fitsShape(shape, *expectedShape)) {
    std::string expected = "[";
    for (auto [i, size] : llvm::enumerate(*expectedShape))
      expected += (i ? ", " : "") + (ShapedType::isDynamic(size)
                                         ? std::string("?")
                                         : std::to_string(size));
    error = llvm::formatv("has shape {0} but the program expects {1}]",
                          shapeString(shape), expected);
    return failure();
  }
  // A shape's element count may overflow int64 (the inputs fuzzer's
  // [6261240195261677040, 2]): it needs more values than any data holds.
  int64_t needed = 1;
  bool overflows = false;
  for (int64_t size : shape)
    overflows |= llvm::MulOverflow(needed, size, needed) != 0;
  if (overflows || static_cast<int64_t>(flat.size()) != needed) {
    error = llvm::formatv("has {0} values but shape {1} needs {2}", flat.size(),
                          shapeString(shape),
                          overflows ? std::string("more than 2^63")
                                    : std::to_string(needed));
    return failure();
  }
  Tensor result(dtype, shape);
  for (auto [index, element] : llvm::enumerate(flat))
    if (!readElement(*element, dtype, result, index, error))
      return failure();
  return result;
}
