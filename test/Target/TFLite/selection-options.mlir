// RUN: sluice-translate --mlir-to-tflite %s -o %t.tflite
// RUN: sluice-translate --tflite-to-mlir %t.tflite | FileCheck %s
// RUN: sluice-translate --tflite-to-mlir %t.tflite | sluice-translate --mlir-to-tflite -o %t.b.tflite
// RUN: cmp %t.tflite %t.b.tflite

// top_k is TOPK_V2 (its options table has no fields: the result types say
// everything); split is SPLIT, whose SplitOptions.num_splits counts its
// results (read back as the number of outputs); non_max_suppression_v4 is
// NON_MAX_SUPPRESSION_V4 (no options).
// CHECK: lite.top_k %arg0, %{{.*}} : (tensor<2x5xf32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
// CHECK: lite.split %{{.*}}, %arg0 : (tensor<i32>, tensor<2x5xf32>) -> (tensor<1x5xf32>, tensor<1x5xf32>)
// CHECK: lite.non_max_suppression_v4 %arg1, %arg2, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<3xi32>, tensor<i32>)
func.func @main(%x: tensor<2x5xf32>, %boxes: tensor<6x4xf32>, %scores: tensor<6xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<1x5xf32>, tensor<1x5xf32>, tensor<3xi32>, tensor<i32>) {
  %k = lite.constant dense<3> : tensor<i32>
  %v, %i = lite.top_k %x, %k : (tensor<2x5xf32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
  %a = lite.constant dense<0> : tensor<i32>
  %p:2 = lite.split %a, %x : (tensor<i32>, tensor<2x5xf32>) -> (tensor<1x5xf32>, tensor<1x5xf32>)
  %max = lite.constant dense<3> : tensor<i32>
  %iou = lite.constant dense<0.5> : tensor<f32>
  %min = lite.constant dense<0.25> : tensor<f32>
  %sel, %count = lite.non_max_suppression_v4 %boxes, %scores, %max, %iou, %min : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<3xi32>, tensor<i32>)
  return %v, %i, %p#0, %p#1, %sel, %count : tensor<2x3xf32>, tensor<2x3xi32>, tensor<1x5xf32>, tensor<1x5xf32>, tensor<3xi32>, tensor<i32>
}
