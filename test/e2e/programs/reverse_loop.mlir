// A loop that reverses its state along both axes ([1, -2]: TFLite takes them
// one at a time) and multiplies it by x each iteration; after it, a
// reverse along axis 0 of a dynamic-length result.
// By hand: x = [[1, 2, 3], [4, 5, 6]], n = 2: s1 = rev(x) * x =
// [[6, 10, 12], [12, 10, 6]]; s2 = rev(s1) * x = [[6, 20, 36], [48, 50, 36]];
// rows reversed: [[48, 50, 36], [6, 20, 36]].
// RUN: sluice-run %s --inputs=%S/reverse_loop.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[6,20,36,48,50,36],"dtype":"float32","name":"output0","shape":[2,3]},{"data":[48,50,36,6,20,36],"dtype":"float32","name":"output1","shape":[2,3]}]}
func.func @main(%x: tensor<2x3xf32>, %n: tensor<i32>) -> (tensor<2x3xf32>, tensor<?x3xf32>) {
  %c0 = lite.constant dense<0> : tensor<i32>
  %both = lite.constant dense<[1, -2]> : tensor<2xi32>
  %r:2 = lite.while (%i = %c0, %s = %x) : (tensor<i32>, tensor<2x3xf32>) -> (tensor<i32>, tensor<2x3xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %rev = lite.reverse_v2 %s, %both : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
    %s1 = lite.mul %rev, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    lite.yield %i1, %s1 : tensor<i32>, tensor<2x3xf32>
  }
  %rows = lite.constant dense<0> : tensor<1xi32>
  %dyn = lite.cast %r#1 : tensor<2x3xf32> -> tensor<?x3xf32>
  %flipped = lite.reverse_v2 %dyn, %rows : (tensor<?x3xf32>, tensor<1xi32>) -> tensor<?x3xf32>
  return %r#1, %flipped : tensor<2x3xf32>, tensor<?x3xf32>
}
