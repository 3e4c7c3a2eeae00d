// Two sibling loops whose conditions are alike (the exporter may give them
// one cond subgraph; see nested_while for the nested case), with different
// bodies: count to n by 1 and by 2.
// By hand: n = 5 -> 5 and 6 (0, 2, 4, 6); n = 0 -> 0 and 0.
// RUN: sluice-run %s --inputs=%S/sibling_whiles.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[5],"dtype":"int32","name":"output0","shape":[]},{"data":[6],"dtype":"int32","name":"output1","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/sibling_whiles.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[0],"dtype":"int32","name":"output0","shape":[]},{"data":[0],"dtype":"int32","name":"output1","shape":[]}]}
func.func @main(%n: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %c0 = lite.constant dense<0> : tensor<i32>
  %a = lite.while (%i = %c0) : (tensor<i32>) -> tensor<i32> cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1 : tensor<i32>
  }
  %b = lite.while (%i = %c0) : (tensor<i32>) -> tensor<i32> cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %two = lite.constant dense<2> : tensor<i32>
    %i1 = lite.add %i, %two : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1 : tensor<i32>
  }
  return %a, %b : tensor<i32>, tensor<i32>
}
