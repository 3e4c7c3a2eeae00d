// The shape and selection ops inside regions: select_v2, gather,
// strided_slice, reshape, concatenation, pack, unpack and reductions in the
// body of a while and in the branches of an if.
// The loop, on a 2x3 matrix m, for i in [0, n):
//   a, b = unpack(m)                        (two rows of 3)
//   c = pack(b, a)                          (rows swapped)
//   r = gather(c, [i mod 2], axis 0)        (one row, 1x3)
//   f = reshape(concat(a, b), [6]); g = strided_slice(f, 1::2) = [f1, f3, f5]
//   m' = select_v2(c > r, c, c + sum(g))    (r broadcasts over rows)
// After the loop an if picks mean or max over all elements of m.
// By hand, m = [[1, 2, 3], [4, 5, 6]], n = 1, pick = true:
//   a = [1,2,3], b = [4,5,6], c = [[4,5,6],[1,2,3]], r = [[4,5,6]],
//   g = [2, 4, 6] (f = [1..6]), sum 12;
//   c > r: [[F,F,F],[F,F,F]] -> m' = c + 12 = [[16,17,18],[13,14,15]];
//   mean = 93 / 6 = 15.5.
// pick = false: max = 18.
// RUN: sluice-run %s --inputs=%S/region_ops.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[16,17,18,13,14,15],"dtype":"float32","name":"output0","shape":[2,3]},{"data":[15.5],"dtype":"float32","name":"output1","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/region_ops.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[16,17,18,13,14,15],"dtype":"float32","name":"output0","shape":[2,3]},{"data":[18],"dtype":"float32","name":"output1","shape":[]}]}
func.func @main(%m0: tensor<2x3xf32>, %n: tensor<i32>, %pick: tensor<i1>) -> (tensor<2x3xf32>, tensor<f32>) {
  %c0 = lite.constant dense<0> : tensor<i32>
  %r:2 = lite.while (%i = %c0, %m = %m0) : (tensor<i32>, tensor<2x3xf32>) -> (tensor<i32>, tensor<2x3xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %a, %b = lite.unpack %m {axis = 0 : i32} : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
    %c = lite.pack %b, %a {axis = 0 : i32} : (tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %two = lite.constant dense<2> : tensor<i32>
    %im = lite.floor_mod %i, %two : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %shape1 = lite.constant dense<1> : tensor<1xi32>
    %idx = lite.reshape %im, %shape1 : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
    %row = lite.gather %c, %idx {axis = 0 : i32} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<1x3xf32>
    %ab = lite.concatenation %a, %b {axis = 0 : i32} : (tensor<3xf32>, tensor<3xf32>) -> tensor<6xf32>
    %shape6 = lite.constant dense<6> : tensor<1xi32>
    %f = lite.reshape %ab, %shape6 : (tensor<6xf32>, tensor<1xi32>) -> tensor<6xf32>
    %sb = lite.constant dense<1> : tensor<1xi32>
    %se = lite.constant dense<6> : tensor<1xi32>
    %ss = lite.constant dense<2> : tensor<1xi32>
    %g = lite.strided_slice %f, %sb, %se, %ss : (tensor<6xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xf32>
    %axes = lite.constant dense<0> : tensor<1xi32>
    %gs = lite.sum %g, %axes : (tensor<3xf32>, tensor<1xi32>) -> tensor<f32>
    %gt = lite.greater %c, %row : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xi1>
    %cp = lite.add %c, %gs : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %m1 = lite.select_v2 %gt, %c, %cp : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %m1 : tensor<i32>, tensor<2x3xf32>
  }
  %s = lite.if %pick -> (tensor<f32>) {
    %axes = lite.constant dense<[0, 1]> : tensor<2xi32>
    %mean = lite.mean %r#1, %axes : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
    lite.yield %mean : tensor<f32>
  } else {
    %shape = lite.constant dense<6> : tensor<1xi32>
    %flat = lite.reshape %r#1, %shape : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<6xf32>
    %axes = lite.constant dense<0> : tensor<1xi32>
    %max = lite.reduce_max %flat, %axes : (tensor<6xf32>, tensor<1xi32>) -> tensor<f32>
    lite.yield %max : tensor<f32>
  }
  return %r#1, %s : tensor<2x3xf32>, tensor<f32>
}
