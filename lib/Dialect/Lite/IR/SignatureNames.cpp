//===- SignatureNames.cpp - names of a program's inputs and outputs -------===//

#include "sluice/Dialect/Lite/IR/SignatureNames.h"

using namespace mlir;

std::string sluice::getArgumentName(func::FuncOp function, unsigned index) {
  if (auto name = function.getArgAttrOfType<StringAttr>(index, kNameAttr))
    return name.str();
  return "arg" + std::to_string(index);
}

std::string sluice::getResultName(func::FuncOp function, unsigned index) {
  if (auto name = function.getResultAttrOfType<StringAttr>(index, kNameAttr))
    return name.str();
  return "output" + std::to_string(index);
}
