// RUN: sluice-opt %s -split-input-file -lite-fold-constants | FileCheck %s
// RUN: sluice-opt %s -split-input-file -lite-fold-constants=max-elements=2 | FileCheck %s --check-prefix=SMALL

// Ops on constants are evaluated with the reference kernels, through chains.
// CHECK-LABEL: func.func @predicate
// CHECK-NOT: lite.reduce_max
// CHECK-NOT: lite.less_equal
// CHECK-NOT: lite.reshape
// CHECK: %[[P:.*]] = lite.constant dense<false> : tensor<i1>
// CHECK: return %[[P]]
func.func @predicate() -> tensor<i1> {
  %c = lite.constant dense<[3, 1, 2]> : tensor<3xi32>
  %axis = lite.constant dense<0> : tensor<1xi32>
  %zero = lite.constant dense<0> : tensor<i32>
  %empty = lite.constant dense<> : tensor<0xi32>
  %m = lite.reduce_max %c, %axis : (tensor<3xi32>, tensor<1xi32>) -> tensor<i32>
  %le = lite.less_equal %m, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %p = lite.reshape %le, %empty : (tensor<i1>, tensor<0xi32>) -> tensor<i1>
  return %p : tensor<i1>
}

// -----

// Results keep their exact values and types (float, unsigned).
// CHECK-LABEL: func.func @values
// CHECK-DAG: lite.constant dense<[2.500000e+00, -1.000000e+00]> : tensor<2xf32>
// CHECK-DAG: lite.constant dense<[4, 0]> : tensor<2xui8>
// SMALL-LABEL: func.func @values
// SMALL-NOT: lite.add
func.func @values() -> (tensor<2xf32>, tensor<2xui8>) {
  %a = lite.constant dense<[1.0, -3.0]> : tensor<2xf32>
  %b = lite.constant dense<[1.5, 2.0]> : tensor<2xf32>
  %s = lite.add %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %x = lite.constant dense<[250, 255]> : tensor<2xui8>
  %y = lite.constant dense<[10, 1]> : tensor<2xui8>
  %u = lite.add %x, %y : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xui8>
  return %s, %u : tensor<2xf32>, tensor<2xui8>
}

// -----

// Left alone: an op that fails at run time (the run reports it), an operand
// that is not constant, a dynamically shaped result, and results larger than
// max-elements.
// CHECK-LABEL: func.func @left
// CHECK: lite.floor_div
// CHECK: lite.neg
// CHECK: lite.fill
// SMALL-LABEL: func.func @left
// SMALL: lite.fill %{{.*}} : (tensor<1xi32>, tensor<f32>) -> tensor<3xf32>
func.func @left(%x: tensor<f32>, %shape: tensor<1xi32>) -> (tensor<i32>, tensor<f32>, tensor<?xf32>, tensor<3xf32>) {
  %a = lite.constant dense<7> : tensor<i32>
  %z = lite.constant dense<0> : tensor<i32>
  %d = lite.floor_div %a, %z : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %n = lite.neg %x : tensor<f32>
  %one = lite.constant dense<1.0> : tensor<f32>
  %f = lite.fill %shape, %one : (tensor<1xi32>, tensor<f32>) -> tensor<?xf32>
  %three = lite.constant dense<3> : tensor<1xi32>
  %g = lite.fill %three, %one : (tensor<1xi32>, tensor<f32>) -> tensor<3xf32>
  return %d, %n, %f, %g : tensor<i32>, tensor<f32>, tensor<?xf32>, tensor<3xf32>
}

// -----

// A result larger than max-elements is folded when it replaces a constant
// at least as large that only the op reads (a weight transposed at import);
// not when that constant has other readers (folding would hold both).
// SMALL-LABEL: func.func @replaces
// SMALL: %[[T:.*]] = lite.constant dense<{{\[\[}}1, 3], [2, 4]]> : tensor<2x2xi32>
// SMALL: lite.transpose %[[W:.*]], %{{.*}}
// SMALL: return %[[T]], %{{.*}}, %[[W]]
func.func @replaces() -> (tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xi32>) {
  %w = lite.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %perm = lite.constant dense<[1, 0]> : tensor<2xi32>
  %t = lite.transpose %w, %perm : (tensor<2x2xi32>, tensor<2xi32>) -> tensor<2x2xi32>
  %v = lite.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %u = lite.transpose %v, %perm : (tensor<2x2xi32>, tensor<2xi32>) -> tensor<2x2xi32>
  return %t, %u, %v : tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xi32>
}
