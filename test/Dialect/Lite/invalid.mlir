// RUN: sluice-opt %s -split-input-file -verify-diagnostics

// Negative tests of the lite tensor ops: every error of their verifiers and
// of the BroadcastCompatible trait, and a representative set of the
// ODS-generated type and trait constraints.

//===----------------------------------------------------------------------===//
// ODS type constraints
//===----------------------------------------------------------------------===//

func.func @constant_type_mismatch() {
  // expected-error@+1 {{failed to verify that all of {value, output} have same type}}
  %0 = "lite.constant"() <{value = dense<1> : tensor<2xi32>}>
      : () -> tensor<2xi64>
  return
}

// -----

func.func @constant_unsupported_dtype() {
  // expected-error@+1 {{result #0 must be tensor of 1-bit signless integer or 8-bit signless integer or 8-bit unsigned integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<2xbf16>'}}
  %0 = lite.constant dense<1.0> : tensor<2xbf16>
  return
}

// -----

func.func @add_bool(%a: tensor<2xi1>) {
  // expected-error@+1 {{operand #0 must be tensor of 8-bit signless integer or 8-bit unsigned integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<2xi1>'}}
  %0 = lite.add %a, %a : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

func.func @add_element_type_mismatch(%a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error@+1 {{requires the same element type for all operands and results}}
  %0 = lite.add %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return
}

// -----

func.func @mul_result_element_type(%a: tensor<2xi32>) {
  // expected-error@+1 {{requires the same element type for all operands and results}}
  %0 = lite.mul %a, %a : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi64>
  return
}

// -----

func.func @add_bad_activation(%a: tensor<2xf32>) {
  // expected-error@+2 {{failed to parse Lite_ActivationAttr parameter 'value'}}
  // expected-error@+1 {{expected ::sluice::lite::ActivationFunctionType to be one of: NONE, RELU, RELU_N1_TO_1, RELU6, TANH, SIGN_BIT}}
  %0 = lite.add %a, %a {fused_activation_function = #lite.activation<SIGMOID>}
      : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @logical_and_float(%a: tensor<2xf32>) {
  // expected-error@+1 {{operand #0 must be tensor of 1-bit signless integer values, but got 'tensor<2xf32>'}}
  %0 = lite.logical_and %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @compare_element_type_mismatch(%a: tensor<2xf32>, %b: tensor<2xi32>) {
  // expected-error@+1 {{failed to verify that all of {lhs, rhs} have same element type}}
  %0 = lite.less %a, %b : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xi1>
  return
}

// -----

func.func @compare_result_not_bool(%a: tensor<2xf32>) {
  // expected-error@+1 {{result #0 must be tensor of 1-bit signless integer values, but got 'tensor<2xf32>'}}
  %0 = lite.equal %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @exp_integer(%a: tensor<2xi32>) {
  // expected-error@+1 {{operand #0 must be tensor of 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<2xi32>'}}
  %0 = lite.exp %a : tensor<2xi32>
  return
}

// -----

func.func @neg_unsigned(%a: tensor<2xui8>) {
  // expected-error@+1 {{operand #0 must be tensor of 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<2xui8>'}}
  %0 = lite.neg %a : tensor<2xui8>
  return
}

// -----

func.func @unary_type_mismatch(%a: tensor<4xf32>) {
  // expected-error@+1 {{requires the same type for all operands and results}}
  %0 = "lite.tanh"(%a) : (tensor<4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @select_v2_element_type_mismatch(%c: tensor<2xi1>, %x: tensor<2xf32>,
                                           %y: tensor<2xi32>) {
  // expected-error@+1 {{failed to verify that all of {x, y, output} have same element type}}
  %0 = lite.select_v2 %c, %x, %y
      : (tensor<2xi1>, tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @select_v2_condition_not_bool(%c: tensor<2xi32>, %x: tensor<2xf32>) {
  // expected-error@+1 {{operand #0 must be tensor of 1-bit signless integer values, but got 'tensor<2xi32>'}}
  %0 = lite.select_v2 %c, %x, %x
      : (tensor<2xi32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @cast_shape_mismatch(%a: tensor<4xf32>) {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %0 = lite.cast %a : tensor<4xf32> -> tensor<2x2xi32>
  return
}

// -----

func.func @reshape_shape_i64(%a: tensor<4xf32>, %s: tensor<2xi64>) {
  // expected-error@+1 {{operand #1 must be 1D or unranked tensor of 32-bit signless integers, but got 'tensor<2xi64>'}}
  %0 = lite.reshape %a, %s : (tensor<4xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reshape_shape_rank_2(%a: tensor<4xf32>, %s: tensor<1x2xi32>) {
  // expected-error@+1 {{operand #1 must be 1D or unranked tensor of 32-bit signless integers, but got 'tensor<1x2xi32>'}}
  %0 = lite.reshape %a, %s : (tensor<4xf32>, tensor<1x2xi32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reshape_element_type_mismatch(%a: tensor<4xf32>, %s: tensor<1xi32>) {
  // expected-error@+1 {{failed to verify that all of {input, output} have same element type}}
  %0 = lite.reshape %a, %s : (tensor<4xf32>, tensor<1xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @slice_begin_rank_2(%a: tensor<4xf32>, %b: tensor<1x1xi32>,
                              %s: tensor<1xi32>) {
  // expected-error@+1 {{operand #1 must be 1D or unranked tensor of 32/64-bit signless integers, but got 'tensor<1x1xi32>'}}
  %0 = lite.slice %a, %b, %s
      : (tensor<4xf32>, tensor<1x1xi32>, tensor<1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_float_indices(%p: tensor<4xf32>, %i: tensor<2xf32>) {
  // expected-error@+1 {{operand #1 must be tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2xf32>'}}
  %0 = lite.gather %p, %i : (tensor<4xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @fill_value_not_scalar(%d: tensor<1xi32>, %v: tensor<1xf32>) {
  // expected-error@+1 {{operand #1 must be 0D tensor of}}
  %0 = lite.fill %d, %v : (tensor<1xi32>, tensor<1xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @fill_element_type_mismatch(%d: tensor<1xi32>, %v: tensor<f32>) {
  // expected-error@+1 {{failed to verify that all of {value, output} have same element type}}
  %0 = lite.fill %d, %v : (tensor<1xi32>, tensor<f32>) -> tensor<4xf64>
  return
}

// -----

func.func @range_vector_start(%s: tensor<2xi32>, %l: tensor<i32>) {
  // expected-error@+1 {{operand #0 must be 0D tensor of 32-bit signless integer or 64-bit signless integer or 32-bit float or 64-bit float values, but got 'tensor<2xi32>'}}
  %0 = lite.range %s, %l, %l
      : (tensor<2xi32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  return
}

// -----

func.func @range_result_rank_2(%s: tensor<i32>) {
  // expected-error@+1 {{result #0 must be 1D tensor of 32-bit signless integer or 64-bit signless integer or 32-bit float or 64-bit float values, but got 'tensor<?x?xi32>'}}
  %0 = lite.range %s, %s, %s
      : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?x?xi32>
  return
}

// -----

func.func @range_element_type_mismatch(%s: tensor<i32>, %d: tensor<i64>) {
  // expected-error@+1 {{failed to verify that all of {start, limit, delta, output} have same element type}}
  %0 = lite.range %s, %s, %d
      : (tensor<i32>, tensor<i32>, tensor<i64>) -> tensor<?xi32>
  return
}

// -----

func.func @shape_float_result(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{result #0 must be 1D or unranked tensor of 32/64-bit signless integers, but got 'tensor<2xf32>'}}
  %0 = lite.shape %a : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @sum_bool(%a: tensor<2xi1>, %axes: tensor<1xi32>) {
  // expected-error@+1 {{operand #0 must be tensor of 8-bit signless integer or 8-bit unsigned integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 16-bit float or 32-bit float or 64-bit float values, but got 'tensor<2xi1>'}}
  %0 = lite.sum %a, %axes : (tensor<2xi1>, tensor<1xi32>) -> tensor<i1>
  return
}

// -----

func.func @batch_matmul_element_type_mismatch(%x: tensor<2x3xf32>,
                                              %y: tensor<3x4xi32>) {
  // expected-error@+1 {{failed to verify that all of {x, y, output} have same element type}}
  %0 = lite.batch_matmul %x, %y
      : (tensor<2x3xf32>, tensor<3x4xi32>) -> tensor<2x4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// BroadcastCompatible
//===----------------------------------------------------------------------===//

func.func @add_not_broadcastable(%a: tensor<2x3xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{operands of types ('tensor<2x3xf32>', 'tensor<4xf32>') are not broadcast-compatible}}
  %0 = lite.add %a, %b : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @add_result_shape(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error@+1 {{result type 'tensor<3x3xf32>' is not compatible with the broadcast shape 'tensor<2x3xf32>' of the operands}}
  %0 = lite.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @less_result_rank(%a: tensor<4xf32>, %b: tensor<f32>) {
  // expected-error@+1 {{result type 'tensor<i1>' is not compatible with the broadcast shape 'tensor<4xi1>' of the operands}}
  %0 = lite.less %a, %b : (tensor<4xf32>, tensor<f32>) -> tensor<i1>
  return
}

// -----

func.func @floor_mod_dynamic_not_broadcastable(%a: tensor<?x3xi32>,
                                               %b: tensor<2x4xi32>) {
  // expected-error@+1 {{operands of types ('tensor<?x3xi32>', 'tensor<2x4xi32>') are not broadcast-compatible}}
  %0 = lite.floor_mod %a, %b
      : (tensor<?x3xi32>, tensor<2x4xi32>) -> tensor<?x?xi32>
  return
}

// -----

// An unranked operand does not hide a conflict between the ranked ones.
func.func @select_v2_unranked_condition(%c: tensor<*xi1>, %x: tensor<2xf32>,
                                        %y: tensor<3xf32>) {
  // expected-error@+1 {{operands of types ('tensor<*xi1>', 'tensor<2xf32>', 'tensor<3xf32>') are not broadcast-compatible}}
  %0 = lite.select_v2 %c, %x, %y
      : (tensor<*xi1>, tensor<2xf32>, tensor<3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @select_v2_result_shape(%c: tensor<2x1xi1>, %x: tensor<3xf32>) {
  // expected-error@+1 {{result type 'tensor<3xf32>' is not compatible with the broadcast shape 'tensor<2x3xf32>' of the operands}}
  %0 = lite.select_v2 %c, %x, %x
      : (tensor<2x1xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

func.func @reshape_element_count(%a: tensor<2x3xf32>, %s: tensor<1xi32>) {
  // expected-error@+1 {{cannot reshape 'tensor<2x3xf32>' (6 elements) into 'tensor<4xf32>' (4 elements)}}
  %0 = lite.reshape %a, %s : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @reshape_shape_length(%a: tensor<?xf32>, %s: tensor<2xi32>) {
  // expected-error@+1 {{shape operand has 2 entries but the result has rank 1}}
  %0 = lite.reshape %a, %s : (tensor<?xf32>, tensor<2xi32>) -> tensor<6xf32>
  return
}

// -----

func.func @reshape_two_inferred(%a: tensor<*xf32>) {
  %s = lite.constant dense<[-1, -1]> : tensor<2xi32>
  // expected-error@+1 {{shape has more than one -1 entry}}
  %0 = lite.reshape %a, %s : (tensor<*xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @reshape_negative_entry(%a: tensor<6xf32>) {
  %s = lite.constant dense<[3, -2]> : tensor<2xi32>
  // expected-error@+1 {{shape entry #1 is negative: -2}}
  %0 = lite.reshape %a, %s : (tensor<6xf32>, tensor<2xi32>) -> tensor<3x?xf32>
  return
}

// -----

func.func @reshape_entry_mismatch(%a: tensor<6xf32>) {
  %s = lite.constant dense<[3, 2]> : tensor<2xi32>
  // expected-error@+1 {{shape entry #0 is 3 but the result type is 'tensor<2x3xf32>'}}
  %0 = lite.reshape %a, %s : (tensor<6xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// expand_dims
//===----------------------------------------------------------------------===//

func.func @expand_dims_axis_elements(%a: tensor<3xf32>, %axis: tensor<2xi32>) {
  // expected-error@+1 {{axis must have exactly one element, got 'tensor<2xi32>'}}
  %0 = lite.expand_dims %a, %axis
      : (tensor<3xf32>, tensor<2xi32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @expand_dims_result_rank(%a: tensor<3xf32>, %axis: tensor<i32>) {
  // expected-error@+1 {{result rank 3 is not the input rank 1 plus one}}
  %0 = lite.expand_dims %a, %axis
      : (tensor<3xf32>, tensor<i32>) -> tensor<1x1x3xf32>
  return
}

// -----

func.func @expand_dims_axis_range(%a: tensor<2x3xf32>) {
  %axis = lite.constant dense<-4> : tensor<1xi64>
  // expected-error@+1 {{axis -4 is out of range for rank 3 (expected in [-3, 3))}}
  %0 = lite.expand_dims %a, %axis
      : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<?x?x?xf32>
  return
}

// -----

func.func @expand_dims_result_shape(%a: tensor<2x3xf32>) {
  %axis = lite.constant dense<0> : tensor<i32>
  // expected-error@+1 {{result type 'tensor<2x1x3xf32>' does not match the expected shape 'tensor<1x2x3xf32>'}}
  %0 = lite.expand_dims %a, %axis
      : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x1x3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// squeeze
//===----------------------------------------------------------------------===//

func.func @squeeze_dim_range(%a: tensor<1x3xf32>) {
  // expected-error@+1 {{squeeze dim 2 is out of range for rank 2 (expected in [-2, 2))}}
  %0 = lite.squeeze %a {squeeze_dims = array<i32: 2>}
      : (tensor<1x3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @squeeze_dim_twice(%a: tensor<1x3xf32>) {
  // expected-error@+1 {{squeeze dim -2 is listed twice}}
  %0 = lite.squeeze %a {squeeze_dims = array<i32: 0, -2>}
      : (tensor<1x3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @squeeze_non_unit(%a: tensor<1x3xf32>) {
  // expected-error@+1 {{cannot squeeze dimension 1 of size 3}}
  %0 = lite.squeeze %a {squeeze_dims = array<i32: -1>}
      : (tensor<1x3xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @squeeze_all_result_shape(%a: tensor<1x3x1xf32>) {
  // expected-error@+1 {{result type 'tensor<1x3xf32>' does not match the expected shape 'tensor<3xf32>'}}
  %0 = lite.squeeze %a : (tensor<1x3x1xf32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @squeeze_dims_result_shape(%a: tensor<1x3x?xf32>) {
  // expected-error@+1 {{result type 'tensor<3xf32>' does not match the expected shape 'tensor<3x?xf32>'}}
  %0 = lite.squeeze %a {squeeze_dims = array<i32: 0>}
      : (tensor<1x3x?xf32>) -> tensor<3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// concatenation
//===----------------------------------------------------------------------===//

func.func @concatenation_no_values() {
  // expected-error@+1 {{expects at least one value}}
  %0 = lite.concatenation {axis = 0 : i32} : () -> tensor<0xf32>
  return
}

// -----

func.func @concatenation_element_type(%a: tensor<2xf32>, %b: tensor<2xi32>) {
  // expected-error@+1 {{value #1 has type 'tensor<2xi32>' but the result element type is 'f32'}}
  %0 = lite.concatenation %a, %b {axis = 0 : i32}
      : (tensor<2xf32>, tensor<2xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @concatenation_rank(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error@+1 {{operands and result must have the same rank, got 'tensor<3xf32>' and 'tensor<2x3xf32>'}}
  %0 = lite.concatenation %a, %b {axis = 0 : i32}
      : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @concatenation_result_rank(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{operands and result must have the same rank, got 'tensor<4x3x1xf32>' and 'tensor<2x3xf32>'}}
  %0 = lite.concatenation %a, %a {axis = 0 : i32}
      : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3x1xf32>
  return
}

// -----

func.func @concatenation_axis_range(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{axis 2 is out of range for rank 2 (expected in [-2, 2))}}
  %0 = lite.concatenation %a, %a {axis = 2 : i32}
      : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @concatenation_negative_axis_range(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{axis -3 is out of range for rank 2 (expected in [-2, 2))}}
  %0 = lite.concatenation %a, %a {axis = -3 : i32}
      : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concatenation_other_dim(%a: tensor<2x3xf32>, %b: tensor<3x3xf32>) {
  // expected-error@+1 {{dimension 0 differs between operands and result: 2 vs 3}}
  %0 = lite.concatenation %a, %b {axis = 1 : i32}
      : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<?x6xf32>
  return
}

// -----

func.func @concatenation_other_dim_result(%a: tensor<2x3xf32>,
                                          %b: tensor<?x3xf32>) {
  // expected-error@+1 {{dimension 0 differs between operands and result: 2 vs 4}}
  %0 = lite.concatenation %a, %b {axis = -1 : i32}
      : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @concatenation_axis_sum(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) {
  // expected-error@+1 {{result dimension 1 is 7 but the operands add up to 8}}
  %0 = lite.concatenation %a, %b {axis = -1 : i32}
      : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x7xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pack
//===----------------------------------------------------------------------===//

func.func @pack_no_values() {
  // expected-error@+1 {{expects at least one value}}
  %0 = lite.pack : () -> tensor<0xf32>
  return
}

// -----

func.func @pack_shape_mismatch(%a: tensor<3xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{value #1 has type 'tensor<4xf32>', incompatible with value #0 of type 'tensor<3xf32>'}}
  %0 = lite.pack %a, %b : (tensor<3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @pack_element_type_mismatch(%a: tensor<3xf32>, %b: tensor<3xi32>) {
  // expected-error@+1 {{value #1 has type 'tensor<3xi32>', incompatible with value #0 of type 'tensor<3xf32>'}}
  %0 = lite.pack %a, %b : (tensor<3xf32>, tensor<3xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @pack_result_element_type(%a: tensor<3xf32>) {
  // expected-error@+1 {{result element type differs from the values'}}
  %0 = lite.pack %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf64>
  return
}

// -----

func.func @pack_axis_range(%a: tensor<3xf32>) {
  // expected-error@+1 {{axis -3 is out of range for rank 2 (expected in [-2, 2))}}
  %0 = lite.pack %a, %a {axis = -3 : i32}
      : (tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @pack_result_shape(%a: tensor<3xf32>) {
  // expected-error@+1 {{result type 'tensor<2x3xf32>' does not match the expected shape 'tensor<3x2xf32>'}}
  %0 = lite.pack %a, %a {axis = 1 : i32}
      : (tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// unpack
//===----------------------------------------------------------------------===//

func.func @unpack_element_type(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{result type 'tensor<3xi32>' differs in element type from the input}}
  %0:2 = lite.unpack %a : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xi32>)
  return
}

// -----

func.func @unpack_axis_range(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{axis 2 is out of range for rank 2 (expected in [-2, 2))}}
  %0:2 = lite.unpack %a {axis = 2 : i32}
      : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @unpack_result_count(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{dimension 1 of the input has size 3 but the op has 2 results}}
  %0:2 = lite.unpack %a {axis = -1 : i32}
      : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

func.func @unpack_result_shape(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{result type 'tensor<2xf32>' does not match the expected shape 'tensor<3xf32>'}}
  %0:2 = lite.unpack %a : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<2xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

func.func @slice_length_mismatch(%a: tensor<*xf32>, %b: tensor<2xi32>,
                                 %s: tensor<1xi32>) {
  // expected-error@+1 {{begin has 2 entries but size has 1}}
  %0 = lite.slice %a, %b, %s
      : (tensor<*xf32>, tensor<2xi32>, tensor<1xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @slice_length_rank(%a: tensor<4x5xf32>, %b: tensor<?xi32>,
                             %s: tensor<1xi64>) {
  // expected-error@+1 {{begin and size must have one entry per input dimension (2), got 1}}
  %0 = lite.slice %a, %b, %s
      : (tensor<4x5xf32>, tensor<?xi32>, tensor<1xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @slice_result_rank(%a: tensor<4x5xf32>, %b: tensor<2xi32>) {
  // expected-error@+1 {{result rank 1 differs from the input rank 2}}
  %0 = lite.slice %a, %b, %b
      : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<20xf32>
  return
}

// -----

// The shape rule (TypeInference.cpp) reads constant begin and size: the slice
// has 2 elements.
func.func @slice_result_shape(%x: tensor<4xf32>) -> tensor<3xf32> {
  %b = lite.constant dense<0> : tensor<1xi32>
  %s = lite.constant dense<2> : tensor<1xi32>
  // expected-error@+1 {{result type 'tensor<3xf32>' does not match the expected shape 'tensor<2xf32>'}}
  %r = lite.slice %x, %b, %s : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// A slice the kernel refuses (past the end) has no rule: it verifies, and
// fails at run time.
func.func @slice_past_end(%x: tensor<4xf32>) -> tensor<5xf32> {
  %b = lite.constant dense<0> : tensor<1xi32>
  %s = lite.constant dense<5> : tensor<1xi32>
  %r = lite.slice %x, %b, %s : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}

// -----

//===----------------------------------------------------------------------===//
// strided_slice
//===----------------------------------------------------------------------===//

func.func @strided_slice_lengths(%a: tensor<4x3xf32>, %b: tensor<2xi32>,
                                 %s: tensor<1xi32>) {
  // expected-error@+1 {{begin, end and strides must have the same length}}
  %0 = lite.strided_slice %a, %b, %b, %s
      : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<1xi32>)
      -> tensor<?x?xf32>
  return
}

// -----

// A dynamic begin does not hide a mismatch between end and strides.
func.func @strided_slice_lengths_dynamic_begin(%a: tensor<4x3xf32>,
                                               %b: tensor<?xi32>,
                                               %e: tensor<2xi32>,
                                               %s: tensor<1xi32>) {
  // expected-error@+1 {{begin, end and strides must have the same length}}
  %0 = lite.strided_slice %a, %b, %e, %s
      : (tensor<4x3xf32>, tensor<?xi32>, tensor<2xi32>, tensor<1xi32>)
      -> tensor<?x?xf32>
  return
}

// -----

func.func @strided_slice_ellipsis(%a: tensor<4x3xf32>, %b: tensor<2xi32>) {
  // expected-error@+1 {{ellipsis_mask may have at most one bit set}}
  %0 = lite.strided_slice %a, %b, %b, %b {ellipsis_mask = 3 : i32}
      : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
      -> tensor<?x?xf32>
  return
}

// -----

func.func @strided_slice_zero_stride(%a: tensor<4x3xf32>, %b: tensor<2xi32>) {
  %s = lite.constant dense<[1, 0]> : tensor<2xi32>
  // expected-error@+1 {{stride #1 is zero}}
  %0 = lite.strided_slice %a, %b, %b, %s
      : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
      -> tensor<?x?xf32>
  return
}

// -----

func.func @strided_slice_element_type(%a: tensor<4xf32>, %b: tensor<1xi32>) {
  // expected-error@+1 {{failed to verify that all of {input, output} have same element type}}
  %0 = lite.strided_slice %a, %b, %b, %b
      : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>)
      -> tensor<?xi32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// dynamic_update_slice
//===----------------------------------------------------------------------===//

func.func @dynamic_update_slice_element_type(%a: tensor<4xf32>,
                                             %u: tensor<1xi32>,
                                             %i: tensor<1xi32>) {
  // expected-error@+1 {{failed to verify that all of {operand, update, output} have same element type}}
  %0 = lite.dynamic_update_slice %a, %u, %i
      : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @dynamic_update_slice_indices_rank_2(%a: tensor<4xf32>,
                                               %u: tensor<1xf32>,
                                               %i: tensor<1x1xi32>) {
  // expected-error@+1 {{operand #2 must be 1D or unranked tensor of 32/64-bit signless integers, but got 'tensor<1x1xi32>'}}
  %0 = lite.dynamic_update_slice %a, %u, %i
      : (tensor<4xf32>, tensor<1xf32>, tensor<1x1xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @dynamic_update_slice_indices_type(%a: tensor<4xf32>,
                                             %u: tensor<1xf32>,
                                             %i: tensor<1xi16>) {
  // expected-error@+1 {{operand #2 must be 1D or unranked tensor of 32/64-bit signless integers, but got 'tensor<1xi16>'}}
  %0 = lite.dynamic_update_slice %a, %u, %i
      : (tensor<4xf32>, tensor<1xf32>, tensor<1xi16>) -> tensor<4xf32>
  return
}

// -----

func.func @dynamic_update_slice_update_rank(%a: tensor<4x5xf32>,
                                            %u: tensor<5xf32>,
                                            %i: tensor<2xi32>) {
  // expected-error@+1 {{update rank 1 differs from the operand rank 2}}
  %0 = lite.dynamic_update_slice %a, %u, %i
      : (tensor<4x5xf32>, tensor<5xf32>, tensor<2xi32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @dynamic_update_slice_update_too_large(%a: tensor<4x?xf32>,
                                                 %u: tensor<5x7xf32>,
                                                 %i: tensor<2xi32>) {
  // expected-error@+1 {{update dimension 0 (5) is larger than the operand's (4)}}
  %0 = lite.dynamic_update_slice %a, %u, %i
      : (tensor<4x?xf32>, tensor<5x7xf32>, tensor<2xi32>) -> tensor<4x?xf32>
  return
}

// -----

func.func @dynamic_update_slice_indices_length(%a: tensor<4x5xf32>,
                                               %u: tensor<1x1xf32>,
                                               %i: tensor<1xi64>) {
  // expected-error@+1 {{start_indices has 1 entries but the operand has rank 2}}
  %0 = lite.dynamic_update_slice %a, %u, %i
      : (tensor<4x5xf32>, tensor<1x1xf32>, tensor<1xi64>) -> tensor<4x5xf32>
  return
}

// -----

// Only the update says the rank.
func.func @dynamic_update_slice_indices_length_unranked(%a: tensor<*xf32>,
                                                        %u: tensor<1x1xf32>,
                                                        %i: tensor<3xi32>) {
  // expected-error@+1 {{start_indices has 3 entries but the update has rank 2}}
  %0 = lite.dynamic_update_slice %a, %u, %i
      : (tensor<*xf32>, tensor<1x1xf32>, tensor<3xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @dynamic_update_slice_result_rank(%a: tensor<4x5xf32>,
                                            %u: tensor<1x1xf32>,
                                            %i: tensor<2xi32>) {
  // expected-error@+1 {{result rank 1 differs from the operand rank 2}}
  %0 = lite.dynamic_update_slice %a, %u, %i
      : (tensor<4x5xf32>, tensor<1x1xf32>, tensor<2xi32>) -> tensor<20xf32>
  return
}

// -----

func.func @dynamic_update_slice_result_shape(%a: tensor<4x5xf32>,
                                             %u: tensor<1x1xf32>,
                                             %i: tensor<2xi32>) {
  // expected-error@+1 {{result type 'tensor<5x4xf32>' does not match the expected shape 'tensor<4x5xf32>'}}
  %0 = lite.dynamic_update_slice %a, %u, %i
      : (tensor<4x5xf32>, tensor<1x1xf32>, tensor<2xi32>) -> tensor<5x4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

func.func @gather_axis_range(%p: tensor<5x3xf32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{axis -3 is out of range for rank 2 (expected in [-2, 2))}}
  %0 = lite.gather %p, %i {axis = -3 : i32}
      : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_batch_dims_range(%p: tensor<2x5x3xf32>, %i: tensor<2x4xi32>) {
  // expected-error@+1 {{batch_dims 3 is out of range for indices of rank 2}}
  %0 = lite.gather %p, %i {axis = 2 : i32, batch_dims = 3 : i32}
      : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @gather_negative_batch_dims_range(%p: tensor<2x5x3xf32>,
                                            %i: tensor<2x4xi32>) {
  // expected-error@+1 {{batch_dims -3 is out of range for indices of rank 2}}
  %0 = lite.gather %p, %i {axis = 2 : i32, batch_dims = -3 : i32}
      : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @gather_batch_dims_axis(%p: tensor<2x5x3xf32>, %i: tensor<2x4xi32>) {
  // expected-error@+1 {{batch_dims 2 must not exceed axis 1}}
  %0 = lite.gather %p, %i {axis = 1 : i32, batch_dims = 2 : i32}
      : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @gather_batch_dim_size(%p: tensor<2x5x3xf32>, %i: tensor<3x4xi32>) {
  // expected-error@+1 {{batch dimension 0 differs between params and indices}}
  %0 = lite.gather %p, %i {axis = 1 : i32, batch_dims = 1 : i32}
      : (tensor<2x5x3xf32>, tensor<3x4xi32>) -> tensor<2x4x3xf32>
  return
}

// -----

func.func @gather_result_shape(%p: tensor<5x3xf32>, %i: tensor<2x4xi32>) {
  // expected-error@+1 {{result type 'tensor<2x3xf32>' does not match the expected shape 'tensor<2x4x3xf32>'}}
  %0 = lite.gather %p, %i
      : (tensor<5x3xf32>, tensor<2x4xi32>) -> tensor<2x3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

func.func @transpose_perm_length(%a: tensor<2x3xf32>, %p: tensor<3xi32>) {
  // expected-error@+1 {{perm has 3 entries but the input has rank 2}}
  %0 = lite.transpose %a, %p
      : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @transpose_result_rank(%a: tensor<2x3xf32>, %p: tensor<2xi32>) {
  // expected-error@+1 {{result rank 1 differs from the input rank 2}}
  %0 = lite.transpose %a, %p : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<6xf32>
  return
}

// -----

func.func @transpose_perm_out_of_range(%a: tensor<2x3xf32>) {
  %p = lite.constant dense<[1, 2]> : tensor<2xi32>
  // expected-error@+1 {{perm is not a permutation of [0, 2)}}
  %0 = lite.transpose %a, %p
      : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @transpose_perm_negative(%a: tensor<2x3xf32>) {
  %p = lite.constant dense<[-1, 0]> : tensor<2xi64>
  // expected-error@+1 {{perm is not a permutation of [0, 2)}}
  %0 = lite.transpose %a, %p
      : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return
}

// -----

func.func @transpose_perm_duplicate(%a: tensor<2x3xf32>) {
  %p = lite.constant dense<[0, 0]> : tensor<2xi32>
  // expected-error@+1 {{perm is not a permutation of [0, 2)}}
  %0 = lite.transpose %a, %p
      : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @transpose_result_shape(%a: tensor<2x3x4xf32>) {
  %p = lite.constant dense<[2, 0, 1]> : tensor<3xi32>
  // expected-error@+1 {{result type 'tensor<4x3x2xf32>' does not match the expected shape 'tensor<4x2x3xf32>'}}
  %0 = lite.transpose %a, %p
      : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<4x3x2xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// fill, shape
//===----------------------------------------------------------------------===//

func.func @tile_multiples_length(%x: tensor<2x3xf32>, %m: tensor<3xi32>) {
  // expected-error@+1 {{multiples has 3 entries but the input has rank 2}}
  %0 = lite.tile %x, %m : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @tile_rank(%x: tensor<2x3xf32>, %m: tensor<?xi32>) {
  // expected-error@+1 {{result rank 1 differs from the input's 2}}
  %0 = lite.tile %x, %m : (tensor<2x3xf32>, tensor<?xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @fill_dims_length(%d: tensor<2xi32>, %v: tensor<f32>) {
  // expected-error@+1 {{dims has 2 entries but the result has rank 3}}
  %0 = lite.fill %d, %v : (tensor<2xi32>, tensor<f32>) -> tensor<?x?x?xf32>
  return
}

// -----

func.func @shape_length(%a: tensor<2x?xf32>) {
  // expected-error@+1 {{result has 3 entries but the input has rank 2}}
  %0 = lite.shape %a : (tensor<2x?xf32>) -> tensor<3xi32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

func.func @sum_axes_rank(%a: tensor<2x3xf32>, %axes: tensor<1x1xi32>) {
  // expected-error@+1 {{axes must be a scalar or a vector, got 'tensor<1x1xi32>'}}
  %0 = lite.sum %a, %axes : (tensor<2x3xf32>, tensor<1x1xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @mean_keep_dims_rank(%a: tensor<2x3xf32>, %axes: tensor<1xi32>) {
  // expected-error@+1 {{with keep_dims the result rank 1 must equal the input rank 2}}
  %0 = lite.mean %a, %axes {keep_dims = true}
      : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @reduce_max_axis_range(%a: tensor<2x3xf32>) {
  %axes = lite.constant dense<[0, -3]> : tensor<2xi32>
  // expected-error@+1 {{axis -3 is out of range for rank 2 (expected in [-2, 2))}}
  %0 = lite.reduce_max %a, %axes
      : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  return
}

// -----

func.func @reduce_min_keep_dims_rank(%a: tensor<2x3xf32>, %axes: tensor<1xi32>) {
  // expected-error@+1 {{with keep_dims the result rank 1 must equal the input rank 2}}
  %0 = lite.reduce_min %a, %axes {keep_dims = true}
      : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @sum_result_shape(%a: tensor<2x3xf32>) {
  %axes = lite.constant dense<1> : tensor<i32>
  // expected-error@+1 {{result type 'tensor<3xf32>' does not match the expected shape 'tensor<2xf32>'}}
  %0 = lite.sum %a, %axes : (tensor<2x3xf32>, tensor<i32>) -> tensor<3xf32>
  return
}

// -----

func.func @mean_keep_dims_result_shape(%a: tensor<2x3xf32>) {
  %axes = lite.constant dense<[0]> : tensor<1xi64>
  // expected-error@+1 {{result type 'tensor<2x3xf32>' does not match the expected shape 'tensor<1x3xf32>'}}
  %0 = lite.mean %a, %axes {keep_dims = true}
      : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @sum_element_type(%a: tensor<2x3xf32>, %axes: tensor<1xi32>) {
  // expected-error@+1 {{failed to verify that all of {input, output} have same element type}}
  %0 = lite.sum %a, %axes : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<*xf64>
  return
}

// -----

//===----------------------------------------------------------------------===//
// fully_connected
//===----------------------------------------------------------------------===//

func.func @fully_connected_filter_rank(%x: tensor<1x4xf32>, %w: tensor<4xf32>) {
  // expected-error@+1 {{filter must have rank 2 ([units, depth]), got 'tensor<4xf32>'}}
  %0 = lite.fully_connected %x, %w
      : (tensor<1x4xf32>, tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @fully_connected_scalar_input(%x: tensor<f32>, %w: tensor<8x1xf32>) {
  // expected-error@+1 {{input must have rank >= 1}}
  %0 = lite.fully_connected %x, %w
      : (tensor<f32>, tensor<8x1xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @fully_connected_depth(%x: tensor<2x3xf32>, %w: tensor<8x4xf32>) {
  // expected-error@+1 {{input depth 3 differs from the filter depth 4}}
  %0 = lite.fully_connected %x, %w
      : (tensor<2x3xf32>, tensor<8x4xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @fully_connected_bias_rank(%x: tensor<2x4xf32>, %w: tensor<8x4xf32>,
                                     %b: tensor<1x8xf32>) {
  // expected-error@+1 {{bias must have rank 1, got 'tensor<1x8xf32>'}}
  %0 = lite.fully_connected %x, %w, %b
      : (tensor<2x4xf32>, tensor<8x4xf32>, tensor<1x8xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @fully_connected_bias_units(%x: tensor<2x4xf32>, %w: tensor<8x4xf32>,
                                      %b: tensor<4xf32>) {
  // expected-error@+1 {{bias has 4 entries but the filter has 8 units}}
  %0 = lite.fully_connected %x, %w, %b
      : (tensor<2x4xf32>, tensor<8x4xf32>, tensor<4xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @fully_connected_result(%x: tensor<2x3x4xf32>, %w: tensor<8x4xf32>) {
  // expected-error@+1 {{result type 'tensor<2x3x8xf32>' does not match the expected shape 'tensor<6x8xf32>'}}
  %0 = lite.fully_connected %x, %w
      : (tensor<2x3x4xf32>, tensor<8x4xf32>) -> tensor<2x3x8xf32>
  return
}

// -----

func.func @fully_connected_keep_num_dims_result(%x: tensor<2x3x4xf32>,
                                                %w: tensor<8x4xf32>) {
  // expected-error@+1 {{result type 'tensor<6x8xf32>' does not match the expected shape 'tensor<2x3x8xf32>'}}
  %0 = lite.fully_connected %x, %w {keep_num_dims = true}
      : (tensor<2x3x4xf32>, tensor<8x4xf32>) -> tensor<6x8xf32>
  return
}

// -----

func.func @fully_connected_bad_weights_format(%x: tensor<2x4xf32>,
                                              %w: tensor<8x4xf32>) {
  // expected-error@+2 {{failed to parse Lite_WeightsFormatAttr parameter 'value'}}
  // expected-error@+1 {{expected ::sluice::lite::WeightsFormat to be one of: DEFAULT, SHUFFLED4x16INT8}}
  %0 = lite.fully_connected %x, %w {weights_format = #lite.weights_format<DENSE>}
      : (tensor<2x4xf32>, tensor<8x4xf32>) -> tensor<2x8xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// batch_matmul
//===----------------------------------------------------------------------===//

func.func @batch_matmul_x_rank(%x: tensor<4xf32>, %y: tensor<4x5xf32>) {
  // expected-error@+1 {{x must have rank >= 2, got 'tensor<4xf32>'}}
  %0 = lite.batch_matmul %x, %y
      : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @batch_matmul_y_rank(%x: tensor<3x4xf32>, %y: tensor<4xf32>) {
  // expected-error@+1 {{y must have rank >= 2, got 'tensor<4xf32>'}}
  %0 = lite.batch_matmul %x, %y
      : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @batch_matmul_contraction(%x: tensor<3x4xf32>, %y: tensor<3x5xf32>) {
  // expected-error@+1 {{contraction dimensions differ: 4 vs 3}}
  %0 = lite.batch_matmul %x, %y
      : (tensor<3x4xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @batch_matmul_adjoint_contraction(%x: tensor<3x4xf32>,
                                            %y: tensor<4x5xf32>) {
  // expected-error@+1 {{contraction dimensions differ: 3 vs 5}}
  %0 = lite.batch_matmul %x, %y {adj_x = true, adj_y = true}
      : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @batch_matmul_batch(%x: tensor<2x3x4xf32>, %y: tensor<3x4x5xf32>) {
  // expected-error@+1 {{batch dimensions of 'tensor<2x3x4xf32>' and 'tensor<3x4x5xf32>' do not broadcast}}
  %0 = lite.batch_matmul %x, %y
      : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @batch_matmul_result(%x: tensor<2x3x4xf32>, %y: tensor<4x5xf32>) {
  // expected-error@+1 {{result type 'tensor<3x5xf32>' does not match the expected shape 'tensor<2x3x5xf32>'}}
  %0 = lite.batch_matmul %x, %y
      : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @batch_matmul_adjoint_result(%x: tensor<4x3xf32>,
                                       %y: tensor<4x5xf32>) {
  // expected-error@+1 {{result type 'tensor<4x5xf32>' does not match the expected shape 'tensor<3x5xf32>'}}
  %0 = lite.batch_matmul %x, %y {adj_x = true}
      : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @reverse_repeated_axis(%x: tensor<2x3xf32>) {
  %axes = lite.constant dense<[1, -1]> : tensor<2xi32>
  // expected-error@+1 {{axis -1 (1) is listed more than once}}
  %0 = lite.reverse_v2 %x, %axes : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @reverse_axis_range(%x: tensor<2x3xf32>) {
  %axes = lite.constant dense<2> : tensor<1xi32>
  // expected-error@+1 {{axis 2 is out of range for rank 2 (expected in [-2, 2))}}
  %0 = lite.reverse_v2 %x, %axes : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @reverse_type(%x: tensor<2x3xf32>, %axes: tensor<1xi32>) {
  // expected-error@+1 {{all of {input, output} have same type}}
  %0 = lite.reverse_v2 %x, %axes : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @arg_max_axis_vector(%x: tensor<2x3xf32>, %axis: tensor<2xi32>) {
  // expected-error@+1 {{axis must be a scalar or a one-element vector, not 'tensor<2xi32>'}}
  %0 = lite.arg_max %x, %axis : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xi64>
  return
}

// -----

func.func @arg_min_rank(%x: tensor<2x3xf32>, %axis: tensor<i32>) {
  // expected-error@+1 {{result rank 2 is not the input's rank 2 minus one}}
  %0 = lite.arg_min %x, %axis : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xi64>
  return
}

// -----

func.func @arg_max_axis_range(%x: tensor<2x3xf32>) {
  %axis = lite.constant dense<-3> : tensor<i32>
  // expected-error@+1 {{axis -3 is out of range for rank 2 (expected in [-2, 2))}}
  %0 = lite.arg_max %x, %axis : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xi64>
  return
}

// -----

func.func @arg_max_shape(%x: tensor<2x3xf32>) {
  %axis = lite.constant dense<1> : tensor<i32>
  // expected-error@+1 {{result type 'tensor<3xi64>' does not match the expected shape 'tensor<2xi64>'}}
  %0 = lite.arg_max %x, %axis : (tensor<2x3xf32>, tensor<i32>) -> tensor<3xi64>
  return
}

// -----

func.func @broadcast_to_mismatch(%x: tensor<2x3xf32>) {
  %s = lite.constant dense<[4, 3]> : tensor<2xi32>
  // expected-error@+1 {{cannot broadcast 'tensor<2x3xf32>' to 'tensor<4x3xf32>'}}
  %0 = lite.broadcast_to %x, %s : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @broadcast_to_fewer(%x: tensor<2x3xf32>, %s: tensor<1xi32>) {
  // expected-error@+1 {{cannot broadcast 'tensor<2x3xf32>' to fewer dimensions: 'tensor<?xf32>'}}
  %0 = lite.broadcast_to %x, %s : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @cumsum_axis_vector(%x: tensor<2x3xf32>, %axis: tensor<1xi32>) {
  // expected-error@+1 {{axis must be a scalar, not 'tensor<1xi32>'}}
  %0 = lite.cumsum %x, %axis : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @cumprod_axis_range(%x: tensor<2x3xf32>) {
  %axis = lite.constant dense<2> : tensor<i32>
  // expected-error@+1 {{axis 2 is out of range for rank 2 (expected in [-2, 2))}}
  %0 = lite.cumprod %x, %axis : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @softmax_scalar(%x: tensor<f32>) {
  // expected-error@+1 {{needs an input of at least one dimension}}
  %0 = lite.softmax %x : tensor<f32>
  return
}

// -----

func.func @pad_rows(%x: tensor<2x3xf32>, %p: tensor<3x2xi32>, %v: tensor<f32>) {
  // expected-error@+1 {{paddings has 3 rows for an input of rank 2}}
  %0 = lite.pad %x, %p, %v : (tensor<2x3xf32>, tensor<3x2xi32>, tensor<f32>) -> tensor<*xf32>
  return
}

// -----

func.func @pad_negative(%x: tensor<2xf32>, %v: tensor<f32>) {
  %p = lite.constant dense<[[0, -1]]> : tensor<1x2xi32>
  // expected-error@+1 {{paddings has a negative entry -1}}
  %0 = lite.pad %x, %p, %v : (tensor<2xf32>, tensor<1x2xi32>, tensor<f32>) -> tensor<*xf32>
  return
}

// -----

func.func @pad_shape(%x: tensor<2xf32>, %v: tensor<f32>) {
  %p = lite.constant dense<[[1, 2]]> : tensor<1x2xi32>
  // expected-error@+1 {{result type 'tensor<4xf32>' does not match the expected shape 'tensor<5xf32>'}}
  %0 = lite.pad %x, %p, %v : (tensor<2xf32>, tensor<1x2xi32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @conv_rank(%x: tensor<4x4x2xf32>, %w: tensor<3x2x2x2xf32>) {
  // expected-error@+1 {{input must be [batch, height, width, channels], not 'tensor<4x4x2xf32>'}}
  %0 = lite.conv_2d %x, %w {padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<4x4x2xf32>, tensor<3x2x2x2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @conv_filter_rank(%x: tensor<1x4x4x2xf32>, %w: tensor<2x2x2xf32>) {
  // expected-error@+1 {{filter must be [out_channels, height, width, channels], not 'tensor<2x2x2xf32>'}}
  %0 = lite.conv_2d %x, %w {padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<2x2x2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @conv_channels(%x: tensor<1x4x4x2xf32>, %w: tensor<3x2x2x5xf32>) {
  // expected-error@+1 {{filter reads 5 channels but the input has 2}}
  %0 = lite.conv_2d %x, %w {padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<3x2x2x5xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @conv_bias(%x: tensor<1x4x4x2xf32>, %w: tensor<3x2x2x2xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{bias must be [3], not 'tensor<4xf32>'}}
  %0 = lite.conv_2d %x, %w, %b {padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<3x2x2x2xf32>, tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @conv_valid_negative(%x: tensor<1x1x4x2xf32>, %w: tensor<3x3x2x2xf32>) {
  // expected-error@+1 {{a VALID window of 3 rows with stride 1 gives a negative output size over 1}}
  %0 = lite.conv_2d %x, %w {padding = #lite.padding<VALID>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x1x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @conv_dilated_negative(%x: tensor<1x5x5x2xf32>, %w: tensor<3x2x3x2xf32>) {
  // expected-error@+1 {{a VALID window of 7 columns with stride 1 gives a negative output size over 5}}
  %0 = lite.conv_2d %x, %w {padding = #lite.padding<VALID>, stride_h = 1 : i32, stride_w = 1 : i32, dilation_w_factor = 3 : i32} : (tensor<1x5x5x2xf32>, tensor<3x2x3x2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @conv_stride(%x: tensor<1x4x4x2xf32>, %w: tensor<3x2x2x2xf32>) {
  // expected-error@+1 {{attribute 'stride_h' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  %0 = lite.conv_2d %x, %w {padding = #lite.padding<SAME>, stride_h = 0 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<3x2x2x2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @conv_shape(%x: tensor<1x5x6x2xf32>, %w: tensor<3x2x2x2xf32>) {
  // expected-error@+1 {{result type 'tensor<1x5x6x3xf32>' does not match the expected shape 'tensor<1x3x2x3xf32>'}}
  %0 = lite.conv_2d %x, %w {padding = #lite.padding<SAME>, stride_h = 2 : i32, stride_w = 3 : i32} : (tensor<1x5x6x2xf32>, tensor<3x2x2x2xf32>) -> tensor<1x5x6x3xf32>
  return
}

// -----

func.func @depthwise_first(%x: tensor<1x4x4x2xf32>, %w: tensor<2x2x2x4xf32>) {
  // expected-error@+1 {{filter's first dimension must be 1, not 2}}
  %0 = lite.depthwise_conv_2d %x, %w {depth_multiplier = 2 : i32, padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<2x2x2x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @depthwise_channels(%x: tensor<1x4x4x2xf32>, %w: tensor<1x2x2x6xf32>) {
  // expected-error@+1 {{filter has 6 channels, not the input's 2 times depth_multiplier 2}}
  %0 = lite.depthwise_conv_2d %x, %w {depth_multiplier = 2 : i32, padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<1x2x2x6xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @pool_rank(%x: tensor<4x4xf32>) {
  // expected-error@+1 {{input must be [batch, height, width, channels], not 'tensor<4x4xf32>'}}
  %0 = lite.max_pool_2d %x {filter_height = 2 : i32, filter_width = 2 : i32, padding = #lite.padding<VALID>, stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<4x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @pool_valid_negative(%x: tensor<1x4x1x3xf32>) {
  // expected-error@+1 {{a VALID window of 3 columns with stride 1 gives a negative output size over 1}}
  %0 = lite.average_pool_2d %x {filter_height = 2 : i32, filter_width = 3 : i32, padding = #lite.padding<VALID>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x1x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @average_pool_integer(%x: tensor<1x4x4x3xi32>) {
  // expected-error@+1 {{operand #0 must be tensor of 16-bit float or 32-bit float or 64-bit float values}}
  %0 = lite.average_pool_2d %x {filter_height = 2 : i32, filter_width = 2 : i32, padding = #lite.padding<VALID>, stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x4x3xi32>) -> tensor<*xi32>
  return
}

// -----

func.func @mirror_pad_reflect(%x: tensor<2x3xf32>) {
  %p = lite.constant dense<[[2, 0], [0, 1]]> : tensor<2x2xi32>
  // expected-error@+1 {{paddings has 2 in row 0, more than 1 for a dimension of size 2}}
  %0 = lite.mirror_pad %x, %p {mode = #lite.mirror_pad_mode<REFLECT>} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @mirror_pad_symmetric(%x: tensor<2x3xf32>) {
  %p = lite.constant dense<[[0, 0], [4, 1]]> : tensor<2x2xi32>
  // expected-error@+1 {{paddings has 4 in row 1, more than 3 for a dimension of size 3}}
  %0 = lite.mirror_pad %x, %p {mode = #lite.mirror_pad_mode<SYMMETRIC>} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @mirror_pad_negative(%x: tensor<2x3xf32>) {
  %p = lite.constant dense<[[0, -1], [0, 1]]> : tensor<2x2xi32>
  // expected-error@+1 {{paddings has a negative entry -1}}
  %0 = lite.mirror_pad %x, %p {mode = #lite.mirror_pad_mode<SYMMETRIC>} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @reverse_sequence_dims(%x: tensor<2x3xf32>, %n: tensor<2xi32>) {
  // expected-error@+1 {{seq_dim and batch_dim are both 0}}
  %0 = lite.reverse_sequence %x, %n {seq_dim = 0 : i32} : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @reverse_sequence_rank(%x: tensor<2x3xf32>, %n: tensor<2xi32>) {
  // expected-error@+1 {{seq_dim -1 and batch_dim 0 must be dimensions of the input of rank 2}}
  %0 = lite.reverse_sequence %x, %n {seq_dim = -1 : i32} : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @reverse_sequence_batch(%x: tensor<2x3xf32>, %n: tensor<3xi32>) {
  // expected-error@+1 {{seq_lengths has 3 entries for a batch of 2}}
  %0 = lite.reverse_sequence %x, %n {seq_dim = 1 : i32} : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @reverse_sequence_length(%x: tensor<2x3xf32>) {
  %n = lite.constant dense<[1, 4]> : tensor<2xi32>
  // expected-error@+1 {{seq_lengths has 4, outside [0, 3]}}
  %0 = lite.reverse_sequence %x, %n {seq_dim = 1 : i32} : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @one_hot_axis(%i: tensor<3xi32>, %on: tensor<f32>, %off: tensor<f32>) {
  %d = lite.constant dense<4> : tensor<i32>
  // expected-error@+1 {{axis 2 is outside [-1, 1]}}
  %0 = lite.one_hot %i, %d, %on, %off {axis = 2 : i32} : (tensor<3xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<*xf32>
  return
}

// -----

func.func @one_hot_depth(%i: tensor<3xi32>, %on: tensor<f32>, %off: tensor<f32>) {
  %d = lite.constant dense<-2> : tensor<i32>
  // expected-error@+1 {{depth -2 is negative}}
  %0 = lite.one_hot %i, %d, %on, %off : (tensor<3xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<*xf32>
  return
}

// -----

func.func @one_hot_shape(%i: tensor<3xi32>, %on: tensor<f32>, %off: tensor<f32>) {
  %d = lite.constant dense<4> : tensor<i32>
  // expected-error@+1 {{result type 'tensor<3x4xf32>' does not match the expected shape 'tensor<4x3xf32>'}}
  %0 = lite.one_hot %i, %d, %on, %off {axis = 0 : i32} : (tensor<3xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @one_hot_values(%i: tensor<3xi32>, %on: tensor<f32>, %off: tensor<i32>) {
  %d = lite.constant dense<4> : tensor<i32>
  // expected-error@+1 {{failed to verify that all of {on_value, off_value, output} have same element type}}
  %0 = lite.one_hot %i, %d, %on, %off : (tensor<3xi32>, tensor<i32>, tensor<f32>, tensor<i32>) -> tensor<*xf32>
  return
}

// -----

func.func @conv_bias_type(%x: tensor<1x4x4x2xf32>, %w: tensor<3x2x2x2xf32>, %b: tensor<3xi32>) {
  // expected-error@+1 {{bias must have the input's element type, not 'tensor<3xi32>'}}
  %0 = lite.conv_2d %x, %w, %b {padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<3x2x2x2xf32>, tensor<3xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @top_k_scalar(%x: tensor<f32>, %k: tensor<i32>) {
  // expected-error@+1 {{input must have rank >= 1 (the rows are along its last dimension)}}
  %v, %i = lite.top_k %x, %k : (tensor<f32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
  return
}

// -----

func.func @top_k_negative(%x: tensor<2x5xf32>) {
  %k = lite.constant dense<-1> : tensor<i32>
  // expected-error@+1 {{k = -1 is negative}}
  %v, %i = lite.top_k %x, %k : (tensor<2x5xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
  return
}

// -----

func.func @top_k_past_row(%x: tensor<2x5xf32>) {
  %k = lite.constant dense<6> : tensor<i32>
  // expected-error@+1 {{k = 6 is more than the 5 elements of a row}}
  %v, %i = lite.top_k %x, %k : (tensor<2x5xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
  return
}

// -----

func.func @top_k_shape(%x: tensor<2x5xf32>) {
  %k = lite.constant dense<3> : tensor<i32>
  // expected-error@+1 {{result type 'tensor<2x2xf32>' does not match the expected shape 'tensor<2x3xf32>'}}
  %v, %i = lite.top_k %x, %k : (tensor<2x5xf32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<*xi32>)
  return
}

// -----

func.func @top_k_values(%x: tensor<2x5xf32>, %k: tensor<i32>) {
  // expected-error@+1 {{failed to verify that all of {input, values} have same element type}}
  %v, %i = lite.top_k %x, %k : (tensor<2x5xf32>, tensor<i32>) -> (tensor<*xi32>, tensor<*xi32>)
  return
}

// -----

func.func @split_none(%x: tensor<4xf32>) {
  %a = lite.constant dense<0> : tensor<i32>
  // expected-error@+1 {{needs at least one result}}
  lite.split %a, %x : (tensor<i32>, tensor<4xf32>) -> ()
  return
}

// -----

func.func @split_axis(%x: tensor<4xf32>) {
  %a = lite.constant dense<1> : tensor<i32>
  // expected-error@+1 {{axis 1 is out of range for rank 1}}
  %0:2 = lite.split %a, %x : (tensor<i32>, tensor<4xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

func.func @split_indivisible(%x: tensor<2x5xf32>) {
  %a = lite.constant dense<-1> : tensor<i32>
  // expected-error@+1 {{dimension 1 of the input has size 5, which the op's 2 results do not divide}}
  %0:2 = lite.split %a, %x : (tensor<i32>, tensor<2x5xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

func.func @split_element(%x: tensor<4xf32>) {
  %a = lite.constant dense<0> : tensor<i32>
  // expected-error@+1 {{result type 'tensor<2xi32>' differs in element type from the input}}
  %0:2 = lite.split %a, %x : (tensor<i32>, tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi32>)
  return
}

// -----

func.func @split_shape(%x: tensor<4x3xf32>) {
  %a = lite.constant dense<0> : tensor<i32>
  // expected-error@+1 {{result type 'tensor<2x2xf32>' does not match the expected shape 'tensor<2x3xf32>'}}
  %0:2 = lite.split %a, %x : (tensor<i32>, tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<2x2xf32>)
  return
}

// -----

func.func @split_rank(%x: tensor<4x3xf32>, %a: tensor<i32>) {
  // expected-error@+1 {{result type 'tensor<2xf32>' does not have the input's rank 2}}
  %0:2 = lite.split %a, %x : (tensor<i32>, tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>)
  return
}

// -----

func.func @nms_boxes(%b: tensor<5x3xf32>, %s: tensor<5xf32>, %m: tensor<i32>, %t: tensor<f32>) {
  // expected-error@+1 {{boxes must be [num_boxes, 4], not 'tensor<5x3xf32>'}}
  %i, %n = lite.non_max_suppression_v4 %b, %s, %m, %t, %t : (tensor<5x3xf32>, tensor<5xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<?xi32>, tensor<i32>)
  return
}

// -----

func.func @nms_scores(%b: tensor<5x4xf32>, %s: tensor<4xf32>, %m: tensor<i32>, %t: tensor<f32>) {
  // expected-error@+1 {{has 5 boxes but 4 scores}}
  %i, %n = lite.non_max_suppression_v4 %b, %s, %m, %t, %t : (tensor<5x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<?xi32>, tensor<i32>)
  return
}

// -----

func.func @nms_max(%b: tensor<5x4xf32>, %s: tensor<5xf32>, %t: tensor<f32>) {
  %m = lite.constant dense<3> : tensor<i32>
  // expected-error@+1 {{selected_indices 'tensor<2xi32>' does not hold max_output_size = 3 indices}}
  %i, %n = lite.non_max_suppression_v4 %b, %s, %m, %t, %t : (tensor<5x4xf32>, tensor<5xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<2xi32>, tensor<i32>)
  return
}

// -----

func.func @nms_negative(%b: tensor<5x4xf32>, %s: tensor<5xf32>, %t: tensor<f32>) {
  %m = lite.constant dense<-1> : tensor<i32>
  // expected-error@+1 {{max_output_size -1 is negative}}
  %i, %n = lite.non_max_suppression_v4 %b, %s, %m, %t, %t : (tensor<5x4xf32>, tensor<5xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<?xi32>, tensor<i32>)
  return
}

// -----

func.func @nms_iou(%b: tensor<5x4xf32>, %s: tensor<5xf32>, %m: tensor<i32>, %t: tensor<f32>) {
  %iou = lite.constant dense<-0.5> : tensor<f32>
  // expected-error@+1 {{iou_threshold -5.000000e-01 is outside [0, 1]}}
  %i, %n = lite.non_max_suppression_v4 %b, %s, %m, %iou, %t : (tensor<5x4xf32>, tensor<5xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<?xi32>, tensor<i32>)
  return
}

// -----

func.func @nms_selected(%b: tensor<5x4xf32>, %s: tensor<5xf32>, %m: tensor<i32>, %t: tensor<f32>) {
  // expected-error@+1 {{selected_indices must be a vector, not 'tensor<1x3xi32>'}}
  %i, %n = lite.non_max_suppression_v4 %b, %s, %m, %t, %t : (tensor<5x4xf32>, tensor<5xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<1x3xi32>, tensor<i32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// scatter_nd
//===----------------------------------------------------------------------===//

func.func @scatter_nd_scalar_indices(%i: tensor<i32>, %u: tensor<3xf32>,
                                     %s: tensor<2xi32>) {
  // expected-error@+1 {{indices must have rank at least 1 (the index tuples along the last dimension)}}
  %0 = lite.scatter_nd %i, %u, %s
      : (tensor<i32>, tensor<3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @scatter_nd_long_tuples(%i: tensor<2x3xi32>, %u: tensor<2xf32>,
                                  %s: tensor<2xi32>) {
  // expected-error@+1 {{index tuples of 3 entries for a result of rank 2}}
  %0 = lite.scatter_nd %i, %u, %s
      : (tensor<2x3xi32>, tensor<2xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @scatter_nd_updates_rank(%i: tensor<2x1xi32>, %u: tensor<2xf32>,
                                   %s: tensor<2xi32>) {
  // expected-error@+1 {{updates must have rank 2 (indices' batch dimensions and the result's after the first 1), not 1}}
  %0 = lite.scatter_nd %i, %u, %s
      : (tensor<2x1xi32>, tensor<2xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @scatter_nd_updates_slice(%i: tensor<2x1xi32>, %u: tensor<2x4xf32>,
                                    %s: tensor<2xi32>) {
  // expected-error@+1 {{updates dimension 1 differs from the result's dimension 1}}
  %0 = lite.scatter_nd %i, %u, %s
      : (tensor<2x1xi32>, tensor<2x4xf32>, tensor<2xi32>) -> tensor<?x3xf32>
  return
}

// -----

func.func @scatter_nd_shape_type(%i: tensor<2x1xi32>, %u: tensor<2x3xf32>,
                                 %s: tensor<2xi64>) {
  // expected-error@+1 {{all of {indices, shape} have same element type}}
  %0 = lite.scatter_nd %i, %u, %s
      : (tensor<2x1xi32>, tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  return
}
