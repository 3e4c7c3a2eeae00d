// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg | FileCheck %s

// A sum over constant axes is one linalg.reduce from a zero fill over the
// normalized axes (1 and -2 are the same); keep_dims expands the unit
// dimension back.
// CHECK-LABEL: func.func @sum_keep_dims
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<2x4xf32>)
// CHECK: %[[SUM:.*]] = linalg.reduce { arith.addf } ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[INIT]] : tensor<2x4xf32>) dimensions = [1]
// CHECK: %[[R:.*]] = tensor.expand_shape %[[SUM]] {{\[}}[0, 1], [2]] output_shape [2, 1, 4] : tensor<2x4xf32> into tensor<2x1x4xf32>
// CHECK: return %[[R]]
func.func @sum_keep_dims(%x: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %a = lite.constant dense<[1, -2]> : tensor<2xi32>
  %r = lite.sum %x, %a {keep_dims = true} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<2x1x4xf32>
  return %r : tensor<2x1x4xf32>
}

// -----

// A float mean sums in f32 and divides by the static count.
// CHECK-LABEL: func.func @mean_float
// CHECK-DAG: %[[COUNT:.*]] = arith.constant 3.000000e+00 : f32
// CHECK: %[[SUM:.*]] = linalg.reduce { arith.addf } ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<2xf32>) dimensions = [1]
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[SUM]] : tensor<2xf32>)
// CHECK: arith.divf %{{.*}}, %[[COUNT]] : f32
func.func @mean_float(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %a = lite.constant dense<-1> : tensor<i32>
  %r = lite.mean %x, %a : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// A float mean over a dimension that may be empty yields 0 there, not NaN.
// CHECK-LABEL: func.func @mean_float_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %c0
// CHECK: %[[SUM:.*]] = linalg.reduce { arith.addf } ins(%[[X]] : tensor<?x3xf32>) outs(%{{.*}} : tensor<3xf32>) dimensions = [0]
// CHECK: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[NF:.*]] = arith.sitofp %[[N64]] : i64 to f32
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi sgt, %[[N]], %c0
// CHECK: linalg.generic
// CHECK: %[[Q:.*]] = arith.divf %{{.*}}, %[[NF]] : f32
// CHECK: arith.select %[[NONEMPTY]], %[[Q]], %{{.*}} : f32
func.func @mean_float_dynamic(%x: tensor<?x3xf32>) -> tensor<3xf32> {
  %a = lite.constant dense<0> : tensor<1xi32>
  %r = lite.mean %x, %a : (tensor<?x3xf32>, tensor<1xi32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// An integer mean accumulates in i64 and truncates the quotient; the count
// of a dynamic dimension is clamped to 1 (an empty sum is 0 anyway).
// CHECK-LABEL: func.func @mean_int_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xi32>
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %c0
// CHECK: linalg.fill ins(%c0_i64 : i64) outs(%{{.*}} : tensor<3xi64>)
// CHECK: linalg.reduce ins(%[[X]] : tensor<?x3xi32>) outs(%{{.*}} : tensor<3xi64>) dimensions = [0]
// CHECK-NEXT: (%[[IN:.*]]: i32, %[[ACC:.*]]: i64) {
// CHECK-NEXT: %[[WIDE:.*]] = arith.extsi %[[IN]] : i32 to i64
// CHECK-NEXT: arith.addi %[[ACC]], %[[WIDE]] : i64
// CHECK: %[[SAFE:.*]] = arith.maxsi %[[N]], %c1 : index
// CHECK: %[[DIVISOR:.*]] = arith.index_cast %[[SAFE]] : index to i64
// CHECK: linalg.generic
// CHECK: %[[Q:.*]] = arith.divsi %{{.*}}, %[[DIVISOR]] : i64
// CHECK: arith.trunci %[[Q]] : i64 to i32
func.func @mean_int_dynamic(%x: tensor<?x3xi32>) -> tensor<3xi32> {
  %a = lite.constant dense<0> : tensor<1xi64>
  %r = lite.mean %x, %a : (tensor<?x3xi32>, tensor<1xi64>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// -----

// uint8 is i8 after conversion; its mean widens without sign.
// CHECK-LABEL: func.func @mean_uint8
// CHECK-SAME: (%{{.*}}: tensor<4xi8>
// CHECK: arith.extui %{{.*}} : i8 to i64
// CHECK: arith.divsi %{{.*}}, %c4_i64 : i64
// CHECK: arith.trunci %{{.*}} : i64 to i8
func.func @mean_uint8(%x: tensor<4xui8>) -> tensor<ui8> {
  %a = lite.constant dense<0> : tensor<1xi32>
  %r = lite.mean %x, %a : (tensor<4xui8>, tensor<1xi32>) -> tensor<ui8>
  return %r : tensor<ui8>
}

// -----

// A float maximum starts from -FLT_MAX and keeps `x > acc ? x : acc`
// (skipping NaN); duplicate axes reduce their dimension once.
// CHECK-LABEL: func.func @reduce_max_float
// CHECK: %[[LOWEST:.*]] = arith.constant -3.40282347E+38 : f32
// CHECK: linalg.fill ins(%[[LOWEST]] : f32) outs(%{{.*}} : tensor<f32>)
// CHECK: %[[MAX:.*]] = linalg.reduce ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<f32>) dimensions = [0, 1]
// CHECK-NEXT: (%[[IN:.*]]: f32, %[[ACC:.*]]: f32) {
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[IN]], %[[ACC]] : f32
// CHECK-NEXT: %[[SEL:.*]] = arith.select %[[GT]], %[[IN]], %[[ACC]] : f32
// CHECK-NEXT: linalg.yield %[[SEL]] : f32
// CHECK: tensor.expand_shape %[[MAX]] [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
func.func @reduce_max_float(%x: tensor<2x3xf32>) -> tensor<1x1xf32> {
  %a = lite.constant dense<[0, 1, 0]> : tensor<3xi32>
  %r = lite.reduce_max %x, %a {keep_dims = true} : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

// -----

// A float minimum mirrors it from FLT_MAX.
// CHECK-LABEL: func.func @reduce_min_float
// CHECK: arith.constant 3.40282347E+38 : f32
// CHECK: arith.cmpf olt
func.func @reduce_min_float(%x: tensor<2x3xf32>) -> tensor<3xf32> {
  %a = lite.constant dense<0> : tensor<1xi32>
  %r = lite.reduce_min %x, %a : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// uint8 compares without sign, from 255 (printed as the i8 -1).
// CHECK-LABEL: func.func @reduce_min_uint8
// CHECK: %[[MAXU8:.*]] = arith.constant -1 : i8
// CHECK: linalg.fill ins(%[[MAXU8]] : i8)
// CHECK: linalg.reduce
// CHECK: arith.minui
func.func @reduce_min_uint8(%x: tensor<2x3xui8>) -> tensor<2xui8> {
  %a = lite.constant dense<1> : tensor<1xi32>
  %r = lite.reduce_min %x, %a : (tensor<2x3xui8>, tensor<1xi32>) -> tensor<2xui8>
  return %r : tensor<2xui8>
}

// -----

// CHECK-LABEL: func.func @reduce_max_int
// CHECK: %[[LOWEST:.*]] = arith.constant -2147483648 : i32
// CHECK: linalg.fill ins(%[[LOWEST]] : i32)
// CHECK: arith.maxsi
func.func @reduce_max_int(%x: tensor<2x3xi32>) -> tensor<3xi32> {
  %a = lite.constant dense<0> : tensor<1xi32>
  %r = lite.reduce_max %x, %a : (tensor<2x3xi32>, tensor<1xi32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// -----

// No axes: a reduction over no dimension (each element folded into its
// own slot, as the interpreter does).
// CHECK-LABEL: func.func @sum_no_axes
// CHECK: linalg.reduce { arith.addi {{.*}} } ins(%{{.*}} : tensor<2x3xi16>) outs(%{{.*}} : tensor<2x3xi16>) dimensions = []
func.func @sum_no_axes(%x: tensor<2x3xi16>) -> tensor<2x3xi16> {
  %a = lite.constant dense<> : tensor<0xi32>
  %r = lite.sum %x, %a : (tensor<2x3xi16>, tensor<0xi32>) -> tensor<2x3xi16>
  return %r : tensor<2x3xi16>
}

// -----

// Axes known at run time: a mask of the named dimensions (negative axes
// wrapped), a check that every axis is in range (status 4), a check that
// the result rank fits (status 2), then each dimension reduced under an
// scf.if and the reduced ones dropped with tensor.reshape.
// CHECK-LABEL: func.func @sum_runtime_axes
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[AXES:.*]]: tensor<?xi32>, %[[STATUS:.*]]: memref<i32> {sluice.status_buffer})
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i32
// CHECK: %[[MASK:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[AXES]] : tensor<?xi32>) outs(%{{.*}} : tensor<2xi1>)
// CHECK: arith.cmpi slt
// CHECK: arith.addi %{{.*}}, %c2_i64 : i64
// CHECK: linalg.index 0 : index
// CHECK: arith.ori
// CHECK: %[[VALID:.*]] = linalg.reduce ins(%[[AXES]] : tensor<?xi32>) outs(%{{.*}} : tensor<i1>) dimensions = [0]
// CHECK: arith.cmpi sge, %{{.*}}, %c-2_i64 : i64
// CHECK: %[[OK:.*]] = tensor.extract %[[VALID]][] : tensor<i1>
// CHECK: %[[BAD:.*]] = arith.xori %[[OK]], %true : i1
// CHECK: scf.if %[[BAD]] {
// CHECK: arith.select %{{.*}}, %[[C4]], %{{.*}} : i32
// CHECK: memref.store %{{.*}}, %[[STATUS]][] : memref<i32>
// CHECK: %[[R0:.*]] = tensor.extract %[[MASK]][%c0] : tensor<2xi1>
// CHECK: %[[R1:.*]] = tensor.extract %[[MASK]][%c1] : tensor<2xi1>
// CHECK: scf.if
// CHECK: arith.select %{{.*}}, %[[C2]], %{{.*}} : i32
// CHECK: %[[ALL:.*]] = tensor.cast %[[X]] : tensor<2x3xf32> to tensor<?x?xf32>
// CHECK: %[[STEP0:.*]] = scf.if %{{.*}} -> (tensor<?x?xf32>) {
// CHECK: linalg.reduce { arith.addf } ins(%[[ALL]] : tensor<?x?xf32>) outs(%{{.*}} : tensor<?xf32>) dimensions = [0]
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [1, %{{.*}}] : tensor<?xf32> into tensor<1x?xf32>
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[ALL]] : tensor<?x?xf32>
// CHECK: %[[STEP1:.*]] = scf.if %{{.*}} -> (tensor<?x?xf32>) {
// CHECK: linalg.reduce { arith.addf } ins(%[[STEP0]] : tensor<?x?xf32>) outs(%{{.*}} : tensor<?xf32>) dimensions = [1]
// CHECK: %[[SHAPE:.*]] = tensor.from_elements %{{.*}} : tensor<1xindex>
// CHECK: %[[R:.*]] = tensor.reshape %[[STEP1]](%[[SHAPE]]) : (tensor<?x?xf32>, tensor<1xindex>) -> tensor<?xf32>
// CHECK: return %[[R]]
func.func @sum_runtime_axes(%x: tensor<2x3xf32>, %axes: tensor<?xi32>) -> tensor<?xf32> {
  %r = lite.sum %x, %axes : (tensor<2x3xf32>, tensor<?xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A scalar run-time axis is read as a one-element vector; with keep_dims
// the reduced dimensions stay and no reshape is needed.
// CHECK-LABEL: func.func @reduce_max_runtime_axis_keep_dims
// CHECK-SAME: (%{{.*}}: tensor<2x3xf32>, %[[AXIS:.*]]: tensor<i32>
// CHECK: tensor.expand_shape %[[AXIS]] [] output_shape [1] : tensor<i32> into tensor<1xi32>
// CHECK: scf.if
// CHECK: arith.cmpf ogt
// CHECK: scf.if
// CHECK: arith.cmpf ogt
// CHECK-NOT: tensor.reshape
// CHECK: return
func.func @reduce_max_runtime_axis_keep_dims(%x: tensor<2x3xf32>, %axis: tensor<i32>) -> tensor<?x?xf32> {
  %r = lite.reduce_max %x, %axis {keep_dims = true} : (tensor<2x3xf32>, tensor<i32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A run-time mean of integers widens once, up front, so every step sums in
// i64; the count multiplies the sizes of the reduced dimensions.
// CHECK-LABEL: func.func @mean_int_runtime_axes
// CHECK: linalg.generic
// CHECK: arith.extsi %{{.*}} : i8 to i64
// CHECK: scf.if %{{.*}} -> (tensor<?xi64>)
// CHECK: linalg.reduce { arith.addi {{.*}} } ins(%{{.*}} : tensor<?xi64>)
// CHECK: arith.divsi
// CHECK: arith.trunci %{{.*}} : i64 to i8
func.func @mean_int_runtime_axes(%x: tensor<5xi8>, %axes: tensor<1xi64>) -> tensor<?xi8> {
  %r = lite.mean %x, %axes {keep_dims = true} : (tensor<5xi8>, tensor<1xi64>) -> tensor<?xi8>
  return %r : tensor<?xi8>
}

// -----

// fully_connected: one linalg.matmul reading the [units, depth] filter in
// place (contraction dimension innermost in both operands), then the bias
// and the activation in one elementwise generic updating the product.
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[FILTER:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[BIAS:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @fully_connected_bias_tanh
// CHECK-SAME: (%[[X:.*]]: tensor<1x128xf32>, %[[W:.*]]: tensor<64x128xf32>, %[[B:.*]]: tensor<64xf32>
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x64xf32>)
// CHECK: %[[P:.*]] = linalg.matmul indexing_maps = [#[[LHS]], #[[FILTER]], #[[OUT]]] ins(%[[X]], %[[W]] : tensor<1x128xf32>, tensor<64x128xf32>) outs(%[[INIT]] : tensor<1x64xf32>)
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[BIAS]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[B]] : tensor<64xf32>) outs(%[[P]] : tensor<1x64xf32>)
// CHECK-NEXT: ^bb0(%[[BI:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[ACC]], %[[BI]] : f32
// CHECK-NEXT: %[[T:.*]] = math.tanh %[[SUM]] : f32
// CHECK-NEXT: linalg.yield %[[T]] : f32
// CHECK: return %[[R]]
func.func @fully_connected_bias_tanh(%x: tensor<1x128xf32>, %w: tensor<64x128xf32>, %b: tensor<64xf32>) -> tensor<1x64xf32> {
  %r = lite.fully_connected %x, %w, %b {fused_activation_function = #lite.activation<TANH>} : (tensor<1x128xf32>, tensor<64x128xf32>, tensor<64xf32>) -> tensor<1x64xf32>
  return %r : tensor<1x64xf32>
}

// -----

// Without bias or activation the matmul is the result; a dynamic batch
// sizes the output with tensor.dim.
// CHECK-LABEL: func.func @fully_connected_dynamic_batch
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[W:.*]]: tensor<3x4xf32>
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %c0 : tensor<?x4xf32>
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[N]]) : tensor<?x3xf32>
// CHECK: %[[P:.*]] = linalg.matmul {{.*}} ins(%[[X]], %[[W]] : tensor<?x4xf32>, tensor<3x4xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return %[[P]]
func.func @fully_connected_dynamic_batch(%x: tensor<?x4xf32>, %w: tensor<3x4xf32>) -> tensor<?x3xf32> {
  %r = lite.fully_connected %x, %w : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// -----

// Integer clamps compare signed: RELU6 is `x < 0 ? 0 : x`, then
// `6 < x ? 6 : x`.
// CHECK-LABEL: func.func @fully_connected_int_relu6
// CHECK: linalg.matmul
// CHECK: linalg.generic
// CHECK: %[[SUM:.*]] = arith.addi
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[SUM]], %c0_i32 : i32
// CHECK: %[[LO:.*]] = arith.select %[[NEG]], %c0_i32, %[[SUM]] : i32
// CHECK: %[[BIG:.*]] = arith.cmpi sgt, %[[LO]], %c6_i32 : i32
// CHECK: arith.select %[[BIG]], %c6_i32, %[[LO]] : i32
func.func @fully_connected_int_relu6(%x: tensor<2x4xi32>, %w: tensor<3x4xi32>, %b: tensor<3xi32>) -> tensor<2x3xi32> {
  %r = lite.fully_connected %x, %w, %b {fused_activation_function = #lite.activation<RELU6>} : (tensor<2x4xi32>, tensor<3x4xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}

// -----

// Float clamps use ordered comparisons, so NaN passes through. RELU
// without a bias still gets the elementwise generic.
// CHECK-LABEL: func.func @fully_connected_relu_n1_to_1
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: arith.cmpf olt, %{{.*}}, %cst_0 : f32
// CHECK: arith.cmpf olt, %cst, %{{.*}} : f32
func.func @fully_connected_relu_n1_to_1(%x: tensor<2x4xf32>, %w: tensor<3x4xf32>) -> tensor<2x3xf32> {
  %r = lite.fully_connected %x, %w {fused_activation_function = #lite.activation<RELU_N1_TO_1>} : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// keep_num_dims collapses the leading dimensions into rows and expands
// them back.
// CHECK-LABEL: func.func @fully_connected_keep_num_dims
// CHECK: %[[ROWS:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<2x5x4xf32> into tensor<10x4xf32>
// CHECK: %[[P:.*]] = linalg.matmul {{.*}} ins(%[[ROWS]], %{{.*}} : tensor<10x4xf32>, tensor<3x4xf32>)
// CHECK: tensor.expand_shape %[[P]] {{\[}}[0, 1], [2]] output_shape [2, 5, 3] : tensor<10x3xf32> into tensor<2x5x3xf32>
func.func @fully_connected_keep_num_dims(%x: tensor<2x5x4xf32>, %w: tensor<3x4xf32>) -> tensor<2x5x3xf32> {
  %r = lite.fully_connected %x, %w {keep_num_dims = true} : (tensor<2x5x4xf32>, tensor<3x4xf32>) -> tensor<2x5x3xf32>
  return %r : tensor<2x5x3xf32>
}

// -----

// Without keep_num_dims the rows stay flattened.
// CHECK-LABEL: func.func @fully_connected_flatten
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<2x5x4xf32> into tensor<10x4xf32>
// CHECK: %[[P:.*]] = linalg.matmul
// CHECK-NOT: tensor.expand_shape
// CHECK: return %[[P]]
func.func @fully_connected_flatten(%x: tensor<2x5x4xf32>, %w: tensor<3x4xf32>) -> tensor<10x3xf32> {
  %r = lite.fully_connected %x, %w : (tensor<2x5x4xf32>, tensor<3x4xf32>) -> tensor<10x3xf32>
  return %r : tensor<10x3xf32>
}

// -----

// A vector input is one row; with keep_num_dims the result is a vector.
// CHECK-LABEL: func.func @fully_connected_vector
// CHECK: %[[ROW:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
// CHECK: %[[P:.*]] = linalg.matmul {{.*}} ins(%[[ROW]], %{{.*}} : tensor<1x4xf32>, tensor<3x4xf32>)
// CHECK: tensor.collapse_shape %[[P]] {{\[}}[0, 1]] : tensor<1x3xf32> into tensor<3xf32>
func.func @fully_connected_vector(%x: tensor<4xf32>, %w: tensor<3x4xf32>) -> tensor<3xf32> {
  %r = lite.fully_connected %x, %w {keep_num_dims = true} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// An input whose last dimension is only known at run time is flattened
// like TFLite: rows = elements / depth, checked to divide (status 2), and
// only whole rows are read.
// CHECK-LABEL: func.func @fully_connected_dynamic_depth
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>, %{{.*}}: tensor<3x4xf32>, %[[STATUS:.*]]: memref<i32> {sluice.status_buffer})
// CHECK: %[[D0:.*]] = tensor.dim %[[X]], %c0
// CHECK: %[[D1:.*]] = tensor.dim %[[X]], %c1
// CHECK: %[[N:.*]] = arith.muli %[[D0]], %[[D1]] : index
// CHECK: %[[ROWS:.*]] = arith.divui %[[N]], %c4 : index
// CHECK: %[[REM:.*]] = arith.remui %[[N]], %c4 : index
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[REM]], %c0 : index
// CHECK: %[[BAD:.*]] = arith.xori %[[OK]], %true : i1
// CHECK: scf.if %[[BAD]] {
// CHECK: memref.store %{{.*}}, %[[STATUS]][] : memref<i32>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
// CHECK: %[[USED:.*]] = arith.muli %[[ROWS]], %c4 : index
// CHECK: %[[WHOLE:.*]] = tensor.extract_slice %[[FLAT]][0] [%[[USED]]] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK: %[[M:.*]] = tensor.expand_shape %[[WHOLE]] {{\[}}[0, 1]] output_shape [%[[ROWS]], 4] : tensor<?xf32> into tensor<?x4xf32>
// CHECK: linalg.matmul {{.*}} ins(%[[M]], %{{.*}} : tensor<?x4xf32>, tensor<3x4xf32>)
func.func @fully_connected_dynamic_depth(%x: tensor<?x?xf32>, %w: tensor<3x4xf32>) -> tensor<?x3xf32> {
  %r = lite.fully_connected %x, %w : (tensor<?x?xf32>, tensor<3x4xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// -----

// A bias whose size is only known at run time is checked against the
// units; on a mismatch zeros stand in for it.
// CHECK-LABEL: func.func @fully_connected_dynamic_bias
// CHECK-SAME: (%{{.*}}: tensor<2x4xf32>, %{{.*}}: tensor<3x4xf32>, %[[B:.*]]: tensor<?xf32>
// CHECK: linalg.matmul
// CHECK: %[[N:.*]] = tensor.dim %[[B]], %c0 : tensor<?xf32>
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[N]], %c3 : index
// CHECK: %[[SAFE:.*]] = scf.if %[[OK]] -> (tensor<3xf32>) {
// CHECK: tensor.cast %[[B]] : tensor<?xf32> to tensor<3xf32>
// CHECK: } else {
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}} ins(%[[SAFE]] : tensor<3xf32>)
func.func @fully_connected_dynamic_bias(%x: tensor<2x4xf32>, %w: tensor<3x4xf32>, %b: tensor<?xf32>) -> tensor<2x3xf32> {
  %r = lite.fully_connected %x, %w, %b : (tensor<2x4xf32>, tensor<3x4xf32>, tensor<?xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// A result type more static than the operands is checked at run time
// (status 2); on a mismatch the result is zeros of that type.
// CHECK-LABEL: func.func @fully_connected_static_result
// CHECK: %[[P:.*]] = linalg.matmul
// CHECK: %[[N:.*]] = tensor.dim %[[P]], %c0 : tensor<?x3xf32>
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[N]], %c2 : index
// CHECK: scf.if
// CHECK: memref.store
// CHECK: %[[R:.*]] = scf.if %[[OK]] -> (tensor<2x3xf32>) {
// CHECK: tensor.cast %[[P]] : tensor<?x3xf32> to tensor<2x3xf32>
// CHECK: } else {
// CHECK: linalg.fill
// CHECK: return %[[R]]
func.func @fully_connected_static_result(%x: tensor<?x4xf32>, %w: tensor<3x4xf32>) -> tensor<2x3xf32> {
  %r = lite.fully_connected %x, %w : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// Two matrices: linalg.matmul with adj_x / adj_y as transposed indexing
// maps, no transpose copy.
// CHECK-DAG: #[[XT:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[YT:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @batch_matmul_adjoint
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>, %[[Y:.*]]: tensor<5x4xf32>
// CHECK: linalg.matmul indexing_maps = [#[[XT]], #[[YT]], #[[OUT]]] ins(%[[X]], %[[Y]] : tensor<4x3xf32>, tensor<5x4xf32>) outs(%{{.*}} : tensor<3x5xf32>)
func.func @batch_matmul_adjoint(%x: tensor<4x3xf32>, %y: tensor<5x4xf32>) -> tensor<3x5xf32> {
  %r = lite.batch_matmul %x, %y {adj_x = true, adj_y = true} : (tensor<4x3xf32>, tensor<5x4xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func @batch_matmul_plain
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<3x4xf32>, tensor<4x5xf32>)
func.func @batch_matmul_plain(%x: tensor<3x4xf32>, %y: tensor<4x5xf32>) -> tensor<3x5xf32> {
  %r = lite.batch_matmul %x, %y : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// A batch against a shared matrix: one linalg.generic contraction over
// (batch, m, n, k) whose map for y has no batch dimension.
// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[Y:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @batch_matmul_shared_rhs
// CHECK: linalg.fill ins(%c0_i32 : i32) outs(%{{.*}} : tensor<2x3x5xi32>)
// CHECK: linalg.generic {indexing_maps = [#[[X]], #[[Y]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<2x3x4xi32>, tensor<4x5xi32>)
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %[[ACC:.*]]: i32):
// CHECK-NEXT: %[[PROD:.*]] = arith.muli %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[ACC]], %[[PROD]] : i32
// CHECK-NEXT: linalg.yield %[[SUM]] : i32
func.func @batch_matmul_shared_rhs(%x: tensor<2x3x4xi32>, %y: tensor<4x5xi32>) -> tensor<2x3x5xi32> {
  %r = lite.batch_matmul %x, %y : (tensor<2x3x4xi32>, tensor<4x5xi32>) -> tensor<2x3x5xi32>
  return %r : tensor<2x3x5xi32>
}

// -----

// Static broadcasting: a batch dimension of size 1 is read at index 0, a
// missing one is left out of the map; adj_y swaps y's last two.
// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, 0, d2, d4)>
// CHECK-DAG: #[[Y:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d4)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @batch_matmul_broadcast
// CHECK: linalg.generic {indexing_maps = [#[[X]], #[[Y]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<2x1x3x4xf32>, tensor<3x5x4xf32>) outs(%{{.*}} : tensor<2x3x3x5xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @batch_matmul_broadcast(%x: tensor<2x1x3x4xf32>, %y: tensor<3x5x4xf32>) -> tensor<2x3x3x5xf32> {
  %r = lite.batch_matmul %x, %y {adj_y = true} : (tensor<2x1x3x4xf32>, tensor<3x5x4xf32>) -> tensor<2x3x3x5xf32>
  return %r : tensor<2x3x3x5xf32>
}

// -----

// Dynamic batch dimensions broadcast at run time: the sizes must agree or
// one be 1 (status 2); an operand whose size is 1 is copied out to the
// batch size, otherwise it is sliced to it (a view).
// CHECK-LABEL: func.func @batch_matmul_dynamic_batch
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x4xf32>, %[[Y:.*]]: tensor<?x4x5xf32>
// CHECK: %[[XN:.*]] = tensor.dim %[[X]], %c0
// CHECK: %[[YN:.*]] = tensor.dim %[[Y]], %c0
// CHECK: %[[XONE:.*]] = arith.cmpi eq, %[[XN]], %c1 : index
// CHECK: %[[YONE:.*]] = arith.cmpi eq, %[[YN]], %c1 : index
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[XN]], %[[YN]] : index
// CHECK: scf.if
// CHECK: memref.store
// CHECK: %[[MIN:.*]] = arith.minsi %[[XN]], %[[YN]] : index
// CHECK: %[[SEL:.*]] = arith.select %[[YONE]], %[[XN]], %[[MIN]] : index
// CHECK: %[[N:.*]] = arith.select %[[XONE]], %[[YN]], %[[SEL]] : index
// CHECK: %[[XFIT:.*]] = scf.if %[[XONE]] -> (tensor<?x3x4xf32>) {
// CHECK: tensor.empty(%[[N]]) : tensor<?x3x4xf32>
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[I0:.*]] = arith.select %[[XONE]], %c0, %[[I]] : index
// CHECK: tensor.extract %[[X]][%[[I0]], %{{.*}}, %{{.*}}] : tensor<?x3x4xf32>
// CHECK: } else {
// CHECK: tensor.extract_slice %[[X]][0, 0, 0] [%[[N]], 3, 4] [1, 1, 1]
// CHECK: %[[YFIT:.*]] = scf.if %[[YONE]] -> (tensor<?x4x5xf32>) {
// CHECK: linalg.generic {{.*}} ins(%[[XFIT]], %[[YFIT]] : tensor<?x3x4xf32>, tensor<?x4x5xf32>)
func.func @batch_matmul_dynamic_batch(%x: tensor<?x3x4xf32>, %y: tensor<?x4x5xf32>) -> tensor<?x3x5xf32> {
  %r = lite.batch_matmul %x, %y : (tensor<?x3x4xf32>, tensor<?x4x5xf32>) -> tensor<?x3x5xf32>
  return %r : tensor<?x3x5xf32>
}

// -----

// A dynamic batch against a shared matrix needs no run-time broadcast.
// CHECK-LABEL: func.func @batch_matmul_dynamic_shared_rhs
// CHECK-NOT: scf.if
// CHECK: linalg.generic
// CHECK-NOT: scf.if
// CHECK: return
func.func @batch_matmul_dynamic_shared_rhs(%x: tensor<?x3x4xf32>, %y: tensor<4x5xf32>) -> tensor<?x3x5xf32> {
  %r = lite.batch_matmul %x, %y : (tensor<?x3x4xf32>, tensor<4x5xf32>) -> tensor<?x3x5xf32>
  return %r : tensor<?x3x5xf32>
}

// -----

// Contraction dimensions known only at run time are checked (status 2);
// both operands are sliced to the smaller so nothing is read past an end.
// CHECK-LABEL: func.func @batch_matmul_dynamic_depth
// CHECK-SAME: (%[[X:.*]]: tensor<3x?xf32>, %[[Y:.*]]: tensor<?x5xf32>
// CHECK: %[[XK:.*]] = tensor.dim %[[X]], %c1
// CHECK: %[[YK:.*]] = tensor.dim %[[Y]], %c0
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[XK]], %[[YK]] : index
// CHECK: scf.if
// CHECK: memref.store
// CHECK: %[[K:.*]] = arith.minsi %[[XK]], %[[YK]] : index
// CHECK: %[[XS:.*]] = tensor.extract_slice %[[X]][0, 0] [3, %[[K]]] [1, 1]
// CHECK: %[[YS:.*]] = tensor.extract_slice %[[Y]][0, 0] [%[[K]], 5] [1, 1]
// CHECK: linalg.matmul ins(%[[XS]], %[[YS]] : tensor<3x?xf32>, tensor<?x5xf32>)
func.func @batch_matmul_dynamic_depth(%x: tensor<3x?xf32>, %y: tensor<?x5xf32>) -> tensor<3x5xf32> {
  %r = lite.batch_matmul %x, %y : (tensor<3x?xf32>, tensor<?x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}
