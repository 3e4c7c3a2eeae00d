//===- ProgramIO.cpp - inputs and outputs of a run as JSON ----------------===//

#include "sluice/Interpreter/ProgramIO.h"

#include "sluice/Kernels/TensorIO.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace sluice::interp;

FailureOr<SmallVector<Tensor>>
sluice::interp::parseInputs(func::FuncOp function, StringRef text,
                            std::string &error) {
  unsigned count = function.getNumArguments();
  if (text.trim().empty()) {
    if (count == 0)
      return SmallVector<Tensor>();
    error = llvm::formatv("@{0} takes {1} argument(s) but no inputs were "
                          "given (--inputs=FILE.json)",
                          function.getSymName(), count);
    return failure();
  }
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(text);
  if (!json) {
    error = "inputs are not valid JSON: " + llvm::toString(json.takeError());
    return failure();
  }
  SmallVector<const llvm::json::Value *> values(count, nullptr);
  if (const llvm::json::Array *array = json->getAsArray()) {
    if (array->size() != count) {
      error = llvm::formatv("@{0} takes {1} argument(s), the inputs array "
                            "has {2}",
                            function.getSymName(), count, array->size());
      return failure();
    }
    for (unsigned i = 0; i < count; ++i)
      values[i] = &(*array)[i];
  } else if (const llvm::json::Object *object = json->getAsObject()) {
    for (unsigned i = 0; i < count; ++i) {
      values[i] = object->get(getArgumentName(function, i));
      if (!values[i]) {
        error =
            llvm::formatv("missing input '{0}'", getArgumentName(function, i));
        return failure();
      }
    }
    for (const auto &entry : *object) {
      bool known = false;
      for (unsigned i = 0; i < count && !known; ++i)
        known = entry.first.str() == getArgumentName(function, i);
      if (!known) {
        error = llvm::formatv("unknown input '{0}'", entry.first.str());
        return failure();
      }
    }
  } else {
    error = "inputs must be a JSON object keyed by argument name or an array";
    return failure();
  }
  SmallVector<Tensor> inputs;
  for (unsigned i = 0; i < count; ++i) {
    auto type = dyn_cast<TensorType>(function.getArgumentTypes()[i]);
    std::optional<DType> dtype =
        type ? getDType(type.getElementType()) : std::nullopt;
    if (!dtype) {
      error = llvm::formatv("argument '{0}' has type {1}, which the "
                            "interpreter does not support",
                            getArgumentName(function, i),
                            function.getArgumentTypes()[i]);
      return failure();
    }
    std::optional<ArrayRef<int64_t>> shape;
    if (auto ranked = dyn_cast<RankedTensorType>(type))
      shape = ranked.getShape();
    std::string why;
    FailureOr<Tensor> tensor = tensorFromJSON(*values[i], *dtype, shape, why);
    if (failed(tensor)) {
      error =
          llvm::formatv("input '{0}' {1}", getArgumentName(function, i), why);
      return failure();
    }
    inputs.push_back(std::move(*tensor));
  }
  return inputs;
}

std::string sluice::interp::formatOutputs(func::FuncOp function,
                                          ArrayRef<Tensor> results) {
  llvm::json::Array outputs;
  for (auto [index, tensor] : llvm::enumerate(results)) {
    llvm::json::Object object = tensorToJSON(tensor);
    object["name"] = getResultName(function, index);
    outputs.push_back(std::move(object));
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::json::Value(llvm::json::Object{{"outputs", std::move(outputs)}});
  return text;
}
