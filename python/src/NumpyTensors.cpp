//===- NumpyTensors.cpp - numpy arrays <-> interpreter tensors ------------===//

#include "NumpyTensors.h"

#include "llvm/Support/SwapByteOrder.h"

#include <cstring>

namespace py = pybind11;

namespace sluice::python {

std::optional<interp::DType> getDType(const py::dtype &dtype) {
  using interp::DType;
  // The attribute, not pybind11's dtype::itemsize(): that one reads the
  // descriptor's struct, whose layout numpy 2 changed (Debian's pybind11
  // 2.10 predates it).
  ssize_t size = dtype.attr("itemsize").cast<ssize_t>();
  switch (dtype.kind()) {
  case 'b':
    return DType::Bool;
  case 'i':
    if (size == 1)
      return DType::Int8;
    if (size == 4)
      return DType::Int32;
    if (size == 8)
      return DType::Int64;
    return std::nullopt;
  case 'u':
    if (size == 1)
      return DType::UInt8;
    return std::nullopt;
  case 'f':
    if (size == 4)
      return DType::Float32;
    if (size == 8)
      return DType::Float64;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

py::dtype getNumpyDType(interp::DType dtype) {
  return interp::dispatchDType(
      dtype, [](auto tag) { return py::dtype::of<decltype(tag)>(); });
}

std::optional<interp::Tensor> tensorFromArray(const py::array &array) {
  std::optional<interp::DType> dtype = getDType(array.dtype());
  if (!dtype)
    return std::nullopt;
  // Row-major, native byte order: the tensor's layout. An array that has
  // it already is copied as it is; others go through numpy.asarray (its
  // ascontiguousarray would make a 0-d array 1-d).
  char order = array.dtype().byteorder();
  bool nativeOrder = order == '=' || order == '|' ||
                     order == (llvm::sys::IsLittleEndianHost ? '<' : '>');
  py::array contiguous =
      nativeOrder && (array.flags() & py::array::c_style)
          ? array
          : py::array(py::module_::import("numpy").attr("asarray")(
                array, py::arg("dtype") = getNumpyDType(*dtype),
                py::arg("order") = "C"));
  llvm::SmallVector<int64_t> shape(contiguous.shape(),
                                   contiguous.shape() + contiguous.ndim());
  interp::Tensor tensor(*dtype, shape);
  size_t bytes = tensor.getNumElements() * interp::getDTypeSize(*dtype);
  if (bytes > 0)
    std::memcpy(tensor.mutableData<char>(), contiguous.data(), bytes);
  return tensor;
}

py::array arrayFromTensor(const interp::Tensor &tensor) {
  std::vector<ssize_t> shape(tensor.getShape().begin(),
                             tensor.getShape().end());
  // Row-major strides given, not derived by pybind11 from the descriptor's
  // item size (see getDType).
  ssize_t itemSize = interp::getDTypeSize(tensor.getDType());
  std::vector<ssize_t> strides(shape.size(), itemSize);
  for (size_t i = shape.size(); i > 1; --i)
    strides[i - 2] = strides[i - 1] * std::max<ssize_t>(shape[i - 1], 1);
  py::array array(getNumpyDType(tensor.getDType()), shape, strides);
  size_t bytes = tensor.getNumElements() * itemSize;
  if (bytes > 0)
    std::memcpy(array.mutable_data(), tensor.data<char>(), bytes);
  return array;
}

} // namespace sluice::python
