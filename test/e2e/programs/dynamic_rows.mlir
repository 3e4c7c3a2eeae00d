// Two-dimensional loop state that doubles its rows every iteration
// (concatenated with itself plus the step) while the condition looks at its
// dynamic shape; the entry returns the row sums' total and a fixed 2x3 window
// gathered from the grown tensor.
// rows: [1,3] -> [2,3] -> [4,3] -> ... while rows < limit:
//   m = concat(m, m + 1) along axis 0.
// By hand: m0 = [[1, 2, 3]], limit = 4: [[1,2,3]] -> [[1,2,3],[2,3,4]] ->
//   [[1,2,3],[2,3,4],[2,3,4],[3,4,5]] (4 rows, stop). Total = 6+9+9+12 = 36.
//   Window rows gathered at [3, 0]: [[3,4,5],[1,2,3]].
// limit = 5: one more doubling appends [[2,3,4],[3,4,5],[3,4,5],[4,5,6]]:
//   8 rows, total 36 + 48 = 84, the same window.
// RUN: sluice-run %s --inputs=%S/dynamic_rows.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[36],"dtype":"float32","name":"output0","shape":[]},{"data":[3,4,5,1,2,3],"dtype":"float32","name":"output1","shape":[2,3]},{"data":[4],"dtype":"int32","name":"output2","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/dynamic_rows.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[84],"dtype":"float32","name":"output0","shape":[]},{"data":[3,4,5,1,2,3],"dtype":"float32","name":"output1","shape":[2,3]},{"data":[8],"dtype":"int32","name":"output2","shape":[]}]}
func.func @main(%m0: tensor<1x3xf32>, %limit: tensor<i32>) -> (tensor<f32>, tensor<2x3xf32>, tensor<i32>) {
  %r = lite.while (%m = %m0) : (tensor<1x3xf32>) -> tensor<?x3xf32> cond {
    %s = lite.shape %m : (tensor<?x3xf32>) -> tensor<2xi32>
    %b = lite.constant dense<0> : tensor<1xi32>
    %e = lite.constant dense<1> : tensor<1xi32>
    %st = lite.constant dense<1> : tensor<1xi32>
    %rows = lite.strided_slice %s, %b, %e, %st {shrink_axis_mask = 1 : i32} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<i32>
    %p = lite.less %rows, %limit : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1.0> : tensor<f32>
    %m1 = lite.add %m, %one : (tensor<?x3xf32>, tensor<f32>) -> tensor<?x3xf32>
    %c = lite.concatenation %m, %m1 {axis = 0 : i32} : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
    lite.yield %c : tensor<?x3xf32>
  }
  %axes = lite.constant dense<[0, 1]> : tensor<2xi32>
  %total = lite.sum %r, %axes : (tensor<?x3xf32>, tensor<2xi32>) -> tensor<f32>
  %idx = lite.constant dense<[3, 0]> : tensor<2xi32>
  %win = lite.gather %r, %idx {axis = 0 : i32} : (tensor<?x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %shape = lite.shape %r : (tensor<?x3xf32>) -> tensor<2xi32>
  %z = lite.constant dense<0> : tensor<1xi32>
  %rows = lite.reduce_max %shape, %z : (tensor<2xi32>, tensor<1xi32>) -> tensor<i32>
  return %total, %win, %rows : tensor<f32>, tensor<2x3xf32>, tensor<i32>
}
