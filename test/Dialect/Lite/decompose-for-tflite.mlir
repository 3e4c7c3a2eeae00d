// RUN: sluice-opt %s -split-input-file -lite-decompose-for-tflite | FileCheck %s

// Elementwise ops without a TFLite builtin become their records'
// `tfliteDecomposition` over ops that have one; ops with a builtin stay.

// CHECK-LABEL: func.func @is_nan
// CHECK-NOT: lite.is_nan
// CHECK: %[[R:.*]] = lite.not_equal %arg0, %arg0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: return %[[R]]
func.func @is_nan(%x: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %r = lite.is_nan %x : tensor<2x3xf32> -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}

// -----

// An unranked operand decomposes to unranked ops of the same types.
// CHECK-LABEL: func.func @is_nan_unranked
// CHECK: lite.not_equal %arg0, %arg0 : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xi1>
func.func @is_nan_unranked(%x: tensor<*xf32>) -> tensor<*xi1> {
  %r = lite.is_nan %x : tensor<*xf32> -> tensor<*xi1>
  return %r : tensor<*xi1>
}

// -----

// Finite exactly where x - x is 0 (NaN for NaN and +-Inf).
// CHECK-LABEL: func.func @is_finite
// CHECK: %[[D:.*]] = lite.sub %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[Z:.*]] = lite.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[R:.*]] = lite.equal %[[D]], %[[Z]] : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
// CHECK: return %[[R]]
func.func @is_finite(%x: tensor<4xf32>) -> tensor<4xi1> {
  %r = lite.is_finite %x : tensor<4xf32> -> tensor<4xi1>
  return %r : tensor<4xi1>
}

// -----

// 0 where the divisor is 0, the quotient elsewhere; the shapes broadcast.
// CHECK-LABEL: func.func @div_no_nan
// CHECK: %[[Z:.*]] = lite.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[BY_ZERO:.*]] = lite.equal %arg1, %[[Z]] : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
// CHECK: %[[Z2:.*]] = lite.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[Q:.*]] = lite.div %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: %[[R:.*]] = lite.select_v2 %[[BY_ZERO]], %[[Z2]], %[[Q]] : (tensor<3xi1>, tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: return %[[R]]
func.func @div_no_nan(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = lite.div_no_nan %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// LiteRT's ATAN2 does not broadcast (it reads past the smaller operand):
// both operands are broadcast first, each multiplied by ones of the other's
// shape, which keeps NaN, -0 and Inf.
// CHECK-LABEL: func.func @atan2
// CHECK: %[[ZY:.*]] = lite.zeros_like %arg1 : tensor<3xf32>
// CHECK: %[[ONE:.*]] = lite.constant dense<1.000000e+00> : tensor<f32>
// CHECK: %[[ONESY:.*]] = lite.add %[[ZY]], %[[ONE]]
// CHECK: %[[X:.*]] = lite.mul %arg0, %[[ONESY]] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: %[[ZX:.*]] = lite.zeros_like %arg0 : tensor<2x3xf32>
// CHECK: %[[ONESX:.*]] = lite.add %[[ZX]]
// CHECK: %[[Y:.*]] = lite.mul %arg1, %[[ONESX]] : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: lite.atan2 %[[X]], %[[Y]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @atan2(%y: tensor<2x3xf32>, %x: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = lite.atan2 %y, %x : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// Operands of one static shape stay as they are.
// CHECK-LABEL: func.func @atan2_same_shapes
// CHECK-NEXT: lite.atan2 %arg0, %arg1
func.func @atan2_same_shapes(%y: tensor<3xf32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  %r = lite.atan2 %y, %x : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @reciprocal
// CHECK: %[[ONE:.*]] = lite.constant dense<1.000000e+00> : tensor<f32>
// CHECK: %[[R:.*]] = lite.div %[[ONE]], %arg0 : (tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: return %[[R]]
func.func @reciprocal(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lite.reciprocal %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @selu
// CHECK-NOT: lite.selu
// CHECK-DAG: lite.less %arg0
// CHECK-DAG: %[[E:.*]] = lite.exp %arg0
// CHECK-DAG: lite.sub %[[E]]
// CHECK-DAG: lite.constant dense<1.75809932> : tensor<f32>
// CHECK-DAG: lite.constant dense<1.05070102> : tensor<f32>
// CHECK: %[[R:.*]] = lite.select_v2
// CHECK: return %[[R]]
func.func @selu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lite.selu %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @softsign
// CHECK: %[[A:.*]] = lite.abs %arg0 : tensor<4xf32>
// CHECK: %[[ONE:.*]] = lite.constant dense<1.000000e+00> : tensor<f32>
// CHECK: %[[D:.*]] = lite.add %[[A]], %[[ONE]]
// CHECK: %[[R:.*]] = lite.div %arg0, %[[D]]
// CHECK: return %[[R]]
func.func @softsign(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lite.softsign %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @xlogy
// CHECK: %[[Z:.*]] = lite.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[X0:.*]] = lite.equal %arg0, %[[Z]]
// CHECK: %[[L:.*]] = lite.log %arg1 : tensor<3xf32>
// CHECK: %[[P:.*]] = lite.mul %arg0, %[[L]] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: %[[R:.*]] = lite.select_v2 %[[X0]], %{{.*}}, %[[P]]
// CHECK: return %[[R]]
func.func @xlogy(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = lite.xlogy %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @xdivy
// CHECK: %[[X0:.*]] = lite.equal %arg0
// CHECK: %[[Q:.*]] = lite.div %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: %[[R:.*]] = lite.select_v2 %[[X0]], %{{.*}}, %[[Q]]
// CHECK: return %[[R]]
func.func @xdivy(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = lite.xdivy %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// LiteRT's REVERSE_V2 takes contiguous axes in increasing order and crashes
// on none: one reverse per axis, in increasing order; none is the input.
// CHECK-LABEL: func.func @reverse_axes
// CHECK: %[[A0:.*]] = lite.constant dense<0> : tensor<1xi32>
// CHECK: %[[R0:.*]] = lite.reverse_v2 %arg0, %[[A0]] : (tensor<2x3x4xf32>, tensor<1xi32>) -> tensor<2x3x4xf32>
// CHECK: %[[A2:.*]] = lite.constant dense<2> : tensor<1xi32>
// CHECK: %[[R2:.*]] = lite.reverse_v2 %[[R0]], %[[A2]]
// CHECK-NOT: lite.reverse_v2
// CHECK: return %[[R2]], %arg0
func.func @reverse_axes(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %axes = lite.constant dense<[-1, 0]> : tensor<2xi32>
  %r = lite.reverse_v2 %x, %axes : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<2x3x4xf32>
  %none = lite.constant dense<> : tensor<0xi32>
  %s = lite.reverse_v2 %x, %none : (tensor<2x3x4xf32>, tensor<0xi32>) -> tensor<2x3x4xf32>
  return %r, %s : tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// -----

// LiteRT's convolution kernels need a bias: zeros of the output channels.
// CHECK-LABEL: func.func @conv_without_bias
// CHECK: %[[ZEROS:.*]] = lite.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK: lite.conv_2d %arg0, %arg1, %[[ZEROS]]
// CHECK: %[[DZEROS:.*]] = lite.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK: lite.depthwise_conv_2d %arg0, %arg2, %[[DZEROS]]
func.func @conv_without_bias(%x: tensor<1x4x4x2xf32>, %w: tensor<3x2x2x2xf32>, %d: tensor<1x2x2x4xf32>) -> (tensor<1x4x4x3xf32>, tensor<1x3x3x4xf32>) {
  %c = lite.conv_2d %x, %w {padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<3x2x2x2xf32>) -> tensor<1x4x4x3xf32>
  %e = lite.depthwise_conv_2d %x, %d {depth_multiplier = 2 : i32, padding = #lite.padding<VALID>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<1x2x2x4xf32>) -> tensor<1x3x3x4xf32>
  return %c, %e : tensor<1x4x4x3xf32>, tensor<1x3x3x4xf32>
}

// -----

// Output channels known only at run time (a filter computed from a batch,
// as the filter gradient's convolution has): a fill of the filter's output
// channels, dimension 0 of CONV_2D's filter, 3 of DEPTHWISE_CONV_2D's.
// CHECK-LABEL: func.func @conv_dynamic_channels
// CHECK: %[[SHAPE:.*]] = lite.shape %arg1
// CHECK: %[[COUT:.*]] = lite.slice %[[SHAPE]], %[[ZERO:.*]], %{{.*}}
// CHECK: %[[ZEROS:.*]] = lite.fill %[[COUT]]
// CHECK: lite.conv_2d %arg0, %arg1, %[[ZEROS]]
// CHECK: %[[DSHAPE:.*]] = lite.shape %arg2
// CHECK: %[[THREE:.*]] = lite.constant dense<3> : tensor<1xi32>
// CHECK: %[[DCOUT:.*]] = lite.slice %[[DSHAPE]], %[[THREE]]
// CHECK: %[[DZEROS:.*]] = lite.fill %[[DCOUT]]
// CHECK: lite.depthwise_conv_2d %arg0, %arg2, %[[DZEROS]]
func.func @conv_dynamic_channels(%x: tensor<1x4x4x2xf32>, %w: tensor<?x2x2x2xf32>, %d: tensor<1x2x2x?xf32>) -> (tensor<1x4x4x?xf32>, tensor<1x3x3x?xf32>) {
  %c = lite.conv_2d %x, %w {padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<?x2x2x2xf32>) -> tensor<1x4x4x?xf32>
  %e = lite.depthwise_conv_2d %x, %d {depth_multiplier = 2 : i32, padding = #lite.padding<VALID>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<1x2x2x?xf32>) -> tensor<1x3x3x?xf32>
  return %c, %e : tensor<1x4x4x?xf32>, tensor<1x3x3x?xf32>
}

// -----

// LiteRT's SCATTER_ND takes int32 indices and shape: int64 ones are
// narrowed, the indices clamped to [-1, 2^31 - 1] first so that one outside
// int32 stays out of range instead of wrapping into it.
// CHECK-LABEL: func.func @scatter_int64_indices
// CHECK: %[[LOW:.*]] = lite.constant dense<-1> : tensor<i64>
// CHECK: %[[ABOVE:.*]] = lite.maximum %arg0, %[[LOW]]
// CHECK: %[[HIGH:.*]] = lite.constant dense<2147483647> : tensor<i64>
// CHECK: %[[CLAMPED:.*]] = lite.minimum %[[ABOVE]], %[[HIGH]]
// CHECK: %[[INDICES:.*]] = lite.cast %[[CLAMPED]] : tensor<2x1xi64> -> tensor<2x1xi32>
// CHECK: %[[SHAPE:.*]] = lite.cast %arg2 : tensor<1xi64> -> tensor<1xi32>
// CHECK: lite.scatter_nd %[[INDICES]], %arg1, %[[SHAPE]]
func.func @scatter_int64_indices(%i: tensor<2x1xi64>, %u: tensor<2xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %r = lite.scatter_nd %i, %u, %s : (tensor<2x1xi64>, tensor<2xf32>, tensor<1xi64>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// LiteRT's RELU and RELU6 take no int32 or int64 and its SQUARE no
// integers: maximum/minimum and mul compute the same values. Float and
// int8 RELU keep their builtin.
// CHECK-LABEL: func.func @integer_activations
// CHECK: %[[ZERO:.*]] = lite.constant dense<0> : tensor<i32>
// CHECK: %[[RELU:.*]] = lite.maximum %arg0, %[[ZERO]]
// CHECK: %[[ZERO6:.*]] = lite.constant dense<0> : tensor<i64>
// CHECK: %[[ABOVE:.*]] = lite.maximum %arg1, %[[ZERO6]]
// CHECK: %[[SIX:.*]] = lite.constant dense<6> : tensor<i64>
// CHECK: %[[RELU6:.*]] = lite.minimum %[[ABOVE]], %[[SIX]]
// CHECK: %[[SQUARE:.*]] = lite.mul %arg2, %arg2
// CHECK: lite.relu %arg3 : tensor<4xf32>
// CHECK: lite.relu %arg4 : tensor<4xi8>
func.func @integer_activations(%a: tensor<4xi32>, %b: tensor<4xi64>, %c: tensor<4xi16>, %d: tensor<4xf32>, %e: tensor<4xi8>) -> (tensor<4xi32>, tensor<4xi64>, tensor<4xi16>, tensor<4xf32>, tensor<4xi8>) {
  %0 = lite.relu %a : tensor<4xi32>
  %1 = lite.relu6 %b : tensor<4xi64>
  %2 = lite.square %c : tensor<4xi16>
  %3 = lite.relu %d : tensor<4xf32>
  %4 = lite.relu %e : tensor<4xi8>
  return %0, %1, %2, %3, %4 : tensor<4xi32>, tensor<4xi64>, tensor<4xi16>, tensor<4xf32>, tensor<4xi8>
}

// -----

// LiteRT's REVERSE_SEQUENCE takes no bool, int8 or float16: those are
// reversed as int32 (float32) and cast back; float32 keeps the builtin.
// CHECK-LABEL: func.func @reverse_sequence_widened
// CHECK: %[[WIDE:.*]] = lite.cast %arg0 : tensor<2x3xi1> -> tensor<2x3xi32>
// CHECK: %[[REVERSED:.*]] = lite.reverse_sequence %[[WIDE]], %arg2
// CHECK: lite.cast %[[REVERSED]] : tensor<2x3xi32> -> tensor<2x3xi1>
// CHECK: %[[HALF:.*]] = lite.cast %arg1 : tensor<2x3xf16> -> tensor<2x3xf32>
// CHECK: lite.reverse_sequence %[[HALF]], %arg2
// CHECK: lite.reverse_sequence %arg3, %arg2 {{.*}} : (tensor<2x3xf32>
func.func @reverse_sequence_widened(%b: tensor<2x3xi1>, %h: tensor<2x3xf16>, %n: tensor<2xi32>, %f: tensor<2x3xf32>) -> (tensor<2x3xi1>, tensor<2x3xf16>, tensor<2x3xf32>) {
  %0 = lite.reverse_sequence %b, %n {seq_dim = 1 : i32} : (tensor<2x3xi1>, tensor<2xi32>) -> tensor<2x3xi1>
  %1 = lite.reverse_sequence %h, %n {seq_dim = 1 : i32} : (tensor<2x3xf16>, tensor<2xi32>) -> tensor<2x3xf16>
  %2 = lite.reverse_sequence %f, %n {seq_dim = 1 : i32} : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x3xi1>, tensor<2x3xf16>, tensor<2x3xf32>
}
