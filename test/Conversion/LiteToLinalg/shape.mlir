// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg | FileCheck %s

// A constant shape with a -1 on a static input: the size is inferred at
// compile time, and a reshape that no grouping describes goes through 1-D.
// CHECK-LABEL: func.func @reshape_constant_shape
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>
// CHECK-NOT: scf.if
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: %[[R:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
// CHECK: return %[[R]]
func.func @reshape_constant_shape(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %s = lite.constant dense<[3, -1]> : tensor<2xi32>
  %r = lite.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_collapse
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<2x3x4xi32> into tensor<6x4xi32>
func.func @reshape_collapse(%x: tensor<2x3x4xi32>) -> tensor<6x4xi32> {
  %s = lite.constant dense<[6, 4]> : tensor<2xi32>
  %r = lite.reshape %x, %s : (tensor<2x3x4xi32>, tensor<2xi32>) -> tensor<6x4xi32>
  return %r : tensor<6x4xi32>
}

// -----

// A shape that is a run-time value: the -1 entry is inferred in index
// arithmetic, the entries are checked (INVALID_ARGUMENT = 4) and so is the
// element count (SHAPE_MISMATCH = 2); tensor.reshape runs only when they
// hold.
// CHECK-LABEL: func.func @reshape_runtime_shape
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[S:.*]]: tensor<2xi32>
// CHECK: %[[E0:.*]] = tensor.extract %[[S]][%c0] : tensor<2xi32>
// CHECK: %[[S0:.*]] = arith.index_cast %[[E0]] : i32 to index
// CHECK: %[[E1:.*]] = tensor.extract %[[S]][%c1] : tensor<2xi32>
// CHECK: %[[S1:.*]] = arith.index_cast %[[E1]] : i32 to index
// CHECK: %[[DIM:.*]] = tensor.dim %[[X]], %c0
// CHECK: %[[COUNT:.*]] = arith.muli %[[DIM]], %c3 : index
// CHECK: arith.remsi %[[COUNT]]
// CHECK: arith.select %{{.*}}, %c4_i32, %{{.*}} : i32
// CHECK: arith.select %{{.*}}, %c2_i32, %{{.*}} : i32
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (tensor<?x?xf32>) {
// CHECK:   %[[SHAPE:.*]] = tensor.from_elements %{{.*}}, %{{.*}} : tensor<2xindex>
// CHECK:   %[[RESHAPED:.*]] = tensor.reshape %[[X]](%[[SHAPE]]) : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK:   scf.yield %[[RESHAPED]]
// CHECK: } else {
// CHECK:   %[[EMPTY:.*]] = tensor.empty(%c0, %c0) : tensor<?x?xf32>
// CHECK:   scf.yield %[[EMPTY]]
// CHECK: return %[[R]]
func.func @reshape_runtime_shape(%x: tensor<?x3xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %r = lite.reshape %x, %s : (tensor<?x3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A dynamic input with a constant shape: only the divisibility of the
// element count is left to check. ui8 computes as i8.
// CHECK-LABEL: func.func @reshape_dynamic_input
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xi8>
// CHECK: %[[DIM:.*]] = tensor.dim %[[X]], %c0
// CHECK: %[[COUNT:.*]] = arith.muli %[[DIM]], %c4
// CHECK: %[[REM:.*]] = arith.remsi %[[COUNT]], %c2
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[REM]], %c0
// CHECK: %[[ROWS:.*]] = arith.divsi %[[COUNT]], %c2
// CHECK: scf.if %[[OK]] -> (tensor<?x2xi8>)
// CHECK:   tensor.from_elements %[[ROWS]], %c2 : tensor<2xindex>
// CHECK:   tensor.reshape %[[X]]
func.func @reshape_dynamic_input(%x: tensor<?x4xui8>) -> tensor<?x2xui8> {
  %s = lite.constant dense<[-1, 2]> : tensor<2xi32>
  %r = lite.reshape %x, %s : (tensor<?x4xui8>, tensor<2xi32>) -> tensor<?x2xui8>
  return %r : tensor<?x2xui8>
}

// -----

// CHECK-LABEL: func.func @expand_dims_constant_axis
// CHECK-SAME: (%[[X:.*]]: tensor<2x?xf32>
// CHECK: %[[DIM:.*]] = tensor.dim %[[X]], %c1
// CHECK: tensor.expand_shape %[[X]] {{\[}}[0], [1, 2]] output_shape [2, %[[DIM]], 1] : tensor<2x?xf32> into tensor<2x?x1xf32>
func.func @expand_dims_constant_axis(%x: tensor<2x?xf32>) -> tensor<2x?x1xf32> {
  %a = lite.constant dense<-1> : tensor<i32>
  %r = lite.expand_dims %x, %a : (tensor<2x?xf32>, tensor<i32>) -> tensor<2x?x1xf32>
  return %r : tensor<2x?x1xf32>
}

// -----

// A run-time axis: checked, clamped, and the sizes with the 1 inserted are
// selected in index arithmetic for tensor.reshape.
// CHECK-LABEL: func.func @expand_dims_runtime_axis
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[A:.*]]: tensor<i64>
// CHECK: %[[AXIS:.*]] = tensor.extract %[[A]][] : tensor<i64>
// CHECK: arith.index_cast %[[AXIS]] : i64 to index
// CHECK: arith.select %{{.*}}, %c4_i32, %{{.*}} : i32
// CHECK: %[[SHAPE:.*]] = tensor.from_elements %{{.*}}, %{{.*}}, %{{.*}} : tensor<3xindex>
// CHECK: tensor.reshape %[[X]](%[[SHAPE]]) : (tensor<2x3xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
func.func @expand_dims_runtime_axis(%x: tensor<2x3xf32>, %a: tensor<i64>) -> tensor<?x?x?xf32> {
  %r = lite.expand_dims %x, %a : (tensor<2x3xf32>, tensor<i64>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @squeeze_static
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2]] : tensor<1x3x1xf32> into tensor<3xf32>
func.func @squeeze_static(%x: tensor<1x3x1xf32>) -> tensor<3xf32> {
  %r = lite.squeeze %x : (tensor<1x3x1xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// A dynamic dimension squeezed: its size is checked to be 1 and the
// collapse sees it as 1 only where it is.
// CHECK-LABEL: func.func @squeeze_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xi32>
// CHECK: %[[DIM:.*]] = tensor.dim %[[X]], %c0
// CHECK: %[[ONE:.*]] = arith.cmpi eq, %[[DIM]], %c1
// CHECK: arith.select %{{.*}}, %c2_i32, %{{.*}} : i32
// CHECK: scf.if %[[ONE]] -> (tensor<3xi32>) {
// CHECK:   %[[CAST:.*]] = tensor.cast %[[X]] : tensor<?x3xi32> to tensor<1x3xi32>
// CHECK:   tensor.collapse_shape %[[CAST]] {{\[}}[0, 1]] : tensor<1x3xi32> into tensor<3xi32>
// CHECK: } else {
// CHECK:   scf.yield %{{.*}} : tensor<3xi32>
func.func @squeeze_dynamic(%x: tensor<?x3xi32>) -> tensor<3xi32> {
  %r = lite.squeeze %x {squeeze_dims = array<i32: 0>} : (tensor<?x3xi32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @concatenation_static
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x1xf32>
// CHECK-NOT: scf.if
// CHECK: tensor.concat dim(1) %[[A]], %[[B]] : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
func.func @concatenation_static(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>) -> tensor<2x4xf32> {
  %r = lite.concatenation %a, %b {axis = -1 : i32} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// Dynamic sizes that must agree off the axis are checked; the fused RELU6
// clamps with compare and select as the interpreter does.
// CHECK-LABEL: func.func @concatenation_dynamic_relu6
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xi32>, %[[B:.*]]: tensor<?x3xi32>
// CHECK: %[[DIM:.*]] = tensor.dim %[[A]], %c1
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[DIM]], %c3
// CHECK: arith.select %{{.*}}, %c2_i32, %{{.*}} : i32
// CHECK: %[[R:.*]] = scf.if %[[SAME]] -> (tensor<?x3xi32>) {
// CHECK:   %[[CONCAT:.*]] = tensor.concat dim(0) %[[A]], %[[B]] : (tensor<?x?xi32>, tensor<?x3xi32>) -> tensor<?x3xi32>
// CHECK:   linalg.generic {{.*}} ins(%[[CONCAT]] : tensor<?x3xi32>)
// CHECK:     arith.cmpi slt, %{{.*}}, %c0_i32
// CHECK:     arith.cmpi sgt, %{{.*}}, %c6_i32
// CHECK: tensor.cast %[[R]] : tensor<?x3xi32> to tensor<?x?xi32>
func.func @concatenation_dynamic_relu6(%a: tensor<?x?xi32>, %b: tensor<?x3xi32>) -> tensor<?x?xi32> {
  %r = lite.concatenation %a, %b {axis = 0 : i32, fused_activation_function = #lite.activation<RELU6>} : (tensor<?x?xi32>, tensor<?x3xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// -----

// CHECK-LABEL: func.func @pack
// CHECK-SAME: (%[[A:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<3xf32>
// CHECK: %[[EA:.*]] = tensor.expand_shape %[[A]] {{\[}}[0, 1]] output_shape [3, 1] : tensor<3xf32> into tensor<3x1xf32>
// CHECK: %[[EB:.*]] = tensor.expand_shape %[[B]] {{\[}}[0, 1]] output_shape [3, 1] : tensor<3xf32> into tensor<3x1xf32>
// CHECK: tensor.concat dim(1) %[[EA]], %[[EB]] : (tensor<3x1xf32>, tensor<3x1xf32>) -> tensor<3x2xf32>
func.func @pack(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3x2xf32> {
  %r = lite.pack %a, %b {axis = -1 : i32} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @unpack
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi64>
// CHECK: %[[S0:.*]] = tensor.extract_slice %[[X]][0, 0] [2, 1] [1, 1] : tensor<2x3xi64> to tensor<2xi64>
// CHECK: %[[S1:.*]] = tensor.extract_slice %[[X]][0, 1] [2, 1] [1, 1] : tensor<2x3xi64> to tensor<2xi64>
// CHECK: %[[S2:.*]] = tensor.extract_slice %[[X]][0, 2] [2, 1] [1, 1] : tensor<2x3xi64> to tensor<2xi64>
// CHECK: return %[[S0]], %[[S1]], %[[S2]]
func.func @unpack(%x: tensor<2x3xi64>) -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) {
  %r:3 = lite.unpack %x {axis = 1 : i32} : (tensor<2x3xi64>) -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>)
  return %r#0, %r#1, %r#2 : tensor<2xi64>, tensor<2xi64>, tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @slice_constant
// CHECK-NOT: scf.if
// CHECK: tensor.extract_slice %{{.*}}[1, 2] [2, 2] [1, 1] : tensor<3x4xf32> to tensor<2x2xf32>
func.func @slice_constant(%x: tensor<3x4xf32>) -> tensor<2x2xf32> {
  %b = lite.constant dense<[1, 2]> : tensor<2xi32>
  %s = lite.constant dense<[2, -1]> : tensor<2xi32>
  %r = lite.slice %x, %b, %s : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// Run-time begin and size: begin in [0, dim] and the end within the
// dimension (INDEX_OUT_OF_RANGE = 1), size -1 or non-negative
// (INVALID_ARGUMENT = 4), in the interpreter's order.
// CHECK-LABEL: func.func @slice_runtime
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[B:.*]]: tensor<1xi32>, %[[S:.*]]: tensor<1xi64>
// CHECK: %[[BEGIN:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[SIZE:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[DIM:.*]] = tensor.dim %[[X]], %c0
// CHECK: %[[REST:.*]] = arith.subi %[[DIM]], %[[BEGIN]]
// CHECK: arith.select %{{.*}}, %c1_i32, %{{.*}} : i32
// CHECK: arith.select %{{.*}}, %c4_i32, %{{.*}} : i32
// CHECK: %[[EXTENT:.*]] = arith.select %{{.*}}, %[[REST]], %[[SIZE]] : index
// CHECK: arith.select %{{.*}}, %c1_i32, %{{.*}} : i32
// CHECK: scf.if %{{.*}} -> (tensor<?xf32>) {
// CHECK:   tensor.extract_slice %[[X]][%{{.*}}] [%[[EXTENT]]] [1] : tensor<?xf32> to tensor<?xf32>
func.func @slice_runtime(%x: tensor<?xf32>, %b: tensor<1xi32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %r = lite.slice %x, %b, %s : (tensor<?xf32>, tensor<1xi32>, tensor<1xi64>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// x[..., 1, newaxis]: the ellipsis covers dimension 0, dimension 1 is
// shrunk by a rank-reducing extract_slice, the new axis is an expand_shape.
// CHECK-LABEL: func.func @strided_slice_masks
// CHECK: %[[S:.*]] = tensor.extract_slice %{{.*}}[0, 1] [4, 1] [1, 1] : tensor<4x5xf32> to tensor<4xf32>
// CHECK: tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
func.func @strided_slice_masks(%x: tensor<4x5xf32>) -> tensor<4x1xf32> {
  %b = lite.constant dense<[0, 1, 0]> : tensor<3xi32>
  %e = lite.constant dense<[0, 0, 0]> : tensor<3xi32>
  %s = lite.constant dense<[1, 1, 1]> : tensor<3xi32>
  %r = lite.strided_slice %x, %b, %e, %s {shrink_axis_mask = 2 : i32, new_axis_mask = 4 : i32, ellipsis_mask = 1 : i32} : (tensor<4x5xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}

// -----

// x[::-2] on 6 elements reads 5, 3, 1: a linalg.generic at 5 - 2 i.
// CHECK-LABEL: func.func @strided_slice_reverse
// CHECK-SAME: (%[[X:.*]]: tensor<6xi32>
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<3xi32>)
// CHECK:   %[[I:.*]] = linalg.index 0 : index
// CHECK:   %[[STEP:.*]] = arith.muli %[[I]], %c-2 : index
// CHECK:   %[[AT:.*]] = arith.addi %[[STEP]], %c5 : index
// CHECK:   tensor.extract %[[X]][%[[AT]]] : tensor<6xi32>
func.func @strided_slice_reverse(%x: tensor<6xi32>) -> tensor<3xi32> {
  %b = lite.constant dense<-1> : tensor<1xi32>
  %e = lite.constant dense<0> : tensor<1xi32>
  %s = lite.constant dense<-2> : tensor<1xi32>
  %r = lite.strided_slice %x, %b, %e, %s {end_mask = 1 : i32} : (tensor<6xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// -----

// A stride of unknown sign: zero is checked (INVALID_ARGUMENT = 4), start,
// stop and the extent are selected by its sign.
// CHECK-LABEL: func.func @strided_slice_runtime_stride
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[S:.*]]: tensor<1xi32>
// CHECK: %[[STRIDE:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: arith.cmpi sgt
// CHECK: arith.select %{{.*}}, %c4_i32, %{{.*}} : i32
// CHECK: scf.if %{{.*}} -> (tensor<?xf32>) {
// CHECK: } else {
// CHECK:   linalg.generic
// CHECK:     linalg.index 0
// CHECK:     tensor.extract %[[X]]
func.func @strided_slice_runtime_stride(%x: tensor<?xf32>, %s: tensor<1xi32>) -> tensor<?xf32> {
  %b = lite.constant dense<0> : tensor<1xi32>
  %r = lite.strided_slice %x, %b, %b, %s {begin_mask = 1 : i32, end_mask = 1 : i32} : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Run-time start indices on static shapes: each is clamped to
// [0, dim - update dim], so the block always lies inside the operand and
// nothing is checked; the update is inserted into the operand (in place
// when the operand is dead: dynamic-update-slice-in-place.mlir).
// CHECK-LABEL: func.func @dynamic_update_slice_static
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>, %[[U:.*]]: tensor<2x2xf32>, %[[I:.*]]: tensor<2xi32>
// CHECK-NOT: scf.if
// CHECK: %[[E0:.*]] = tensor.extract %[[I]][%c0] : tensor<2xi32>
// CHECK: %[[S0:.*]] = arith.index_cast %[[E0]] : i32 to index
// CHECK: %[[E1:.*]] = tensor.extract %[[I]][%c1] : tensor<2xi32>
// CHECK: %[[S1:.*]] = arith.index_cast %[[E1]] : i32 to index
// CHECK: %[[LO0:.*]] = arith.maxsi %[[S0]], %c0 : index
// CHECK: %[[O0:.*]] = arith.minsi %[[LO0]], %c1 : index
// CHECK: %[[LO1:.*]] = arith.maxsi %[[S1]], %c0 : index
// CHECK: %[[O1:.*]] = arith.minsi %[[LO1]], %c2 : index
// CHECK-NOT: scf.if
// CHECK: %[[R:.*]] = tensor.insert_slice %[[U]] into %[[X]][%[[O0]], %[[O1]]] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<3x4xf32>
// CHECK: return %[[R]]
func.func @dynamic_update_slice_static(%x: tensor<3x4xf32>, %u: tensor<2x2xf32>, %i: tensor<2xi32>) -> tensor<3x4xf32> {
  %r = lite.dynamic_update_slice %x, %u, %i : (tensor<3x4xf32>, tensor<2x2xf32>, tensor<2xi32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

// Constant start indices are clamped at compile time: (1, 9) for a 1x1
// update of a 3x4 operand writes at (1, 3).
// CHECK-LABEL: func.func @dynamic_update_slice_constant
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>, %[[U:.*]]: tensor<1x1xf32>
// CHECK-NEXT: %[[R:.*]] = tensor.insert_slice %[[U]] into %[[X]][1, 3] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<3x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @dynamic_update_slice_constant(%x: tensor<3x4xf32>, %u: tensor<1x1xf32>) -> tensor<3x4xf32> {
  %i = lite.constant dense<[1, 9]> : tensor<2xi32>
  %r = lite.dynamic_update_slice %x, %u, %i : (tensor<3x4xf32>, tensor<1x1xf32>, tensor<2xi32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

// Dynamic shapes: start_indices has one entry per dimension
// (INVALID_ARGUMENT = 4) and the update is no larger than the operand
// (SHAPE_MISMATCH = 2), in the interpreter's order; the insert runs only
// when they hold. ui8 computes as i8.
// CHECK-LABEL: func.func @dynamic_update_slice_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xi8>, %[[U:.*]]: tensor<?x?xi8>, %[[I:.*]]: tensor<?xi64>
// CHECK: %[[LEN:.*]] = tensor.dim %[[I]], %c0 : tensor<?xi64>
// CHECK: arith.cmpi eq, %[[LEN]], %c2 : index
// CHECK: %[[D0:.*]] = tensor.dim %[[X]], %c0 : tensor<?x4xi8>
// CHECK: %[[U0:.*]] = tensor.dim %[[U]], %c0 : tensor<?x?xi8>
// CHECK: arith.cmpi sle, %[[U0]], %[[D0]] : index
// CHECK: arith.select %{{.*}}, %c4_i32, %{{.*}} : i32
// CHECK: %[[HI0:.*]] = arith.subi %[[D0]], %[[U0]] : index
// CHECK: arith.minsi %{{.*}}, %[[HI0]] : index
// CHECK: %[[U1:.*]] = tensor.dim %[[U]], %c1 : tensor<?x?xi8>
// CHECK: arith.cmpi sle, %[[U1]], %c4 : index
// CHECK: arith.select %{{.*}}, %c2_i32, %{{.*}} : i32
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (tensor<?x4xi8>) {
// CHECK:   %[[IN:.*]] = tensor.insert_slice %[[U]] into %[[X]][%{{.*}}, %{{.*}}] [%[[U0]], %[[U1]]] [1, 1] : tensor<?x?xi8> into tensor<?x4xi8>
// CHECK:   scf.yield %[[IN]]
// CHECK: } else {
// CHECK:   tensor.empty(%c0) : tensor<?x4xi8>
// CHECK: return %[[R]]
func.func @dynamic_update_slice_dynamic(%x: tensor<?x4xui8>, %u: tensor<?x?xui8>, %i: tensor<?xi64>) -> tensor<?x4xui8> {
  %r = lite.dynamic_update_slice %x, %u, %i : (tensor<?x4xui8>, tensor<?x?xui8>, tensor<?xi64>) -> tensor<?x4xui8>
  return %r : tensor<?x4xui8>
}

// -----

// Of a scalar: the update.
// CHECK-LABEL: func.func @dynamic_update_slice_scalar
// CHECK-SAME: (%{{.*}}: tensor<f32>, %[[U:.*]]: tensor<f32>
// CHECK-NEXT: return %[[U]]
func.func @dynamic_update_slice_scalar(%x: tensor<f32>, %u: tensor<f32>) -> tensor<f32> {
  %i = lite.constant dense<> : tensor<0xi32>
  %r = lite.dynamic_update_slice %x, %u, %i : (tensor<f32>, tensor<f32>, tensor<0xi32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// The indices are first reduced to "all in [0, 5)" by a separate
// linalg.generic, checked outside any linalg region (INDEX_OUT_OF_RANGE =
// 1); the gather reads the indices through its indexing map and params
// with tensor.extract only when they are all in range.
// CHECK-DAG: #[[ALL:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[NONE:.*]] = affine_map<(d0) -> ()>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[P:.*]]: tensor<5x3xf32>, %[[I:.*]]: tensor<2xi32>
// CHECK: %[[TRUE:.*]] = linalg.fill ins(%true : i1) outs(%{{.*}} : tensor<i1>)
// CHECK: %[[ALLIN:.*]] = linalg.generic {indexing_maps = [#[[ALL]], #[[NONE]]], iterator_types = ["reduction"]} ins(%[[I]] : tensor<2xi32>) outs(%[[TRUE]] : tensor<i1>)
// CHECK:   arith.extsi %{{.*}} : i32 to i64
// CHECK:   arith.cmpi sge, %{{.*}}, %c0_i64 : i64
// CHECK:   arith.cmpi slt, %{{.*}}, %c5_i64 : i64
// CHECK: %[[OK:.*]] = tensor.extract %[[ALLIN]][] : tensor<i1>
// CHECK: arith.select %{{.*}}, %c1_i32, %{{.*}} : i32
// CHECK: scf.if %[[OK]] -> (tensor<2x3xf32>) {
// CHECK:   linalg.generic {indexing_maps = [#[[ROW]], #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%[[I]] : tensor<2xi32>)
// CHECK:   ^bb0(%[[IN:.*]]: i32, %{{.*}}: f32):
// CHECK:     %[[COL:.*]] = linalg.index 1 : index
// CHECK:     %[[ROWIDX:.*]] = arith.index_cast %[[IN]] : i32 to index
// CHECK:     tensor.extract %[[P]][%[[ROWIDX]], %[[COL]]] : tensor<5x3xf32>
// CHECK-NOT: cf.assert
func.func @gather(%p: tensor<5x3xf32>, %i: tensor<2xi32>) -> tensor<2x3xf32> {
  %r = lite.gather %p, %i {axis = 0 : i32} : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// Constant indices are checked at compile time: no check, no guard.
// CHECK-LABEL: func.func @gather_constant_indices
// CHECK-NOT: scf.if
// CHECK: linalg.generic
// CHECK:   arith.index_cast %{{.*}} : i64 to index
// CHECK:   tensor.extract
func.func @gather_constant_indices(%p: tensor<2x5xi8>) -> tensor<2x2xi8> {
  %i = lite.constant dense<[4, 0]> : tensor<2xi64>
  %r = lite.gather %p, %i {axis = -1 : i32} : (tensor<2x5xi8>, tensor<2xi64>) -> tensor<2x2xi8>
  return %r : tensor<2x2xi8>
}

// -----

// batch_dims = 1: the batch dimension indexes params and indices alike.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @gather_batch
// CHECK-SAME: (%[[P:.*]]: tensor<2x4xf32>, %[[I:.*]]: tensor<2x3xi32>
// CHECK: scf.if
// CHECK:   linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], {{.*}} ins(%[[I]] : tensor<2x3xi32>)
// CHECK:     %[[B:.*]] = linalg.index 0 : index
// CHECK:     %[[AT:.*]] = arith.index_cast
// CHECK:     tensor.extract %[[P]][%[[B]], %[[AT]]] : tensor<2x4xf32>
func.func @gather_batch(%p: tensor<2x4xf32>, %i: tensor<2x3xi32>) -> tensor<2x3xf32> {
  %r = lite.gather %p, %i {axis = 1 : i32, batch_dims = 1 : i32} : (tensor<2x4xf32>, tensor<2x3xi32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_constant
// CHECK-SAME: (%[[X:.*]]: tensor<2x?x4xf32>
// CHECK: %[[DIM:.*]] = tensor.dim %[[X]], %c1
// CHECK: %[[INIT:.*]] = tensor.empty(%[[DIM]]) : tensor<4x2x?xf32>
// CHECK: linalg.transpose ins(%[[X]] : tensor<2x?x4xf32>) outs(%[[INIT]] : tensor<4x2x?xf32>) permutation = [2, 0, 1]
func.func @transpose_constant(%x: tensor<2x?x4xf32>) -> tensor<4x2x?xf32> {
  %p = lite.constant dense<[2, 0, 1]> : tensor<3xi32>
  %r = lite.transpose %x, %p : (tensor<2x?x4xf32>, tensor<3xi32>) -> tensor<4x2x?xf32>
  return %r : tensor<4x2x?xf32>
}

// -----

// A run-time permutation: checked to be one (INVALID_ARGUMENT = 4), then a
// linalg.generic whose input index selects the result index by perm.
// CHECK-LABEL: func.func @transpose_runtime
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[P:.*]]: tensor<2xi32>
// CHECK: %[[P0:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[P1:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: arith.cmpi eq, %[[P1]], %[[P0]] : index
// CHECK: arith.select %{{.*}}, %c4_i32, %{{.*}} : i32
// CHECK: scf.if %{{.*}} -> (tensor<?x?xf32>) {
// CHECK:   linalg.generic
// CHECK:     linalg.index 0
// CHECK:     linalg.index 1
// CHECK:     tensor.extract %[[X]]
func.func @transpose_runtime(%x: tensor<2x3xf32>, %p: tensor<2xi32>) -> tensor<?x?xf32> {
  %r = lite.transpose %x, %p : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @fill_constant
// CHECK-SAME: (%[[V:.*]]: tensor<f32>
// CHECK: %[[VALUE:.*]] = tensor.extract %[[V]][] : tensor<f32>
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK: linalg.fill ins(%[[VALUE]] : f32) outs(%[[INIT]] : tensor<2x3xf32>)
func.func @fill_constant(%v: tensor<f32>) -> tensor<2x3xf32> {
  %d = lite.constant dense<[2, 3]> : tensor<2xi32>
  %r = lite.fill %d, %v : (tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// Run-time dims: non-negative and at most 2^31 - 1 elements
// (INVALID_ARGUMENT = 4).
// CHECK-LABEL: func.func @fill_runtime
// CHECK-SAME: (%[[D:.*]]: tensor<1xi64>, %[[V:.*]]: tensor<i8>
// CHECK: %[[SIZE:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: arith.cmpi sge, %[[SIZE]], %c0
// CHECK: arith.cmpi sle, %[[SIZE]], %c2147483647
// CHECK: arith.select %{{.*}}, %c4_i32, %{{.*}} : i32
// CHECK: scf.if %{{.*}} -> (tensor<?xi8>) {
// CHECK:   %[[INIT:.*]] = tensor.empty(%[[SIZE]]) : tensor<?xi8>
// CHECK:   linalg.fill ins(%{{.*}} : i8) outs(%[[INIT]] : tensor<?xi8>)
func.func @fill_runtime(%d: tensor<1xi64>, %v: tensor<ui8>) -> tensor<?xui8> {
  %r = lite.fill %d, %v : (tensor<1xi64>, tensor<ui8>) -> tensor<?xui8>
  return %r : tensor<?xui8>
}

// -----

// Constant operands fold to the values the interpreter computes.
// CHECK-LABEL: func.func @range_constant
// CHECK: %[[R:.*]] = arith.constant dense<[0.000000e+00, 2.500000e-01, 5.000000e-01, 7.500000e-01]> : tensor<4xf32>
// CHECK: tensor.cast %[[R]] : tensor<4xf32> to tensor<?xf32>
func.func @range_constant() -> tensor<?xf32> {
  %s = lite.constant dense<0.0> : tensor<f32>
  %l = lite.constant dense<1.0> : tensor<f32>
  %d = lite.constant dense<0.25> : tensor<f32>
  %r = lite.range %s, %l, %d : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Run-time operands: delta nonzero and leading to the limit, the count
// computed in unsigned 64-bit arithmetic and checked (INVALID_ARGUMENT = 4);
// after an error the count is 0. Element k is start + k * delta.
// CHECK-LABEL: func.func @range_runtime
// CHECK-SAME: (%[[S:.*]]: tensor<i32>, %[[L:.*]]: tensor<i32>, %[[D:.*]]: tensor<i32>
// CHECK: %[[START:.*]] = tensor.extract %[[S]][] : tensor<i32>
// CHECK: %[[DELTA:.*]] = tensor.extract %[[D]][] : tensor<i32>
// CHECK: arith.divui
// CHECK: arith.remui
// CHECK: arith.select %{{.*}}, %c4_i32, %{{.*}} : i32
// CHECK: %[[COUNT:.*]] = arith.select %{{.*}}, %{{.*}}, %c0 : index
// CHECK: %[[INIT:.*]] = tensor.empty(%[[COUNT]]) : tensor<?xi32>
// CHECK: linalg.generic {{.*}} outs(%[[INIT]] : tensor<?xi32>)
// CHECK:   %[[K:.*]] = linalg.index 0 : index
// CHECK:   %[[KI:.*]] = arith.index_cast %[[K]] : index to i32
// CHECK:   %[[STEP:.*]] = arith.muli %[[KI]], %[[DELTA]] : i32
// CHECK:   arith.addi %[[START]], %[[STEP]] : i32
func.func @range_runtime(%s: tensor<i32>, %l: tensor<i32>, %d: tensor<i32>) -> tensor<?xi32> {
  %r = lite.range %s, %l, %d : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// -----

// CHECK-LABEL: func.func @shape_static
// CHECK: %[[R:.*]] = arith.constant dense<[2, 3]> : tensor<2xi64>
// CHECK: return %[[R]]
func.func @shape_static(%x: tensor<2x3xf32>) -> tensor<2xi64> {
  %r = lite.shape %x : (tensor<2x3xf32>) -> tensor<2xi64>
  return %r : tensor<2xi64>
}

// -----

// A dynamic size must fit the int32 result (INVALID_ARGUMENT = 4).
// CHECK-LABEL: func.func @shape_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>
// CHECK: %[[DIM:.*]] = tensor.dim %[[X]], %c0
// CHECK: arith.cmpi sle, %[[DIM]], %c2147483647 : index
// CHECK: %[[D0:.*]] = arith.index_cast %[[DIM]] : index to i32
// CHECK: arith.select %{{.*}}, %c4_i32, %{{.*}} : i32
// CHECK: %[[R:.*]] = tensor.from_elements %[[D0]], %c3_i32 : tensor<2xi32>
// CHECK: return %[[R]]
func.func @shape_dynamic(%x: tensor<?x3xf32>) -> tensor<2xi32> {
  %r = lite.shape %x : (tensor<?x3xf32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}

// -----

// tile: a tensor.generate reading the input at the indices modulo its
// sizes; negative multiples are INVALID_ARGUMENT (4).
// CHECK-LABEL: func.func @tile
// CHECK: arith.cmpi sge, %{{.*}}, %c0 : index
// CHECK: tensor.generate
// CHECK: arith.remui %{{.*}}, %c2 : index
// CHECK: arith.remui %{{.*}}, %c3 : index
// CHECK: tensor.extract %{{.*}}[%{{.*}}, %{{.*}}] : tensor<2x3xf32>
func.func @tile(%x: tensor<2x3xf32>, %m: tensor<2xi32>) -> tensor<?x?xf32> {
  %r = lite.tile %x, %m : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
