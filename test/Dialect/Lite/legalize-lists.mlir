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

// A resizable list becomes a storage list and a length: a write grows the
// storage when the index does not fit (to twice its capacity, or to the
// index), writes in place, and the length becomes max(length, index + 1). A
// list the rewrite did not produce (an argument) is its own storage, as long
// as it is; what reads the list sees the first `length` elements.

// CHECK-LABEL: func.func @resizable
// CHECK-SAME: (%[[L:.*]]: tensor<?x3xf32>, %[[I:.*]]: tensor<i32>, %[[X:.*]]: tensor<3xf32>)
// CHECK: %[[LEN:.*]] = lite.gather %{{.*}}, %{{.*}} : (tensor<2xi32>, tensor<i32>) -> tensor<i32>
// CHECK: %[[NEED:.*]] = lite.add %[[I]], %{{.*}} : (tensor<i32>, tensor<i32>) -> tensor<i32>
// CHECK: %[[CAP:.*]] = lite.gather
// CHECK: %[[FULL:.*]] = lite.greater %[[NEED]], %[[CAP]]
// CHECK: %[[GROWN:.*]] = lite.if %[[FULL]] -> (tensor<?x3xf32>) {
// CHECK:   %[[DOUBLE:.*]] = lite.mul %[[CAP]], %{{.*}}
// CHECK:   %[[NEWCAP:.*]] = lite.maximum %[[NEED]], %[[DOUBLE]]
// CHECK:   %[[EXTRA:.*]] = lite.sub %[[NEWCAP]], %[[CAP]]
// CHECK:   %[[SPARE:.*]] = lite.fill
// CHECK:   %[[JOINED:.*]] = lite.concatenation %[[L]], %[[SPARE]] {axis = 0 : i32}
// CHECK:   lite.yield %[[JOINED]]
// CHECK: } else {
// CHECK:   lite.yield %[[L]]
// CHECK: }
// CHECK: %[[W:.*]] = lite.dynamic_update_slice %[[GROWN]]
// CHECKED: %[[W:.*]] = lite.list_set_item %{{.*}}[%{{.*}}], %{{.*}} : (tensor<?x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<?x3xf32>
// CHECK: %[[NEWLEN:.*]] = lite.maximum %[[LEN]], %[[NEED]]
// CHECK: %[[ROWS:.*]] = lite.reshape %[[NEWLEN]]
// CHECK: %[[SIZE:.*]] = lite.concatenation %[[ROWS]], %{{.*}} {axis = 0 : i32}
// CHECK: %[[LIST:.*]] = lite.slice %[[W]], %{{.*}}, %[[SIZE]]
// CHECK: return %[[LIST]]
func.func @resizable(%l: tensor<?x3xf32>, %i: tensor<i32>, %x: tensor<3xf32>) -> tensor<?x3xf32> {
  %r = lite.list_set_item %l[%i], %x {resizable} : (tensor<?x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// -----

// A loop carries the storage and its length; list_length is the length, a
// pop (TensorListPopBack's slice to length - 1) keeps the storage with a
// length one less, and a read reads the storage at an index that is -1
// (out of range) where it is not below the length.

// CHECK-LABEL: func.func @push_pop
// CHECK: %[[EMPTY:.*]] = lite.fill %{{.*}} -> tensor<?x2xf32>
// CHECK: %[[F:.*]]:3 = lite.while (%{{.*}} = %{{.*}}, %[[S:.*]] = %[[EMPTY]], %[[N:.*]] = %{{.*}}) : (tensor<i32>, tensor<?x2xf32>, tensor<i32>)
// CHECK: } body {
// CHECK:   %[[NEED:.*]] = lite.add %[[N]], %{{.*}}
// CHECK:   %[[G:.*]] = lite.if
// CHECK:   %[[W:.*]] = lite.dynamic_update_slice %[[G]]
// CHECK:   %[[M:.*]] = lite.maximum %[[N]], %[[NEED]]
// CHECK:   lite.yield %{{.*}}, %[[W]], %[[M]] : tensor<i32>, tensor<?x2xf32>, tensor<i32>
// CHECK: %[[B:.*]]:4 = lite.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %[[S2:.*]] = %[[F]]#1, %[[N2:.*]] = %[[F]]#2)
// CHECK: } body {
// CHECK:   %[[LAST:.*]] = lite.sub %[[N2]], %{{.*}}
// CHECK:   %[[IN:.*]] = lite.less %[[LAST]], %[[N2]]
// CHECK:   %[[OUT:.*]] = lite.constant dense<-1> : tensor<i32>
// CHECK:   %[[INDEX:.*]] = lite.select_v2 %[[IN]], %[[LAST]], %[[OUT]]
// CHECK:   %[[ITEM:.*]] = lite.gather %[[S2]], %[[INDEX]]
// CHECK:   %[[SHORTER:.*]] = lite.maximum %[[LAST]], %{{.*}}
// CHECK-NOT: lite.slice
// CHECK:   lite.yield %{{.*}}, %{{.*}}, %[[S2]], %[[SHORTER]]
// CHECK: return %{{.*}}, %[[B]]#3
func.func @push_pop(%n: tensor<i32>, %x: tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>) {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %begin = lite.constant dense<0> : tensor<2xi32>
  %two = lite.constant dense<2> : tensor<1xi32>
  %shape = lite.constant dense<1> : tensor<1xi32>
  %empty = lite.list_reserve %zero {resizable} : (tensor<i32>) -> tensor<?x2xf32>
  %f:2 = lite.while (%k = %zero, %l = %empty) : (tensor<i32>, tensor<?x2xf32>) -> (tensor<i32>, tensor<?x2xf32>) cond {
    %c = lite.less %k, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %c : tensor<i1>
  } body {
    %len = lite.list_length %l : (tensor<?x2xf32>) -> tensor<i32>
    %pushed = lite.list_set_item %l[%len], %x {resizable} : (tensor<?x2xf32>, tensor<i32>, tensor<2xf32>) -> tensor<?x2xf32>
    %k1 = lite.add %k, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %k1, %pushed : tensor<i32>, tensor<?x2xf32>
  }
  %b:3 = lite.while (%k = %zero, %acc = %x, %l = %f#1) : (tensor<i32>, tensor<2xf32>, tensor<?x2xf32>) -> (tensor<i32>, tensor<2xf32>, tensor<?x2xf32>) cond {
    %c = lite.less %k, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %c : tensor<i1>
  } body {
    %len = lite.list_length %l : (tensor<?x2xf32>) -> tensor<i32>
    %last = lite.sub %len, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %item = lite.list_get_item %l[%last] : (tensor<?x2xf32>, tensor<i32>) -> tensor<2xf32>
    %lastv = lite.reshape %last, %shape : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
    %size = lite.concatenation %lastv, %two {axis = 0 : i32} : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %popped = lite.slice %l, %begin, %size : (tensor<?x2xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x2xf32>
    %acc1 = lite.add %acc, %item : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %k1 = lite.add %k, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %k1, %acc1, %popped : tensor<i32>, tensor<2xf32>, tensor<?x2xf32>
  }
  %left = lite.list_length %b#2 : (tensor<?x2xf32>) -> tensor<i32>
  return %b#1, %left : tensor<2xf32>, tensor<i32>
}

// -----

// A lite.if that yields a resizable list yields its length too.

// CHECK-LABEL: func.func @resizable_in_if
// CHECK: %[[R:.*]]:2 = lite.if %{{.*}} -> (tensor<?xi32>, tensor<i32>) {
// CHECK:   lite.yield %{{.*}}, %{{.*}} : tensor<?xi32>, tensor<i32>
// CHECK: } else {
// CHECK:   lite.yield %{{.*}}, %{{.*}} : tensor<?xi32>, tensor<i32>
// CHECK: }
// CHECK: return %[[R]]#1
func.func @resizable_in_if(%p: tensor<i1>, %i: tensor<i32>) -> tensor<i32> {
  %zero = lite.constant dense<0> : tensor<i32>
  %l = lite.list_reserve %zero {resizable} : (tensor<i32>) -> tensor<?xi32>
  %r = lite.if %p -> (tensor<?xi32>) {
    %w = lite.list_set_item %l[%i], %i {resizable} : (tensor<?xi32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
    lite.yield %w : tensor<?xi32>
  } else {
    lite.yield %l : tensor<?xi32>
  }
  %n = lite.list_length %r : (tensor<?xi32>) -> tensor<i32>
  return %n : tensor<i32>
}

// -----

func.func @resizable_without_element_shape(%l: tensor<?x?xf32>, %i: tensor<i32>, %x: tensor<?xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{cannot be compiled (TFLite export, native code): the list grows at run time (a TensorArray with dynamic_size, or a TF2 TensorList pushed back, as gradients of loops accumulate) and cannot be held as a storage of some capacity and a length: its values do not all have one type with a static element shape, or it is also written by a scatter or a bounds-checked write; give the TensorArray a fixed size}}
  %r = lite.list_set_item %l[%i], %x {resizable} : (tensor<?x?xf32>, tensor<i32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

func.func @resizable_and_checked(%l: tensor<?x3xf32>, %i: tensor<i32>, %x: tensor<3xf32>) -> tensor<?x3xf32> {
  %w = lite.list_set_item %l[%i], %x : (tensor<?x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<?x3xf32>
  // expected-error@+1 {{cannot be held as a storage of some capacity and a length}}
  %r = lite.list_set_item %w[%i], %x {resizable} : (tensor<?x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<?x3xf32>
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
