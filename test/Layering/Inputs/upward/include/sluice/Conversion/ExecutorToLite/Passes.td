// A conversion pass: its tests belong under test/Conversion/ExecutorToLite.
def ExecutorLiftControlFlowPass : Pass<"executor-lift-control-flow", "::mlir::ModuleOp"> {
}
