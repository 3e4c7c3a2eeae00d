// A loop that reverses the first n[b] steps of each row of its state (TF's
// ReverseSequence, what a backward RNN over padded sequences does) and adds
// x each iteration.
// By hand: x = [[1, 2, 3], [4, 5, 6]], lengths [2, 3], k = 2:
// s1 = revseq(x) + x = [[3, 3, 6], [10, 10, 10]];
// s2 = revseq(s1) + x = [[4, 5, 9], [14, 15, 16]].
// RUN: sluice-run %s --inputs=%S/reverse_sequence_loop.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[4,5,9,14,15,16],"dtype":"float32","name":"output0","shape":[2,3]}]}
func.func @main(%x: tensor<2x3xf32>, %k: tensor<i32>) -> tensor<2x3xf32> {
  %c0 = lite.constant dense<0> : tensor<i32>
  %lengths = lite.constant dense<[2, 3]> : tensor<2xi32>
  %r:2 = lite.while (%i = %c0, %s = %x) : (tensor<i32>, tensor<2x3xf32>) -> (tensor<i32>, tensor<2x3xf32>) cond {
    %p = lite.less %i, %k : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %rev = lite.reverse_sequence %s, %lengths {seq_dim = 1 : i32} : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
    %s1 = lite.add %rev, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    lite.yield %i1, %s1 : tensor<i32>, tensor<2x3xf32>
  }
  return %r#1 : tensor<2x3xf32>
}
