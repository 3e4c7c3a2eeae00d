// RUN: sluice-translate --mlir-to-tflite %s -o %t.tflite
// RUN: sluice-translate --tflite-to-mlir %t.tflite | FileCheck %s
// RUN: sluice-translate --tflite-to-mlir %t.tflite | sluice-translate --mlir-to-tflite -o %t.b.tflite
// RUN: cmp %t.tflite %t.b.tflite

// The window ops' attributes travel in Conv2DOptions, DepthwiseConv2DOptions
// and Pool2DOptions (padding, strides, dilations when not 1, the depth
// multiplier, filter sizes, the fused activation); a convolution without a
// bias is written with zeros, which LiteRT's kernels need.
// CHECK: lite.conv_2d %arg0, %{{.*}}, %{{.*}} {dilation_h_factor = 2 : i32, fused_activation_function = #lite.activation<RELU6>, padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 2 : i32} : (tensor<1x5x6x2xf32>, tensor<3x3x2x2xf32>, tensor<3xf32>) -> tensor<1x5x3x3xf32>
// CHECK: lite.depthwise_conv_2d %arg0, %{{.*}}, %{{.*}} {depth_multiplier = 2 : i32, dilation_w_factor = 2 : i32, padding = #lite.padding<VALID>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x6x2xf32>, tensor<1x2x2x4xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
// CHECK: lite.max_pool_2d %arg0 {filter_height = 3 : i32, filter_width = 2 : i32, padding = #lite.padding<SAME>, stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x5x6x2xf32>) -> tensor<1x3x3x2xf32>
// CHECK: lite.average_pool_2d %arg0 {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = #lite.activation<RELU>, padding = #lite.padding<VALID>, stride_h = 1 : i32, stride_w = 3 : i32} : (tensor<1x5x6x2xf32>) -> tensor<1x4x2x2xf32>
func.func @main(%x: tensor<1x5x6x2xf32>) -> (tensor<1x5x3x3xf32>, tensor<1x4x4x4xf32>, tensor<1x3x3x2xf32>, tensor<1x4x2x2xf32>) {
  %w = lite.constant dense<0.5> : tensor<3x3x2x2xf32>
  %b = lite.constant dense<1.0> : tensor<3xf32>
  %c = lite.conv_2d %x, %w, %b {padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 2 : i32, dilation_h_factor = 2 : i32, fused_activation_function = #lite.activation<RELU6>} : (tensor<1x5x6x2xf32>, tensor<3x3x2x2xf32>, tensor<3xf32>) -> tensor<1x5x3x3xf32>
  %dw = lite.constant dense<0.25> : tensor<1x2x2x4xf32>
  %d = lite.depthwise_conv_2d %x, %dw {depth_multiplier = 2 : i32, padding = #lite.padding<VALID>, stride_h = 1 : i32, stride_w = 1 : i32, dilation_w_factor = 2 : i32} : (tensor<1x5x6x2xf32>, tensor<1x2x2x4xf32>) -> tensor<1x4x4x4xf32>
  %m = lite.max_pool_2d %x {filter_height = 3 : i32, filter_width = 2 : i32, padding = #lite.padding<SAME>, stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x5x6x2xf32>) -> tensor<1x3x3x2xf32>
  %a = lite.average_pool_2d %x {filter_height = 2 : i32, filter_width = 2 : i32, padding = #lite.padding<VALID>, stride_h = 1 : i32, stride_w = 3 : i32, fused_activation_function = #lite.activation<RELU>} : (tensor<1x5x6x2xf32>) -> tensor<1x4x2x2xf32>
  return %c, %d, %m, %a : tensor<1x5x3x3xf32>, tensor<1x4x4x4xf32>, tensor<1x3x3x2xf32>, tensor<1x4x2x2xf32>
}
