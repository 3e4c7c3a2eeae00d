// RUN: sluice-opt %s -split-input-file -lite-legalize-lists -verify-diagnostics | FileCheck %s
// RUN: sluice-opt %s -split-input-file -lite-legalize-lists=checked-writes=true -verify-diagnostics | FileCheck %s --check-prefix=CHECKED

// With checked-writes (the native pipeline), list_set_item stays for the
// lowering, which checks the index; everything else is rewritten the same.
// CHECKED-LABEL: func.func @static_list
// CHECKED: lite.fill
// CHECKED-NOT: lite.dynamic_update_slice
// CHECKED: lite.list_set_item %{{.*}} : (tensor<4x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<4x3xf32>
// CHECKED-NOT: lite.dynamic_update_slice
// CHECKED: lite.gather

// -lite-legalize-lists: each list op as TFLite builtins on the list's tensor.

// CHECK-LABEL: func.func @static_list
func.func @static_list(%i: tensor<i32>, %x: tensor<3xf32>) -> (tensor<3xf32>, tensor<i32>) {
  %n = lite.constant dense<4> : tensor<i32>
  // CHECK-DAG: %[[DIMS:.*]] = lite.constant dense<[4, 3]> : tensor<2xi32>
  // CHECK-DAG: %[[ZERO:.*]] = lite.constant dense<0.000000e+00> : tensor<f32>
  // CHECK: %[[L:.*]] = lite.fill %[[DIMS]], %[[ZERO]] : (tensor<2xi32>, tensor<f32>) -> tensor<4x3xf32>
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<4x3xf32>
  // CHECK: %[[ROW:.*]] = lite.reshape %{{.*}}, %{{.*}} : (tensor<3xf32>, tensor<2xi32>) -> tensor<1x3xf32>
  // CHECK: %[[I:.*]] = lite.reshape %{{.*}}, %{{.*}} : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  // CHECK: %[[START:.*]] = lite.concatenation %[[I]], %{{.*}} {axis = 0 : i32}
  // CHECK: %[[L1:.*]] = lite.dynamic_update_slice %[[L]], %[[ROW]], %[[START]]
  %l1 = lite.list_set_item %l[%i], %x : (tensor<4x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<4x3xf32>
  // CHECK: lite.gather %[[L1]], %{{.*}} : (tensor<4x3xf32>, tensor<i32>) -> tensor<3xf32>
  %x1 = lite.list_get_item %l1[%i] : (tensor<4x3xf32>, tensor<i32>) -> tensor<3xf32>
  // CHECK: %[[LEN:.*]] = lite.constant dense<4> : tensor<i32>
  // CHECK-NOT: lite.list_
  // CHECK: return %{{.*}}, %[[LEN]]
  %len = lite.list_length %l1 : (tensor<4x3xf32>) -> tensor<i32>
  return %x1, %len : tensor<3xf32>, tensor<i32>
}

// -----

// A list of run-time length: the fill's dims and the length are computed.
// CHECK-LABEL: func.func @dynamic_length
func.func @dynamic_length(%n: tensor<i32>, %is: tensor<2xi32>) -> (tensor<2x3xf32>, tensor<i32>) {
  // CHECK: %[[N:.*]] = lite.reshape %{{.*}}, %{{.*}} : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  // CHECK: %[[DIMS:.*]] = lite.concatenation %[[N]], %{{.*}} {axis = 0 : i32} : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  // CHECK: %[[L:.*]] = lite.fill %[[DIMS]]
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<?x3xf32>
  // CHECK: lite.gather %[[L]], %{{.*}} : (tensor<?x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %g = lite.list_gather %l[%is] : (tensor<?x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  // CHECK: %[[SHAPE:.*]] = lite.shape %[[L]]
  // CHECK: lite.gather %[[SHAPE]], %{{.*}} : (tensor<2xi32>, tensor<i32>) -> tensor<i32>
  %len = lite.list_length %l : (tensor<?x3xf32>) -> tensor<i32>
  return %g, %len : tensor<2x3xf32>, tensor<i32>
}

// -----

// Unstack: a scatter to every index in order is the scattered tensor.
// CHECK-LABEL: func.func @unstack
// CHECK-SAME: (%[[XS:.*]]: tensor<4x2xf32>)
func.func @unstack(%xs: tensor<4x2xf32>) -> tensor<2xf32> {
  %n = lite.constant dense<4> : tensor<i32>
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<4x2xf32>
  %is = lite.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %l1 = lite.list_scatter %l[%is], %xs : (tensor<4x2xf32>, tensor<4xi32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  %i = lite.constant dense<2> : tensor<i32>
  // CHECK: lite.gather %[[XS]]
  %x = lite.list_get_item %l1[%i] : (tensor<4x2xf32>, tensor<i32>) -> tensor<2xf32>
  return %x : tensor<2xf32>
}

// -----

func.func @resizable(%l: tensor<?x3xf32>, %i: tensor<i32>, %x: tensor<3xf32>) -> tensor<?x3xf32> {
  // expected-error@+1 {{cannot be compiled (TFLite export, native code): the list grows at run time (a TensorArray with dynamic_size, or a TF2 TensorList pushed back, as gradients of loops accumulate), so its length has no bound; give the TensorArray a fixed size}}
  %r = lite.list_set_item %l[%i], %x {resizable} : (tensor<?x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// -----

func.func @scatter_some(%l: tensor<4x3xf32>, %xs: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %is = lite.constant dense<[2, 0]> : tensor<2xi32>
  // expected-error@+1 {{cannot be compiled (TFLite export, native code): only a scatter to every index of a list of static shape, in order (an unstack), is supported}}
  %r = lite.list_scatter %l[%is], %xs : (tensor<4x3xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

// A list reserved without an element shape takes the one its writes give,
// through the loop that carries it.
// CHECK-LABEL: func.func @resolved
func.func @resolved(%x: tensor<2xf32>) -> tensor<*xf32> {
  %n = lite.constant dense<3> : tensor<i32>
  %zero = lite.constant dense<0> : tensor<i32>
  // CHECK: lite.fill %{{.*}}, %{{.*}} : (tensor<2xi32>, tensor<f32>) -> tensor<3x2xf32>
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  // CHECK: lite.while
  // CHECK-SAME: tensor<3x2xf32>
  %r:2 = lite.while (%i = %zero, %a = %l) : (tensor<i32>, tensor<*xf32>) -> (tensor<i32>, tensor<*xf32>) cond {
    %c = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %c : tensor<i1>
  } body {
    // CHECK: lite.dynamic_update_slice
    %a1 = lite.list_set_item %a[%i], %x : (tensor<*xf32>, tensor<i32>, tensor<2xf32>) -> tensor<*xf32>
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %a1 : tensor<i32>, tensor<*xf32>
  }
  return %r#1 : tensor<*xf32>
}

// -----

func.func @unknown_element_shape(%n: tensor<i32>, %i: tensor<i32>, %x: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error@+1 {{cannot be compiled (TFLite export, native code): the shape of the list's elements is unknown: no value written to or read from it has a static shape}}
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  %l1 = lite.list_set_item %l[%i], %x : (tensor<*xf32>, tensor<i32>, tensor<*xf32>) -> tensor<*xf32>
  return %l1 : tensor<*xf32>
}

// -----

func.func @contradicting_writes(%n: tensor<i32>, %i: tensor<i32>, %x: tensor<2xf32>, %y: tensor<3xf32>) -> tensor<*xf32> {
  // expected-error@+1 {{the list's elements are written or read with shapes that contradict each other: [2] and [3]}}
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  %l1 = lite.list_set_item %l[%i], %x : (tensor<*xf32>, tensor<i32>, tensor<2xf32>) -> tensor<*xf32>
  %l2 = lite.list_set_item %l1[%i], %y : (tensor<*xf32>, tensor<i32>, tensor<3xf32>) -> tensor<*xf32>
  return %l2 : tensor<*xf32>
}
