// The shipped examples parse, verify and round-trip.
// RUN: sluice-opt %sluice_src_root/examples/while_executor.mlir | sluice-opt | FileCheck %s --check-prefix=EXEC
// RUN: sluice-opt %sluice_src_root/examples/while_lite.mlir | sluice-opt | FileCheck %s --check-prefix=LITE

// EXEC-LABEL: func.func @main
// EXEC: executor.graph
// EXEC: executor.enter %{{.*}} frame "while/while_context"
// EXEC: executor.next_iteration
// EXEC: executor.fetch

// LITE-LABEL: func.func @main
// LITE: lite.while (%[[I:.*]] = %{{.*}}) : (tensor<i32>) -> tensor<i32> cond {
// LITE: lite.less %[[I]]
// LITE: } body {
// LITE: lite.add %[[I]]

// Both forms of the loop compute 10 in the reference interpreter.
// RUN: sluice-run %sluice_src_root/examples/while_executor.mlir | FileCheck %s --check-prefix=RESULT
// RUN: sluice-run %sluice_src_root/examples/while_lite.mlir | FileCheck %s --check-prefix=RESULT
// RESULT: {"outputs":[{"data":[10],"dtype":"int32","name":"output0","shape":[]}]}
