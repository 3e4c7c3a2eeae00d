// RUN: sluice-opt %s -split-input-file | sluice-opt -split-input-file | FileCheck %s
// RUN: sluice-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=CANON

// lite.assert round-trips and stays through canonicalization (its effect on
// the module's state keeps it, though it has no results, and keeps the
// lite.if around it); errors: assert-invalid.mlir.

// CHECK-LABEL: func.func @check
// CHECK: lite.assert %{{.*}}, "x must be positive" : tensor<i1>
// CHECK: lite.assert %{{.*}}, "[legacy scalar]" : tensor<1xi1>
// CANON-LABEL: func.func @check
// CANON: lite.assert
// CANON: lite.assert
func.func @check(%x: tensor<f32>, %b: tensor<1xi1>) -> tensor<f32> {
  %zero = lite.constant dense<0.0> : tensor<f32>
  %ok = lite.greater %x, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>
  lite.assert %ok, "x must be positive" : tensor<i1>
  lite.assert %b, "[legacy scalar]" : tensor<1xi1>
  return %x : tensor<f32>
}

// -----

// An if whose only work is an assertion is not dead.
// CANON-LABEL: func.func @guard
// CANON: lite.if
// CANON: lite.assert %{{.*}}, "guarded"
func.func @guard(%p: tensor<i1>) {
  lite.if %p {
    lite.yield
  } else {
    lite.assert %p, "guarded" : tensor<i1>
    lite.yield
  }
  return
}
