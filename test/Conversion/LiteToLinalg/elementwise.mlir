// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg | FileCheck %s

// Rank-0 operands and result: no loop, the scalar op between
// tensor.extract and tensor.from_elements.
// CHECK-LABEL: func.func @scalar_add
// CHECK-SAME: (%[[A:.*]]: tensor<i32>, %[[B:.*]]: tensor<i32>
// CHECK-NOT: linalg.generic
// CHECK: %[[X:.*]] = tensor.extract %[[A]][] : tensor<i32>
// CHECK: %[[Y:.*]] = tensor.extract %[[B]][] : tensor<i32>
// CHECK: %[[S:.*]] = arith.addi %[[X]], %[[Y]] : i32
// CHECK: %[[R:.*]] = tensor.from_elements %[[S]] : tensor<i32>
// CHECK: return %[[R]]
func.func @scalar_add(%a: tensor<i32>, %b: tensor<i32>) -> tensor<i32> {
  %r = lite.add %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return %r : tensor<i32>
}

// -----

// A rank-0 integer floor_div checks its divisor as a scalar (status 3 is
// SLUICE_ERROR_DIVISION_BY_ZERO), then divides by a divisor that cannot
// trap (1 instead of 0 and -1), negates for -1 and rounds down.
// CHECK-LABEL: func.func @scalar_floor_div
// CHECK-SAME: %[[STATUS:[a-z0-9]+]]: memref<i32> {sluice.status_buffer}
// CHECK-DAG: %[[CODE:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[MINUS_ONE:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[X:.*]] = tensor.extract %{{.*}}[] : tensor<i32>
// CHECK: %[[Y:.*]] = tensor.extract %{{.*}}[] : tensor<i32>
// CHECK: %[[BY_ZERO:.*]] = arith.cmpi eq, %[[Y]], %[[ZERO]] : i32
// CHECK: scf.if %[[BY_ZERO]] {
// CHECK:   arith.select %{{.*}}, %[[CODE]], %{{.*}} : i32
// CHECK:   memref.store %{{.*}}, %[[STATUS]][] : memref<i32>
// CHECK: }
// CHECK: %[[IS_MINUS_ONE:.*]] = arith.cmpi eq, %[[Y]], %[[MINUS_ONE]] : i32
// CHECK: %[[TRAPS:.*]] = arith.ori %{{.*}}, %[[IS_MINUS_ONE]] : i1
// CHECK: %[[SAFE:.*]] = arith.select %[[TRAPS]], %[[ONE]], %[[Y]] : i32
// CHECK: arith.divsi %[[X]], %[[SAFE]] : i32
// CHECK: arith.subi %[[ZERO]], %[[X]] : i32
// CHECK: arith.remsi %[[X]], %{{.*}} : i32
// CHECK: arith.cmpi slt, %[[X]], %[[ZERO]] : i32
// CHECK: arith.cmpi slt, %[[Y]], %[[ZERO]] : i32
// CHECK: arith.xori
// CHECK: arith.subi %{{.*}}, %[[ONE]] : i32
// CHECK: tensor.from_elements %{{.*}} : tensor<i32>
func.func @scalar_floor_div(%a: tensor<i32>, %b: tensor<i32>) -> tensor<i32> {
  %r = lite.floor_div %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return %r : tensor<i32>
}

// -----

// Static broadcasting is in the indexing maps: operands align to the
// trailing dimensions, size-1 dimensions read index 0. select_v2
// broadcasts all three operands.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG: #[[TRAIL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @broadcast_maps
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>, %[[B:.*]]: tensor<1x3xf32>, %[[P:.*]]: tensor<4x1xi1>, %[[C:.*]]: tensor<3xf32>, %[[D:.*]]: tensor<f32>
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<4x3xf32>, tensor<1x3xf32>) outs(%[[INIT]] : tensor<4x3xf32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK:   linalg.yield %[[M]] : f32
// CHECK: linalg.generic {indexing_maps = [#[[COL]], #[[TRAIL]], #[[SCALAR]], #[[ID]]]
// CHECK-SAME: ins(%[[P]], %[[C]], %[[D]] : tensor<4x1xi1>, tensor<3xf32>, tensor<f32>)
// CHECK: ^bb0(%[[CC:.*]]: i1, %[[XX:.*]]: f32, %[[YY:.*]]: f32, %{{.*}}: f32):
// CHECK:   arith.select %[[CC]], %[[XX]], %[[YY]] : f32
func.func @broadcast_maps(%a: tensor<4x3xf32>, %b: tensor<1x3xf32>, %p: tensor<4x1xi1>, %c: tensor<3xf32>, %d: tensor<f32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %r = lite.mul %a, %b : (tensor<4x3xf32>, tensor<1x3xf32>) -> tensor<4x3xf32>
  %s = lite.select_v2 %p, %c, %d : (tensor<4x1xi1>, tensor<3xf32>, tensor<f32>) -> tensor<4x3xf32>
  return %r, %s : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// A dynamic size that is alone along its dimension broadcasts against
// nothing: a plain map, no run-time check.
// CHECK-LABEL: func.func @dynamic_without_broadcast
// CHECK-SAME: (%[[A:.*]]: tensor<?x3xf32>, %[[B:.*]]: tensor<3xf32>
// CHECK-NOT: scf.if
// CHECK: %[[N:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x3xf32>
// CHECK: %[[INIT:.*]] = tensor.empty(%[[N]]) : tensor<?x3xf32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<?x3xf32>, tensor<3xf32>) outs(%[[INIT]] : tensor<?x3xf32>)
// CHECK-NOT: tensor.extract
// CHECK: arith.addf
func.func @dynamic_without_broadcast(%a: tensor<?x3xf32>, %b: tensor<3xf32>) -> tensor<?x3xf32> {
  %r = lite.add %a, %b : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// -----

// A dynamic size that may be 1 against a static 3: the operand is read in
// the body at `size == 1 ? 0 : i`; sizes other than 1 and 3 record
// SLUICE_ERROR_SHAPE_MISMATCH (2) and the result is zeros, without running
// the loop.
// CHECK-LABEL: func.func @dynamic_broadcast
// CHECK-SAME: (%[[A:.*]]: tensor<?x3xf32>, %[[B:.*]]: tensor<?xf32>, %[[STATUS:[a-z0-9]+]]: memref<i32>
// CHECK-DAG: %[[CODE:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[ROWS:.*]] = tensor.dim %[[A]], %[[C0]]
// CHECK: %[[N:.*]] = tensor.dim %[[B]], %[[C0]]
// CHECK: %[[IS_ONE:.*]] = arith.cmpi eq, %[[N]], %[[C1]] : index
// CHECK: %[[IS_THREE:.*]] = arith.cmpi eq, %[[N]], %[[C3]] : index
// CHECK: %[[OK:.*]] = arith.ori %[[IS_THREE]], %[[IS_ONE]] : i1
// CHECK: scf.if
// CHECK:   arith.select %{{.*}}, %[[CODE]], %{{.*}} : i32
// CHECK:   memref.store %{{.*}}, %[[STATUS]][] : memref<i32>
// CHECK: %[[R:.*]] = scf.if %[[OK]] -> (tensor<?x3xf32>) {
// CHECK:   %[[INIT:.*]] = tensor.empty(%[[ROWS]]) : tensor<?x3xf32>
// CHECK:   %[[G:.*]] = linalg.generic
// CHECK-SAME: ins(%[[A]] : tensor<?x3xf32>) outs(%[[INIT]] : tensor<?x3xf32>)
// CHECK:     %[[I:.*]] = linalg.index 1 : index
// CHECK:     %[[J:.*]] = arith.select %[[IS_ONE]], %[[C0]], %[[I]] : index
// CHECK:     %[[Y:.*]] = tensor.extract %[[B]][%[[J]]] : tensor<?xf32>
// CHECK:     arith.subf %{{.*}}, %[[Y]] : f32
// CHECK:   scf.yield %[[G]]
// CHECK: } else {
// CHECK:   %[[EMPTY:.*]] = tensor.empty(%[[ROWS]]) : tensor<?x3xf32>
// CHECK:   %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<?x3xf32>)
// CHECK:   scf.yield %[[FILL]]
// CHECK: return %[[R]]
func.func @dynamic_broadcast(%a: tensor<?x3xf32>, %b: tensor<?xf32>) -> tensor<?x3xf32> {
  %r = lite.sub %a, %b : (tensor<?x3xf32>, tensor<?xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// -----

// Two dynamic sizes along one dimension: both operands are read at run-time
// indices; the result size is the one that is not 1, and a static result
// size the op declares is checked too.
// CHECK-LABEL: func.func @dynamic_both_sides
// CHECK-SAME: (%[[A:.*]]: tensor<?xf32>, %[[B:.*]]: tensor<?xf32>
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[N:.*]] = tensor.dim %[[A]]
// CHECK: %[[M:.*]] = tensor.dim %[[B]]
// CHECK: %[[N_IS_ONE:.*]] = arith.cmpi eq, %[[N]], %[[C1]] : index
// CHECK: %[[M_IS_ONE:.*]] = arith.cmpi eq, %[[M]], %[[C1]] : index
// CHECK: %[[SIZE:.*]] = arith.select %{{.*}}, %[[M]], %[[N]] : index
// CHECK: %[[IS_FOUR:.*]] = arith.cmpi eq, %[[SIZE]], %[[C4]] : index
// CHECK: %[[OK:.*]] = arith.andi %{{.*}}, %[[IS_FOUR]] : i1
// CHECK: scf.if %[[OK]] -> (tensor<4xf32>) {
// CHECK:   tensor.empty() : tensor<4xf32>
// CHECK:   linalg.generic
// CHECK-SAME: outs(
// CHECK:     arith.select %[[N_IS_ONE]]
// CHECK:     tensor.extract %[[A]]
// CHECK:     arith.select %[[M_IS_ONE]]
// CHECK:     tensor.extract %[[B]]
// CHECK:     arith.addf
func.func @dynamic_both_sides(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<4xf32> {
  %r = lite.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Integer division checks its divisors with a reduction to one i1 before
// the loop; the loop divides by a safe divisor.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[ALL:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @division_check
// CHECK-SAME: (%[[A:.*]]: tensor<4xi32>, %[[B:.*]]: tensor<4xi32>, %[[STATUS:[a-z0-9]+]]: memref<i32>
// CHECK-DAG: %[[CODE:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<i1>
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[FALSE]] : i1) outs(%[[EMPTY]] : tensor<i1>)
// CHECK: %[[ANY:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ALL]]], iterator_types = ["reduction"]}
// CHECK-SAME: ins(%[[B]] : tensor<4xi32>) outs(%[[INIT]] : tensor<i1>)
// CHECK: ^bb0(%[[Y:.*]]: i32, %[[ACC:.*]]: i1):
// CHECK:   %[[Z:.*]] = arith.cmpi eq, %[[Y]], %{{.*}} : i32
// CHECK:   %[[OR:.*]] = arith.ori %[[ACC]], %[[Z]] : i1
// CHECK:   linalg.yield %[[OR]] : i1
// CHECK: %[[FAILED:.*]] = tensor.extract %[[ANY]][] : tensor<i1>
// CHECK: scf.if %[[FAILED]] {
// CHECK:   arith.select %{{.*}}, %[[CODE]], %{{.*}} : i32
// CHECK:   memref.store %{{.*}}, %[[STATUS]][] : memref<i32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<4xi32>, tensor<4xi32>)
// CHECK:   arith.select
// CHECK:   arith.remsi
// CHECK-NOT: cf.assert
func.func @division_check(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %r = lite.floor_mod %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

// The check of a dynamically shaped result passes when it has no elements
// (then no divisor is used).
// CHECK-LABEL: func.func @division_check_dynamic
// CHECK: %[[N:.*]] = tensor.dim
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]
// CHECK: %[[ANY:.*]] = tensor.extract
// CHECK: %[[NONE:.*]] = arith.xori %[[ANY]], %{{.*}} : i1
// CHECK: %[[EMPTY:.*]] = arith.cmpi eq, %[[N]], %{{.*}} : index
// CHECK: arith.ori %[[NONE]], %[[EMPTY]] : i1
func.func @division_check_dynamic(%a: tensor<?x3xi64>, %b: tensor<3xi64>) -> tensor<?x3xi64> {
  %r = lite.div %a, %b : (tensor<?x3xi64>, tensor<3xi64>) -> tensor<?x3xi64>
  return %r : tensor<?x3xi64>
}

// -----

// Float division has nothing to check.
// CHECK-LABEL: func.func @float_division
// CHECK-NOT: scf.if
// CHECK: arith.divf
func.func @float_division(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %r = lite.div %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// uint8 becomes i8 and computes with unsigned ops; its pow uses all 8
// exponent bits.
// CHECK-LABEL: func.func @unsigned
// CHECK-SAME: (%{{.*}}: tensor<4xi8>, %{{.*}}: tensor<4xi8>, %{{.*}}: memref<i32> {sluice.status_buffer}) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi1>, tensor<4xi32>, tensor<4xi8>)
// CHECK: arith.divui %{{.*}} : i8
// CHECK: arith.remui %{{.*}} : i8
// CHECK: arith.cmpi ugt, %{{.*}} : i8
// CHECK: arith.cmpi ult, %{{.*}} : i8
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: ^bb0(%[[X:.*]]: i8, %[[Y:.*]]: i8, %{{.*}}: i8):
// CHECK-COUNT-8: arith.andi %[[Y]]
// CHECK-NOT: arith.andi %[[Y]]
// CHECK: linalg.yield
// CHECK-NOT: divsi
// CHECK-NOT: remsi
func.func @unsigned(%a: tensor<4xui8>, %b: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xi1>, tensor<4xi32>, tensor<4xui8>) {
  %div = lite.div %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %mod = lite.floor_mod %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %max = lite.maximum %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %less = lite.less %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %wide = lite.cast %a : tensor<4xui8> -> tensor<4xi32>
  %pow = lite.pow %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %div, %mod, %max, %less, %wide, %pow : tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xi1>, tensor<4xi32>, tensor<4xui8>
}

// -----

// Signed integer pow records SLUICE_ERROR_INVALID_ARGUMENT (4) for a
// negative exponent and computes 0 there, with exponent 0. Otherwise it is
// square-and-multiply over the 31 bits a non-negative exponent can have,
// unrolled: wrapping like repeated multiplication.
// CHECK-LABEL: func.func @pow_int
// CHECK-DAG: %[[CODE:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]
// CHECK:   arith.cmpi slt, %{{.*}}, %[[ZERO]] : i32
// CHECK: scf.if
// CHECK:   arith.select %{{.*}}, %[[CODE]], %{{.*}} : i32
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: i32, %[[E:.*]]: i32, %{{.*}}: i32):
// CHECK:   %[[NEG:.*]] = arith.cmpi slt, %[[E]], %[[ZERO]] : i32
// CHECK:   %[[SAFE:.*]] = arith.select %[[NEG]], %[[ZERO]], %[[E]] : i32
// CHECK:   %[[BIT0:.*]] = arith.andi %[[SAFE]], %[[ONE:.*]] : i32
// CHECK:   %[[SET0:.*]] = arith.cmpi ne, %[[BIT0]], %[[ZERO]] : i32
// CHECK:   arith.select %[[SET0]], %[[X]], %[[ONE]] : i32
// CHECK:   arith.muli %[[X]], %[[X]] : i32
// CHECK-COUNT-30: arith.andi %[[SAFE]]
// CHECK-NOT: arith.andi %[[SAFE]]
// CHECK:   %[[P:.*]] = arith.select
// CHECK-NEXT: %[[R:.*]] = arith.select %[[NEG]], %[[ZERO]], %[[P]] : i32
// CHECK-NEXT: linalg.yield %[[R]]
func.func @pow_int(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %r = lite.pow %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

// maximum/minimum return a NaN operand: `x > y or x is NaN ? x : y`.
// CHECK-LABEL: func.func @float_maximum
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[Y]] : f32
// CHECK:   %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK:   %[[TAKE:.*]] = arith.ori %[[GT]], %[[NAN]] : i1
// CHECK:   arith.select %[[TAKE]], %[[X]], %[[Y]] : f32
func.func @float_maximum(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %r = lite.maximum %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// float floor_div divides in the element type, as TF does (not in f64, as
// TFLite does); floor_mod is remf moved by the divisor when the signs differ.
// CHECK-LABEL: func.func @float_floor
// CHECK-NOT: arith.extf
// CHECK: %[[Q:.*]] = arith.divf %{{.*}}, %{{.*}} : f32
// CHECK: math.floor %[[Q]] : f32
// CHECK: %[[R:.*]] = arith.remf %{{.*}}, %[[B:.*]] : f32
// CHECK: arith.cmpf une, %[[R]], %{{.*}} : f32
// CHECK: %[[SUM:.*]] = arith.addf %[[R]], %[[B]] : f32
// CHECK: arith.select %{{.*}}, %[[SUM]], %[[R]] : f32
func.func @float_floor(%a: tensor<f32>, %b: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %d = lite.floor_div %a, %b : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %m = lite.floor_mod %a, %b : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %d, %m : tensor<f32>, tensor<f32>
}

// -----

// Fused activations clamp the result; on uint8 RELU_N1_TO_1 only clamps
// above; TANH applies math.tanh.
// CHECK-LABEL: func.func @activation
// CHECK-DAG: %[[ONE_U8:.*]] = arith.constant 1 : i8
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[MINUS_ONE:.*]] = arith.constant -1.000000e+00 : f32
// CHECK: %[[S:.*]] = arith.addf
// CHECK: %[[BELOW:.*]] = arith.cmpf olt, %[[S]], %[[MINUS_ONE]] : f32
// CHECK: %[[LO:.*]] = arith.select %[[BELOW]], %[[MINUS_ONE]], %[[S]] : f32
// CHECK: %[[ABOVE:.*]] = arith.cmpf olt, %[[ONE]], %[[LO]] : f32
// CHECK: arith.select %[[ABOVE]], %[[ONE]], %[[LO]] : f32
// CHECK: %[[Q:.*]] = arith.divf
// CHECK: math.tanh %[[Q]] : f32
// CHECK: %[[D:.*]] = arith.subi
// CHECK-NEXT: %[[UABOVE:.*]] = arith.cmpi ugt, %[[D]], %[[ONE_U8]] : i8
// CHECK-NEXT: arith.select %[[UABOVE]], %[[ONE_U8]], %[[D]] : i8
func.func @activation(%a: tensor<4xf32>, %b: tensor<4xf32>, %u: tensor<4xui8>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xui8>) {
  %r = lite.add %a, %b {fused_activation_function = #lite.activation<RELU_N1_TO_1>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = lite.div %a, %b {fused_activation_function = #lite.activation<TANH>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s = lite.sub %u, %u {fused_activation_function = #lite.activation<RELU_N1_TO_1>} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %r, %t, %s : tensor<4xf32>, tensor<4xf32>, tensor<4xui8>
}

// -----

// Casts: floats to integers truncate and saturate (the limits as floats:
// INT32_MAX rounds to 2^31) and send NaN to 0; to bool is `!= 0`; bool and
// uint8 extend with zeros, int8 with its sign.
// CHECK-LABEL: func.func @casts
// CHECK-DAG: %[[MAX_F:.*]] = arith.constant 2.14748365E+9 : f32
// CHECK-DAG: %[[MIN_F:.*]] = arith.constant -2.14748365E+9 : f32
// CHECK-DAG: %[[MAX:.*]] = arith.constant 2147483647 : i32
// CHECK-DAG: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[U8_MAX_F:.*]] = arith.constant 2.550000e+02 : f32
// CHECK: %[[F:.*]] = tensor.extract
// CHECK: %[[T:.*]] = arith.fptosi %[[F]] : f32 to i32
// CHECK: %[[HIGH:.*]] = arith.cmpf oge, %[[F]], %[[MAX_F]] : f32
// CHECK: %[[R1:.*]] = arith.select %[[HIGH]], %[[MAX]], %[[T]] : i32
// CHECK: %[[LOW:.*]] = arith.cmpf ole, %[[F]], %[[MIN_F]] : f32
// CHECK: %[[R2:.*]] = arith.select %[[LOW]], %[[MIN]], %[[R1]] : i32
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[F]], %[[F]] : f32
// CHECK: arith.select %[[NAN]], %[[ZERO]], %[[R2]] : i32
// CHECK: arith.cmpi ne, %{{.*}}, %[[ZERO]] : i32
// CHECK: arith.uitofp %{{.*}} : i1 to f32
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: arith.trunci %{{.*}} : i64 to i32
// CHECK: arith.extsi %{{.*}} : i8 to i32
// CHECK: arith.fptoui %{{.*}} : f32 to i8
// CHECK: arith.cmpf oge, %{{.*}}, %[[U8_MAX_F]] : f32
func.func @casts(%f: tensor<f32>, %i: tensor<i32>, %p: tensor<i1>, %l: tensor<i64>, %b: tensor<i8>) -> (tensor<i32>, tensor<i1>, tensor<f32>, tensor<f64>, tensor<i32>, tensor<i32>, tensor<ui8>) {
  %fi = lite.cast %f : tensor<f32> -> tensor<i32>
  %ib = lite.cast %i : tensor<i32> -> tensor<i1>
  %pf = lite.cast %p : tensor<i1> -> tensor<f32>
  %fd = lite.cast %f : tensor<f32> -> tensor<f64>
  %li = lite.cast %l : tensor<i64> -> tensor<i32>
  %bi = lite.cast %b : tensor<i8> -> tensor<i32>
  %fu = lite.cast %f : tensor<f32> -> tensor<ui8>
  return %fi, %ib, %pf, %fd, %li, %bi, %fu : tensor<i32>, tensor<i1>, tensor<f32>, tensor<f64>, tensor<i32>, tensor<i32>, tensor<ui8>
}

// -----

// Unary ops: logistic is 1 / (1 + exp(-x)), relu `x < 0 ? 0 : x`,
// logical_not an xor with true.
// CHECK-LABEL: func.func @unary
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[N:.*]] = arith.negf %[[X]] : f32
// CHECK:   %[[E:.*]] = math.exp %[[N]] : f32
// CHECK:   %[[S:.*]] = arith.addf %[[E]], %[[ONE]] : f32
// CHECK:   arith.divf %[[ONE]], %[[S]] : f32
// CHECK: math.rsqrt
// CHECK: ^bb0(%[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[NEG:.*]] = arith.cmpf olt, %[[Y]], %[[ZERO]] : f32
// CHECK:   arith.select %[[NEG]], %[[ZERO]], %[[Y]] : f32
// CHECK: arith.xori %{{.*}}, %[[TRUE]] : i1
func.func @unary(%a: tensor<2xf32>, %p: tensor<3xi1>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3xi1>) {
  %l = lite.logistic %a : tensor<2xf32>
  %r = lite.rsqrt %a : tensor<2xf32>
  %u = lite.relu %a : tensor<2xf32>
  %n = lite.logical_not %p : tensor<3xi1>
  return %l, %r, %u, %n : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3xi1>
}

// -----

// zeros_like fills a tensor of the operand's sizes; rank 0 is a constant.
// CHECK-LABEL: func.func @zeros_like
// CHECK-SAME: (%[[A:.*]]: tensor<?x2xi32>, %{{.*}}: tensor<i1>
// CHECK-DAG: %[[FALSE:.*]] = arith.constant dense<false> : tensor<i1>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[N:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x2xi32>
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[N]]) : tensor<?x2xi32>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : i32) outs(%[[EMPTY]] : tensor<?x2xi32>)
// CHECK: return %[[FILL]], %[[FALSE]]
func.func @zeros_like(%a: tensor<?x2xi32>, %b: tensor<i1>) -> (tensor<?x2xi32>, tensor<i1>) {
  %z = lite.zeros_like %a : tensor<?x2xi32>
  %y = lite.zeros_like %b : tensor<i1>
  return %z, %y : tensor<?x2xi32>, tensor<i1>
}

// -----

// A result less precise than the broadcast shape gets a tensor.cast.
// CHECK-LABEL: func.func @cast_to_declared
// CHECK: %[[G:.*]] = linalg.generic
// CHECK: tensor.cast %[[G]] : tensor<2x3xi1> to tensor<?x3xi1>
func.func @cast_to_declared(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> tensor<?x3xi1> {
  %r = lite.greater_equal %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<?x3xi1>
  return %r : tensor<?x3xi1>
}
