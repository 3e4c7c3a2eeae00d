// An if with four results of four dtypes, one of them a tensor computed
// only in one branch and passed through in the other.
// then (p): (x * 2, sum(x) as int32 by cast, true, int64 k + 1)
// else:     (x,     -1,                        false, int64 k * 3)
// By hand: p = true, x = [1.5, 2, -0.5], k = 5000000000:
//   [3, 4, -1], cast(3.0) = 3, true, 5000000001;
// p = false: x, -1, false, 15000000000.
// RUN: sluice-run %s --inputs=%S/multi_output_if.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[3,4,-1],"dtype":"float32","name":"output0","shape":[3]},{"data":[3],"dtype":"int32","name":"output1","shape":[]},{"data":[true],"dtype":"bool","name":"output2","shape":[]},{"data":[5000000001],"dtype":"int64","name":"output3","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/multi_output_if.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[1.5,2,-0.5],"dtype":"float32","name":"output0","shape":[3]},{"data":[-1],"dtype":"int32","name":"output1","shape":[]},{"data":[false],"dtype":"bool","name":"output2","shape":[]},{"data":[15000000000],"dtype":"int64","name":"output3","shape":[]}]}
func.func @main(%p: tensor<i1>, %x: tensor<3xf32>, %k: tensor<i64>) -> (tensor<3xf32>, tensor<i32>, tensor<i1>, tensor<i64>) {
  %r:4 = lite.if %p -> (tensor<3xf32>, tensor<i32>, tensor<i1>, tensor<i64>) {
    %two = lite.constant dense<2.0> : tensor<f32>
    %d = lite.mul %x, %two : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
    %axes = lite.constant dense<0> : tensor<1xi32>
    %s = lite.sum %x, %axes : (tensor<3xf32>, tensor<1xi32>) -> tensor<f32>
    %si = lite.cast %s : tensor<f32> -> tensor<i32>
    %t = lite.constant dense<true> : tensor<i1>
    %one = lite.constant dense<1> : tensor<i64>
    %k1 = lite.add %k, %one : (tensor<i64>, tensor<i64>) -> tensor<i64>
    lite.yield %d, %si, %t, %k1 : tensor<3xf32>, tensor<i32>, tensor<i1>, tensor<i64>
  } else {
    %m = lite.constant dense<-1> : tensor<i32>
    %f = lite.constant dense<false> : tensor<i1>
    %three = lite.constant dense<3> : tensor<i64>
    %k3 = lite.mul %k, %three : (tensor<i64>, tensor<i64>) -> tensor<i64>
    lite.yield %x, %m, %f, %k3 : tensor<3xf32>, tensor<i32>, tensor<i1>, tensor<i64>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<3xf32>, tensor<i32>, tensor<i1>, tensor<i64>
}
