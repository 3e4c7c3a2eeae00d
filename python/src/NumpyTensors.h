//===- NumpyTensors.h - numpy arrays <-> interpreter tensors ----*- C++ -*-===//
//
// The dtypes map both ways exactly: numpy bool, int8, uint8, int32, int64,
// float32 and float64 are the interpreter's DTypes of the same names; any
// other numpy dtype is refused, never converted. Arrays are copied (any
// strides and byte order in, C-contiguous native-order arrays out).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_PYTHON_NUMPYTENSORS_H
#define SLUICE_PYTHON_NUMPYTENSORS_H

#include "sluice/Kernels/Tensor.h"

#include <pybind11/numpy.h>

#include <optional>

namespace sluice::python {

/// The interpreter dtype of a numpy dtype, if Sluice has one.
std::optional<interp::DType> getDType(const pybind11::dtype &dtype);

/// The numpy dtype of an interpreter dtype.
pybind11::dtype getNumpyDType(interp::DType dtype);

/// A copy of `array`, or none if its dtype has no interpreter dtype.
std::optional<interp::Tensor> tensorFromArray(const pybind11::array &array);

/// A new numpy array holding a copy of `tensor`.
pybind11::array arrayFromTensor(const interp::Tensor &tensor);

} // namespace sluice::python

#endif // SLUICE_PYTHON_NUMPYTENSORS_H
