// max_pool_2d's and average_pool_2d's gradients (TF's MaxPoolGrad: each
// window's gradient to its first greatest element, ties among these small
// integers included; AvgPoolGrad: shared by the positions each window
// averaged, SAME's padding not counted), in the interpreter and native
// code. The values are TF's (tf.GradientTape of reduce_sum(pool(x) * w));
// the loss is printed first, then x's gradient.
// RUN: sed 's/@max(/@main(/' %s | sluicec - --grad=0 --emit=mlir -o %t.max.mlir
// RUN: echo '[[[[[2,1],[2,2],[0,1],[0,0],[2,0]],[[2,0],[0,1],[1,0],[0,1],[1,2]],[[0,2],[1,2],[2,1],[1,2],[1,1]],[[2,1],[2,0],[2,1],[2,0],[0,0]],[[2,0],[1,2],[0,2],[1,2],[1,1]]]], [[[[1,1],[2,3],[3,0]],[[0,0],[1,-2],[0,0]],[[3,0],[2,-2],[-2,2]]]], 1]' > %t.max.json
// RUN: sluice-run %t.max.mlir --function=main_grad --inputs=%t.max.json | FileCheck %s --check-prefix=MAX
// RUN: sluice-run %t.max.mlir --function=main_grad --inputs=%t.max.json --engine=native | FileCheck %s --check-prefix=MAX
// MAX: "data":[24]
// MAX-SAME: "data":[1,0,2,4,0,0,0,0,3,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-2,1,0,0,0,0,0,3,0,2,0,0,0,-2,0,0,0,0,0,0,-2,0,0,0,2,0,0]
// RUN: sed 's/@maxvalid(/@main(/' %s | sluicec - --grad=0 --emit=mlir -o %t.maxvalid.mlir
// RUN: echo '[[[[[0],[2],[2],[2],[1]],[[2],[0],[1],[2],[1]],[[0],[1],[2],[0],[0]],[[0],[0],[1],[2],[2]],[[2],[0],[2],[0],[0]],[[0],[2],[0],[2],[1]]]], [[[[3],[0],[2],[-2]],[[3],[1],[2],[-1]],[[1],[0],[2],[-3]]]], 1]' > %t.maxvalid.json
// RUN: sluice-run %t.maxvalid.mlir --function=main_grad --inputs=%t.maxvalid.json | FileCheck %s --check-prefix=MAXVALID
// RUN: sluice-run %t.maxvalid.mlir --function=main_grad --inputs=%t.maxvalid.json --engine=native | FileCheck %s --check-prefix=MAXVALID
// MAXVALID: "data":[13]
// MAXVALID-SAME: "data":[0,3,2,-2,0,0,0,0,0,0,0,3,3,0,0,0,0,0,-1,0,1,0,2,0,0,0,0,0,-3,0]
// RUN: sed 's/@avg(/@main(/' %s | sluicec - --grad=0 --emit=mlir -o %t.avg.mlir
// RUN: echo '[[[[[0],[1],[0],[2]],[[0],[1],[0],[0]],[[2],[1],[0],[2]],[[0],[1],[2],[2]],[[0],[0],[1],[0]]]], [[[[-6],[0]],[[6],[-12]],[[6],[-18]]]], 1]' > %t.avg.json
// RUN: sluice-run %t.avg.mlir --function=main_grad --inputs=%t.avg.json | FileCheck %s --check-prefix=AVG
// RUN: sluice-run %t.avg.mlir --function=main_grad --inputs=%t.avg.json --engine=native | FileCheck %s --check-prefix=AVG
// AVG: "data":[-21]
// AVG-SAME: "data":[-1,-1,-1,0,-1,-1,-1,0,1,1,-2,-3,1,1,-2,-3,2,2,-7,-9]

func.func @max(%x: tensor<1x5x5x2xf32>, %w: tensor<1x3x3x2xf32>) -> tensor<f32> {
  %y = lite.max_pool_2d %x {filter_height = 3 : i32, filter_width = 3 : i32, padding = #lite.padding<SAME>, stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x5x5x2xf32>) -> tensor<1x3x3x2xf32>
  %p = lite.mul %y, %w : (tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  %axes = lite.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %l = lite.sum %p, %axes : (tensor<1x3x3x2xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

func.func @maxvalid(%x: tensor<1x6x5x1xf32>, %w: tensor<1x3x4x1xf32>) -> tensor<f32> {
  %y = lite.max_pool_2d %x {filter_height = 2 : i32, filter_width = 2 : i32, padding = #lite.padding<VALID>, stride_h = 2 : i32, stride_w = 1 : i32} : (tensor<1x6x5x1xf32>) -> tensor<1x3x4x1xf32>
  %p = lite.mul %y, %w : (tensor<1x3x4x1xf32>, tensor<1x3x4x1xf32>) -> tensor<1x3x4x1xf32>
  %axes = lite.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %l = lite.sum %p, %axes : (tensor<1x3x4x1xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

func.func @avg(%x: tensor<1x5x4x1xf32>, %w: tensor<1x3x2x1xf32>) -> tensor<f32> {
  %y = lite.average_pool_2d %x {filter_height = 2 : i32, filter_width = 3 : i32, padding = #lite.padding<SAME>, stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x5x4x1xf32>) -> tensor<1x3x2x1xf32>
  %p = lite.mul %y, %w : (tensor<1x3x2x1xf32>, tensor<1x3x2x1xf32>) -> tensor<1x3x2x1xf32>
  %axes = lite.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %l = lite.sum %p, %axes : (tensor<1x3x2x1xf32>, tensor<4xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

