// RUN: sluice-opt %s -split-input-file -verify-diagnostics

// Every error of the variable ops' verifiers
// (lib/Dialect/Lite/IR/LiteVariableOps.cpp).

func.func @unknown() -> tensor<f32> {
  // expected-error@+1 {{names @nope, which is not a lite.variable}}
  %0 = lite.read_variable @nope : tensor<f32>
  return %0 : tensor<f32>
}

// -----

lite.variable @v : tensor<2xf32>
func.func @wrong_shape() -> tensor<3xf32> {
  // expected-error@+1 {{type 'tensor<3xf32>' is not compatible with variable @v of type 'tensor<2xf32>'}}
  %0 = lite.read_variable @v : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

lite.variable @v : tensor<2xf32>
func.func @wrong_element(%x: tensor<2xi32>) {
  // expected-error@+1 {{type 'tensor<2xi32>' is not compatible with variable @v of type 'tensor<2xf32>'}}
  lite.assign_variable @v, %x : tensor<2xi32>
  return
}

// -----

func.func @not_a_variable() {
  return
}
func.func @assign_function(%x: tensor<f32>) {
  // expected-error@+1 {{names @not_a_variable, which is not a lite.variable}}
  lite.assign_variable @not_a_variable, %x : tensor<f32>
  return
}

// -----

lite.variable @v : tensor<f32>
func.func @main() {
  // expected-error@+1 {{names @v, which is not a function}}
  lite.call_once @v
  return
}

// -----

func.func @init(%x: tensor<f32>) {
  return
}
func.func @main() {
  // expected-error@+1 {{initializer @init must take no arguments and return nothing}}
  lite.call_once @init
  return
}

// -----

func.func @nested() {
  // expected-error@+1 {{expects parent op 'builtin.module'}}
  lite.variable @v : tensor<f32>
  return
}

// -----

lite.variable @s : tensor<f32>
func.func @scalar_stack() {
  // expected-error@+1 {{variable @s of type 'tensor<f32>' cannot hold a stack: it needs a dimension for the elements}}
  lite.stack_reset @s
  return
}

// -----

lite.variable @s : tensor<*xf32>
func.func @stack_element_type(%x: tensor<2xi32>) {
  // expected-error@+1 {{element type 'i32' is not the element type of @s ('f32')}}
  lite.stack_push @s, %x : tensor<2xi32>
  return
}

// -----

func.func @random_rank(%shape: tensor<2xi32>) {
  // expected-error@+1 {{shape has 2 entries but the result has rank 3}}
  %0 = lite.random_uniform %shape {seed = 1 : i64, seed2 = 7 : i64} : (tensor<2xi32>) -> tensor<1x2x3xf32>
  return
}

// -----

func.func @random_unseeded(%shape: tensor<2xi32>) {
  // expected-error@+1 {{has seeds 0 and 0 (TensorFlow's non-deterministic generator); give the graph or the op a seed}}
  %0 = lite.random_uniform %shape {seed = 0 : i64, seed2 = 0 : i64} : (tensor<2xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @random_element_type(%shape: tensor<2xi32>) {
  // expected-error@+1 {{result #0 must be tensor of 32-bit float values}}
  %0 = lite.random_uniform %shape {seed = 1 : i64, seed2 = 7 : i64} : (tensor<2xi32>) -> tensor<2x3xf64>
  return
}
