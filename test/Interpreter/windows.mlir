// conv_2d, depthwise_conv_2d and the pools on sizes known only at run time,
// in the interpreter and in native code: the same values (worked by hand
// below) and the same refusals.
//
// conv_2d SAME, stride 2, a 2x2 filter of ones over a 3x3 image 1..9: the
// padding (1 needed) goes after, windows at rows/columns 0 and 2:
//   [1+2+4+5, 3+6] / [7+8, 9] = [12, 9, 15, 9], plus the bias 0.5.
// RUN: echo '[[[[[1],[2],[3]],[[4],[5],[6]],[[7],[8],[9]]]]]' > %t.image.json
// RUN: sluice-run %s --inputs=%t.image.json | FileCheck %s
// RUN: sluice-run %s --inputs=%t.image.json --engine=native | FileCheck %s
// CHECK: {"outputs":[{"data":[12.5,9.5,15.5,9.5],"dtype":"float32","name":"output0","shape":[1,2,2,1]}]}
//
// average_pool_2d SAME 2x2 stride 1 over the same image divides by the
// elements inside each window: the last row's windows hold 2, the corner 1.
// RUN: sluice-run %s --function=average --inputs=%t.image.json | FileCheck %s --check-prefix=AVG
// RUN: sluice-run %s --function=average --inputs=%t.image.json --engine=native | FileCheck %s --check-prefix=AVG
// AVG: {"outputs":[{"data":[3,4,4.5,6,7,7.5,7.5,8.5,9],"dtype":"float32","name":"output0","shape":[1,3,3,1]}]}
//
// max_pool_2d VALID 2x1 stride 2 keeps the first greatest; NaN never wins
// and a window of -inf gives the lowest float (TF's kernels).
// RUN: echo '[[[[["nan"]],[[1]],[["-inf"]],[["-inf"]]]]]' > %t.edges.json
// RUN: sluice-run %s --function=max --inputs=%t.edges.json | FileCheck %s --check-prefix=MAX
// RUN: sluice-run %s --function=max --inputs=%t.edges.json --engine=native | FileCheck %s --check-prefix=MAX
// MAX: {"outputs":[{"data":[1,-3.4028234663852886e+38],"dtype":"float32","name":"output0","shape":[1,2,1,1]}]}
//
// depthwise_conv_2d VALID, multiplier 2: channel c*2+m scales input
// channel c by filter [c*2+m] (one tap).
// RUN: echo '[[[[[1,10]]]], [[[[1,2,3,4]]]]]' > %t.depthwise.json
// RUN: sluice-run %s --function=depthwise --inputs=%t.depthwise.json | FileCheck %s --check-prefix=DW
// RUN: sluice-run %s --function=depthwise --inputs=%t.depthwise.json --engine=native | FileCheck %s --check-prefix=DW
// DW: {"outputs":[{"data":[1,2,30,40],"dtype":"float32","name":"output0","shape":[1,1,1,4]}]}
//
// A VALID window two rows larger than the image has a negative output
// size: refused, as TF refuses it; one row larger gives no rows.
// RUN: echo '[[[[[1],[2],[3]]]]]' > %t.row.json
// RUN: not sluice-run %s --function=valid --inputs=%t.row.json 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: a VALID window of 3 rows with stride 1 gives a negative output size over the input float32[1, 1, 3, 1]
// RUN: not sluice-run %s --function=valid --inputs=%t.row.json --engine=native 2>&1 | FileCheck %s --check-prefix=NATIVE-INVALID
// NATIVE-INVALID: SLUICE_ERROR_INVALID_ARGUMENT
// RUN: echo '[[[[[1],[2],[3]],[[4],[5],[6]]]]]' > %t.rows.json
// RUN: sluice-run %s --function=valid --inputs=%t.rows.json | FileCheck %s --check-prefix=EMPTY
// RUN: sluice-run %s --function=valid --inputs=%t.rows.json --engine=native | FileCheck %s --check-prefix=EMPTY
// EMPTY: {"outputs":[{"data":[],"dtype":"float32","name":"output0","shape":[1,0,3,1]}]}
//
// A filter whose channels differ from the image's, known only at run time.
// RUN: echo '[[[[[1,2]]]], [[[[1]]]]]' > %t.channels.json
// RUN: not sluice-run %s --function=channels --inputs=%t.channels.json 2>&1 | FileCheck %s --check-prefix=CHANNELS
// CHANNELS: error: conv_2d filter float32[1, 1, 1, 1] does not fit the input float32[1, 1, 1, 2]
// RUN: not sluice-run %s --function=channels --inputs=%t.channels.json --engine=native 2>&1 | FileCheck %s --check-prefix=NATIVE-SHAPE
// NATIVE-SHAPE: SLUICE_ERROR_SHAPE_MISMATCH
// Taps in SAME's padding read zeros, as in TF: a filter of +inf over a
// one-pixel image gives NaN (0 x inf) beside the inf of the centre tap.
// RUN: echo '[[[[[1]]]]]' > %t.pixel.json
// RUN: sluice-run %s --function=infinite --inputs=%t.pixel.json | FileCheck %s --check-prefix=INF
// RUN: sluice-run %s --function=infinite --inputs=%t.pixel.json --engine=native | FileCheck %s --check-prefix=INF
// INF: {"outputs":[{"data":["nan"],"dtype":"float32","name":"output0","shape":[1,1,1,1]}]}
func.func @infinite(%x: tensor<?x?x?x1xf32>) -> tensor<?x?x?x1xf32> {
  %w = lite.constant dense<0x7F800000> : tensor<1x3x3x1xf32>
  %r = lite.conv_2d %x, %w {padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<?x?x?x1xf32>, tensor<1x3x3x1xf32>) -> tensor<?x?x?x1xf32>
  return %r : tensor<?x?x?x1xf32>
}
func.func @main(%x: tensor<?x?x?x1xf32>) -> tensor<?x?x?x1xf32> {
  %w = lite.constant dense<1.0> : tensor<1x2x2x1xf32>
  %b = lite.constant dense<0.5> : tensor<1xf32>
  %r = lite.conv_2d %x, %w, %b {padding = #lite.padding<SAME>, stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<?x?x?x1xf32>, tensor<1x2x2x1xf32>, tensor<1xf32>) -> tensor<?x?x?x1xf32>
  return %r : tensor<?x?x?x1xf32>
}
func.func @average(%x: tensor<?x?x?x1xf32>) -> tensor<?x?x?x1xf32> {
  %r = lite.average_pool_2d %x {filter_height = 2 : i32, filter_width = 2 : i32, padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<?x?x?x1xf32>) -> tensor<?x?x?x1xf32>
  return %r : tensor<?x?x?x1xf32>
}
func.func @max(%x: tensor<?x?x?x1xf32>) -> tensor<?x?x?x1xf32> {
  %r = lite.max_pool_2d %x {filter_height = 2 : i32, filter_width = 1 : i32, padding = #lite.padding<VALID>, stride_h = 2 : i32, stride_w = 1 : i32} : (tensor<?x?x?x1xf32>) -> tensor<?x?x?x1xf32>
  return %r : tensor<?x?x?x1xf32>
}
func.func @depthwise(%x: tensor<?x?x?x2xf32>, %w: tensor<1x1x1x4xf32>) -> tensor<?x?x?x4xf32> {
  %r = lite.depthwise_conv_2d %x, %w {depth_multiplier = 2 : i32, padding = #lite.padding<VALID>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<?x?x?x2xf32>, tensor<1x1x1x4xf32>) -> tensor<?x?x?x4xf32>
  return %r : tensor<?x?x?x4xf32>
}
func.func @valid(%x: tensor<?x?x?x1xf32>) -> tensor<?x?x?x1xf32> {
  %w = lite.constant dense<1.0> : tensor<1x3x1x1xf32>
  %r = lite.conv_2d %x, %w {padding = #lite.padding<VALID>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<?x?x?x1xf32>, tensor<1x3x1x1xf32>) -> tensor<?x?x?x1xf32>
  return %r : tensor<?x?x?x1xf32>
}
func.func @channels(%x: tensor<?x?x?x?xf32>, %w: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %r = lite.conv_2d %x, %w {padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}
