// RUN: sluice-opt %s -split-input-file -verify-diagnostics

// Every error of the list ops' verifiers (lib/Dialect/Lite/IR/LiteListOps.cpp)
// and their type constraints.

func.func @reserve_dynamic_element(%n: tensor<i32>) {
  // expected-error@+1 {{needs a static element shape, got 'tensor<?x?xf32>'}}
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @reserve_resizable_static(%n: tensor<i32>) {
  // expected-error@+1 {{is resizable, so the list's length (dimension 0) must be dynamic, not 4}}
  %l = lite.list_reserve %n {resizable} : (tensor<i32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @reserve_scalar(%n: tensor<i32>) {
  // expected-error@+1 {{result #0 must be a list: a tensor whose dimension 0 indexes the elements}}
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<f32>
  return
}

// -----

func.func @reserve_vector_size(%n: tensor<2xi32>) {
  // expected-error@+1 {{operand #0 must be a scalar int32/int64 index}}
  %l = lite.list_reserve %n : (tensor<2xi32>) -> tensor<?x3xf32>
  return
}

// -----

func.func @set_item_shape(%l: tensor<4x3xf32>, %i: tensor<i32>, %x: tensor<2xf32>) {
  // expected-error@+1 {{item shape [2] does not fit the list's element shape [3]}}
  %r = lite.list_set_item %l[%i], %x : (tensor<4x3xf32>, tensor<i32>, tensor<2xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @set_item_dtype(%l: tensor<4x3xf32>, %i: tensor<i32>, %x: tensor<3xi32>) {
  // expected-error@+1 {{failed to verify that all of {list, item} have same element type}}
  %r = lite.list_set_item %l[%i], %x : (tensor<4x3xf32>, tensor<i32>, tensor<3xi32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @set_item_resizable_static(%l: tensor<4x3xf32>, %i: tensor<i32>, %x: tensor<3xf32>) {
  // expected-error@+1 {{is resizable, so the list's length (dimension 0) must be dynamic, not 4}}
  %r = lite.list_set_item %l[%i], %x {resizable} : (tensor<4x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @get_item_shape(%l: tensor<4x3xf32>, %i: tensor<i32>) {
  // expected-error@+1 {{item shape [3, 1] does not fit the list's element shape [3]}}
  %x = lite.list_get_item %l[%i] : (tensor<4x3xf32>, tensor<i32>) -> tensor<3x1xf32>
  return
}

// -----

func.func @gather_rows(%l: tensor<4x3xf32>, %is: tensor<2xi32>) {
  // expected-error@+1 {{has 2 indices but 3 gathered rows}}
  %x = lite.list_gather %l[%is] : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @gather_row_shape(%l: tensor<4x3xf32>, %is: tensor<2xi32>) {
  // expected-error@+1 {{gathered row shape [4] does not fit the list's element shape [3]}}
  %x = lite.list_gather %l[%is] : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @scatter_rows(%l: tensor<4x3xf32>, %is: tensor<2xi32>, %xs: tensor<3x3xf32>) {
  // expected-error@+1 {{has 2 indices but 3 scattered rows}}
  %r = lite.list_scatter %l[%is], %xs : (tensor<4x3xf32>, tensor<2xi32>, tensor<3x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @scatter_resizable_static(%l: tensor<4x3xf32>, %is: tensor<2xi32>, %xs: tensor<2x3xf32>) {
  // expected-error@+1 {{is resizable, so the list's length (dimension 0) must be dynamic, not 4}}
  %r = lite.list_scatter %l[%is], %xs {resizable} : (tensor<4x3xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @length_type(%l: tensor<4x3xf32>) {
  // expected-error@+1 {{result #0 must be 0D tensor of 32-bit signless integer values}}
  %n = lite.list_length %l : (tensor<4x3xf32>) -> tensor<i64>
  return
}
