// conv_2d's and depthwise_conv_2d's gradients (the input's: the transposed
// convolution; the filter's: the input convolved with g; the bias': g
// summed), in the interpreter and native code, for SAME with strides 2,
// VALID with strides that leave rows unread, and dilations 2; depthwise
// with a multiplier of 2 (filter [1, h, w, C * M]). The values are TF's
// (tf.GradientTape of reduce_sum(bias_add(conv2d(x, f), b) * w) on these
// integer inputs; the dilated case through conv2d with the zero-dilated
// filter, whose gradient TF's CPU computes, read at the taps). The loss is
// printed first, then the gradients of x, the filter (TFLite's [out, h, w,
// in]) and the bias.
// RUN: sed 's/@same(/@main(/' %s | sluicec - --grad=0,1,2 --emit=mlir -o %t.same.mlir
// RUN: echo '[[[[[1,-2],[3,0],[0,1],[-2,3],[-3,-2]],[[3,-1],[-1,-3],[3,1],[-3,1],[-3,0]],[[-1,3],[0,1],[1,2],[-3,-3],[2,-3]],[[0,2],[-3,-1],[-3,-2],[3,3],[1,3]],[[-2,0],[0,-3],[0,-3],[-2,-3],[-3,3]]]], [[[[2,1],[0,1],[1,0]],[[-2,1],[0,2],[-2,-1]],[[0,-3],[0,1],[3,2]]],[[[1,-1],[-3,-3],[0,0]],[[0,0],[3,-2],[-1,-1]],[[0,1],[-2,0],[1,1]]],[[[1,-2],[2,2],[-2,0]],[[0,-2],[-2,2],[0,2]],[[-1,2],[-2,3],[1,0]]]], [0,-3,1], [[[[0,-3,-1],[-1,3,0],[2,-1,0]],[[2,1,1],[2,-3,3],[3,2,3]],[[2,1,0],[-2,-1,2],[1,1,-2]]]], 1]' > %t.same.json
// RUN: sluice-run %t.same.mlir --function=main_grad --inputs=%t.same.json | FileCheck %s --check-prefix=SAME
// RUN: sluice-run %t.same.mlir --function=main_grad --inputs=%t.same.json --engine=native | FileCheck %s --check-prefix=SAME
// SAME: "data":[-72]
// SAME-SAME: "data":[-7,4,5,0,9,-8,-5,0,-3,6,7,-2,0,2,9,16,7,-11,2,5,1,4,-9,-5,-15,16,-7,4,0,8,-7,4,4,-3,7,16,-2,4,-17,6,3,2,-1,-9,-7,2,3,12,7,-4]
// SAME-SAME: "data":[-2,2,10,11,-20,-12,-18,2,-7,5,0,-7,-2,12,-12,8,3,3,3,15,-8,3,2,-10,3,-12,-5,8,-4,19,15,-1,14,20,-18,2,-24,-14,-5,-8,-4,6,-5,-6,13,-10,-16,-14,0,6,-9,6,7,11]
// SAME-SAME: "data":[9,0,6]
// RUN: sed 's/@valid(/@main(/' %s | sluicec - --grad=0,1,2 --emit=mlir -o %t.valid.mlir
// RUN: echo '[[[[[-2],[2],[-1],[-3],[1],[3],[3],[-1]],[[1],[3],[-3],[-1],[0],[-1],[3],[1]],[[-2],[2],[3],[-1],[-2],[2],[-2],[3]],[[1],[-2],[-3],[1],[3],[2],[-2],[2]],[[1],[0],[1],[-2],[0],[3],[-3],[-2]],[[2],[2],[3],[0],[1],[-3],[0],[-2]],[[1],[1],[2],[1],[2],[-1],[-2],[3]]],[[[0],[0],[-1],[1],[-3],[2],[0],[2]],[[-3],[2],[-2],[2],[-3],[1],[0],[3]],[[2],[-2],[-1],[-3],[-1],[-3],[3],[-1]],[[-2],[-2],[2],[2],[0],[-2],[3],[-3]],[[-3],[-2],[-2],[3],[-2],[2],[0],[-1]],[[-3],[2],[-1],[-1],[3],[1],[-1],[0]],[[1],[-3],[-2],[1],[-2],[1],[3],[0]]]], [[[[3],[1]],[[-3],[1]],[[-3],[-2]]],[[[-1],[-2]],[[-1],[-3]],[[1],[3]]]], [-3,-1], [[[[-3,0],[2,2],[-3,-2],[0,-1]],[[-3,-3],[1,2],[1,0],[2,-2]]],[[[2,3],[-1,1],[-3,1],[-1,-1]],[[-3,3],[3,3],[2,0],[-2,2]]]], 1]' > %t.valid.json
// RUN: sluice-run %t.valid.mlir --function=main_grad --inputs=%t.valid.json | FileCheck %s --check-prefix=VALID
// RUN: sluice-run %t.valid.mlir --function=main_grad --inputs=%t.valid.json --engine=native | FileCheck %s --check-prefix=VALID
// VALID: "data":[18]
// VALID-SAME: "data":[-9,-3,4,-2,-7,1,1,2,9,-3,-8,-4,11,3,1,3,9,6,-4,2,7,0,-1,-3,-6,3,1,-3,3,1,8,6,12,6,-5,-5,-3,1,-4,8,6,-3,-1,4,-3,-2,-8,-10,0,0,0,0,0,0,0,0,3,-4,-4,-3,-10,-5,-2,1,-9,-7,2,-4,8,-6,4,2,-3,5,4,5,10,9,2,-1,-12,-9,6,-3,6,2,-8,-6,6,-12,-12,-6,-6,2,4,-8,12,15,-6,3,-6,-4,8,10,0,0,0,0,0,0,0,0]
// VALID-SAME: "data":[10,-3,-13,6,35,-25,-10,-12,-33,6,-1,-19]
// VALID-SAME: "data":[-6,8]
// RUN: sed 's/@dilated(/@main(/' %s | sluicec - --grad=0,1,2 --emit=mlir -o %t.dilated.mlir
// RUN: echo '[[[[[-3,0],[-2,-1],[-3,-2],[0,0],[1,3]],[[2,0],[-2,2],[3,3],[1,0],[1,-3]],[[-2,-1],[-1,-3],[1,0],[-2,-3],[1,3]],[[-2,3],[-3,2],[-1,1],[1,1],[1,0]],[[-2,-1],[-3,2],[-1,-2],[3,-1],[2,2]],[[2,3],[2,-3],[-1,3],[3,1],[3,3]]]], [[[[2,1],[-3,0],[-3,1]],[[-3,-2],[3,3],[2,-2]]],[[[-1,3],[2,0],[3,2]],[[2,1],[3,-1],[3,3]]]], [-2,0], [[[[1,-3],[0,2],[3,1],[-3,1],[-2,2]],[[-1,0],[0,1],[-3,2],[0,2],[2,2]],[[3,0],[3,2],[-1,0],[3,-2],[-2,-3]],[[1,-1],[-1,0],[0,-2],[-1,-3],[-3,2]],[[-3,1],[-2,-1],[0,1],[-3,-1],[-2,0]],[[-2,2],[2,3],[-3,-2],[0,0],[0,-1]]]], 1]' > %t.dilated.json
// RUN: sluice-run %t.dilated.mlir --function=main_grad --inputs=%t.dilated.json | FileCheck %s --check-prefix=DILATED
// RUN: sluice-run %t.dilated.mlir --function=main_grad --inputs=%t.dilated.json --engine=native | FileCheck %s --check-prefix=DILATED
// DILATED: "data":[-279]
// DILATED-SAME: "data":[-5,3,0,6,18,7,7,2,13,1,-24,0,20,2,8,-5,-16,3,12,-12,7,-1,11,-9,-25,-9,9,0,19,12,22,14,1,-7,13,-11,25,7,-8,1,2,-7,-6,-4,24,4,-11,10,-8,-24,-4,-9,-2,0,6,12,-19,-7,-3,-3]
// DILATED-SAME: "data":[4,-6,18,13,17,-1,11,-1,-39,19,-6,-21,-6,-3,-21,37,3,-11,22,-9,-21,20,-8,-4]
// DILATED-SAME: "data":[-14,5]
// RUN: sed 's/@depthwise(/@main(/' %s | sluicec - --grad=0,1,2 --emit=mlir -o %t.depthwise.mlir
// RUN: echo '[[[[[1,-1],[-3,-1],[3,1],[-2,-3],[-1,-3]],[[3,-1],[2,-1],[3,1],[0,-2],[1,2]],[[1,2],[3,-2],[-2,-2],[1,-3],[1,-1]],[[1,3],[2,0],[0,2],[-1,3],[3,3]],[[1,0],[-1,1],[2,-2],[3,2],[-3,0]]],[[[-1,2],[-1,-3],[-2,0],[-1,-1],[-1,1]],[[0,1],[-3,-1],[-1,-3],[-1,-3],[-1,-3]],[[2,1],[-3,1],[-2,1],[1,2],[-2,-3]],[[-2,-3],[-1,3],[3,-1],[-3,-1],[1,1]],[[-2,-1],[-3,-3],[-1,0],[3,1],[-2,0]]]], [[[[2,3,2,-3],[1,3,1,0],[0,-3,0,2]],[[3,1,1,-1],[2,-2,3,-1],[-1,-3,3,-1]],[[-2,-3,3,-3],[2,1,3,3],[0,-3,3,1]]]], [1,1,-3,-3], [[[[-1,2,0,-3],[1,0,-1,2],[1,-2,2,-2]],[[1,-2,-2,3],[-1,2,3,0],[-3,2,-2,3]],[[1,2,3,-3],[3,-1,-1,2],[0,-2,3,-3]]],[[[-3,1,-3,-1],[-2,3,-2,-1],[3,3,-1,-3]],[[2,1,-2,-1],[-1,1,1,1],[0,-2,2,-2]],[[-3,-2,-3,-1],[1,-1,3,0],[-2,1,-3,3]]]], 1]' > %t.depthwise.json
// RUN: sluice-run %t.depthwise.mlir --function=main_grad --inputs=%t.depthwise.json | FileCheck %s --check-prefix=DEPTHWISE
// RUN: sluice-run %t.depthwise.mlir --function=main_grad --inputs=%t.depthwise.json --engine=native | FileCheck %s --check-prefix=DEPTHWISE
// DEPTHWISE: "data":[218]
// DEPTHWISE-SAME: "data":[-6,3,-2,0,2,-5,0,-1,6,8,-5,-11,2,0,7,6,-2,-2,3,-2,6,-9,4,-6,-6,9,-12,4,-10,-9,7,6,-1,-8,0,8,-9,13,-10,6,-2,12,1,9,8,-5,-2,1,4,12,-8,-8,-3,-9,-10,-5,5,-3,0,0,0,-14,-10,-16,1,-8,-33,11,3,-10,2,-5,-7,-5,-4,2,-4,6,4,8,-4,-12,1,-3,-3,9,5,1,-1,-3,-2,-8,11,-5,4,9,-3,3,-6,-12]
// DEPTHWISE-SAME: "data":[12,1,15,-13,6,1,9,-3,-4,2,-20,-2,-21,2,0,-3,27,3,-24,12,21,-18,22,0,7,-5,-3,26,-15,1,10,30,13,-12,13,-1]
// DEPTHWISE-SAME: "data":[-3,6,-3,-6]
// RUN: sed 's/@depthwisedilated(/@main(/' %s | sluicec - --grad=0,1,2 --emit=mlir -o %t.depthwisedilated.mlir
// RUN: echo '[[[[[0,2],[0,0],[3,3],[1,-2],[2,2]],[[-2,3],[3,-1],[1,-2],[3,2],[3,-2]],[[-3,0],[-3,3],[0,-1],[-1,-1],[0,2]],[[-2,1],[-2,1],[-2,2],[0,2],[3,-1]],[[0,3],[2,2],[-3,3],[-3,-1],[1,-3]],[[1,2],[1,1],[2,-3],[1,-1],[-3,3]]]], [[[[0,0],[-2,-3]],[[3,-3],[0,3]]]], [3,1], [[[[0,-3],[3,-1],[3,-2]],[[3,0],[-1,0],[-2,-1]],[[2,1],[1,-1],[-2,-2]],[[2,1],[-2,-1],[2,-2]]]], 1]' > %t.depthwisedilated.json
// RUN: sluice-run %t.depthwisedilated.mlir --function=main_grad --inputs=%t.depthwisedilated.json | FileCheck %s --check-prefix=DEPTHWISEDILATED
// RUN: sluice-run %t.depthwisedilated.mlir --function=main_grad --inputs=%t.depthwisedilated.json --engine=native | FileCheck %s --check-prefix=DEPTHWISEDILATED
// DEPTHWISEDILATED: "data":[62]
// DEPTHWISEDILATED-SAME: "data":[0,0,0,0,0,9,-6,3,-6,6,0,0,0,0,-6,0,2,0,4,3,0,9,9,3,5,-6,-2,0,4,0,9,0,-3,0,-10,0,4,3,-4,3,6,-3,3,3,-6,9,0,-3,0,-6,6,-3,-6,3,6,9,0,-3,0,-6]
// DEPTHWISEDILATED-SAME: "data":[-15,-15,4,-11,3,-1,-30,3]
// DEPTHWISEDILATED-SAME: "data":[9,-11]

func.func @same(%x: tensor<1x5x5x2xf32>, %f: tensor<3x3x3x2xf32>, %b: tensor<3xf32>, %w: tensor<1x3x3x3xf32>) -> tensor<f32> {
  %y = lite.conv_2d %x, %f, %b {padding = #lite.padding<SAME>, stride_h = 2 : i32, stride_w = 2 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32} : (tensor<1x5x5x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>) -> tensor<1x3x3x3xf32>
  %p = lite.mul %y, %w : (tensor<1x3x3x3xf32>, tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %axes = lite.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %l = lite.sum %p, %axes : (tensor<1x3x3x3xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

func.func @valid(%x: tensor<2x7x8x1xf32>, %f: tensor<2x3x2x1xf32>, %b: tensor<2xf32>, %w: tensor<2x2x4x2xf32>) -> tensor<f32> {
  %y = lite.conv_2d %x, %f, %b {padding = #lite.padding<VALID>, stride_h = 3 : i32, stride_w = 2 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32} : (tensor<2x7x8x1xf32>, tensor<2x3x2x1xf32>, tensor<2xf32>) -> tensor<2x2x4x2xf32>
  %p = lite.mul %y, %w : (tensor<2x2x4x2xf32>, tensor<2x2x4x2xf32>) -> tensor<2x2x4x2xf32>
  %axes = lite.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %l = lite.sum %p, %axes : (tensor<2x2x4x2xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

func.func @dilated(%x: tensor<1x6x5x2xf32>, %f: tensor<2x2x3x2xf32>, %b: tensor<2xf32>, %w: tensor<1x6x5x2xf32>) -> tensor<f32> {
  %y = lite.conv_2d %x, %f, %b {padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 1 : i32, dilation_h_factor = 2 : i32, dilation_w_factor = 2 : i32} : (tensor<1x6x5x2xf32>, tensor<2x2x3x2xf32>, tensor<2xf32>) -> tensor<1x6x5x2xf32>
  %p = lite.mul %y, %w : (tensor<1x6x5x2xf32>, tensor<1x6x5x2xf32>) -> tensor<1x6x5x2xf32>
  %axes = lite.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %l = lite.sum %p, %axes : (tensor<1x6x5x2xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

func.func @depthwise(%x: tensor<2x5x5x2xf32>, %f: tensor<1x3x3x4xf32>, %b: tensor<4xf32>, %w: tensor<2x3x3x4xf32>) -> tensor<f32> {
  %y = lite.depthwise_conv_2d %x, %f, %b {depth_multiplier = 2 : i32, padding = #lite.padding<SAME>, stride_h = 2 : i32, stride_w = 2 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32} : (tensor<2x5x5x2xf32>, tensor<1x3x3x4xf32>, tensor<4xf32>) -> tensor<2x3x3x4xf32>
  %p = lite.mul %y, %w : (tensor<2x3x3x4xf32>, tensor<2x3x3x4xf32>) -> tensor<2x3x3x4xf32>
  %axes = lite.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %l = lite.sum %p, %axes : (tensor<2x3x3x4xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

func.func @depthwisedilated(%x: tensor<1x6x5x2xf32>, %f: tensor<1x2x2x2xf32>, %b: tensor<2xf32>, %w: tensor<1x4x3x2xf32>) -> tensor<f32> {
  %y = lite.depthwise_conv_2d %x, %f, %b {depth_multiplier = 1 : i32, padding = #lite.padding<VALID>, stride_h = 1 : i32, stride_w = 1 : i32, dilation_h_factor = 2 : i32, dilation_w_factor = 2 : i32} : (tensor<1x6x5x2xf32>, tensor<1x2x2x2xf32>, tensor<2xf32>) -> tensor<1x4x3x2xf32>
  %p = lite.mul %y, %w : (tensor<1x4x3x2xf32>, tensor<1x4x3x2xf32>) -> tensor<1x4x3x2xf32>
  %axes = lite.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %l = lite.sum %p, %axes : (tensor<1x4x3x2xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

