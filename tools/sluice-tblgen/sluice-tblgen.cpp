//===- sluice-tblgen.cpp - Sluice's TableGen backends ---------------------===//
//
// mlir-tblgen with Sluice's own backends (LiteElementwiseGen.cpp): the code
// each layer needs of an op, generated from the op's one record.
//
//===----------------------------------------------------------------------===//

#include "mlir/Tools/mlir-tblgen/MlirTblgenMain.h"

int main(int argc, char **argv) { return mlir::MlirTblgenMain(argc, argv); }
