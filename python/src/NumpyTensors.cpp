//===- NumpyTensors.cpp - numpy arrays <-> interpreter tensors ------------===//

#include "NumpyTensors.h"

#include "llvm/Support/SwapByteOrder.h"

#include <cstring>

namespace py = pybind11;

namespace sluice::python {

std::optional<interp::DType> getDType(const py::dtype &dtype) {
  using interp::DType;
  ssize_t size = dtype.itemsize();
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
  if (contiguous.nbytes() > 0)
    std::memcpy(tensor.mutableData<char>(), contiguous.data(),
                contiguous.nbytes());
  return tensor;
}

py::array arrayFromTensor(const interp::Tensor &tensor) {
  std::vector<ssize_t> shape(tensor.getShape().begin(),
                             tensor.getShape().end());
  py::array array(getNumpyDType(tensor.getDType()), shape);
  size_t bytes =
      tensor.getNumElements() * interp::getDTypeSize(tensor.getDType());
  if (bytes > 0)
    std::memcpy(array.mutable_data(), tensor.data<char>(), bytes);
  return array;
}

} // namespace sluice::python
