// Resizable lists through every engine: a TensorArray with dynamic_size
// written at index k in a loop and gathered after it, and a TF2 gradient's
// accumulator pushed back onto in a forward loop and popped in a backward
// one. Exported models and native code hold each as a storage list that
// grows geometrically (capacity 0, 1, 2, 4, 8 for n = 5) and its length
// (-lite-legalize-lists).
// By hand, n = 5: the items are [k, k*k] for k = 0..4; the backward loop
// pops them in reverse, acc = 2 acc + item: [4, 16], [11, 41], [24, 86],
// [49, 173], [98, 346]; every item popped leaves length 0.
// RUN: sluice-run %s --inputs=%S/growable_lists.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[0,0,1,1,2,4,3,9,4,16],"dtype":"float32","name":"output0","shape":[5,2]},{"data":[98,346],"dtype":"float32","name":"output1","shape":[2]},{"data":[0],"dtype":"int32","name":"output2","shape":[]}]}
func.func @main(%n: tensor<i32>) -> (tensor<?x2xf32>, tensor<2xf32>, tensor<i32>) {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %fzero = lite.constant dense<0.0> : tensor<2xf32>
  %ftwo = lite.constant dense<2.0> : tensor<f32>
  %begin = lite.constant dense<0> : tensor<2xi32>
  %two = lite.constant dense<2> : tensor<1xi32>
  %shape1 = lite.constant dense<1> : tensor<1xi32>
  %ta = lite.list_reserve %zero {resizable} : (tensor<i32>) -> tensor<?x2xf32>
  %acc = lite.list_reserve %zero {resizable} : (tensor<i32>) -> tensor<?x2xf32>
  %f:3 = lite.while (%k = %zero, %l = %ta, %s = %acc) : (tensor<i32>, tensor<?x2xf32>, tensor<?x2xf32>) -> (tensor<i32>, tensor<?x2xf32>, tensor<?x2xf32>) cond {
    %c = lite.less %k, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %c : tensor<i1>
  } body {
    %kf = lite.cast %k : tensor<i32> -> tensor<f32>
    %kk = lite.mul %kf, %kf : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %kv = lite.reshape %kf, %shape1 : (tensor<f32>, tensor<1xi32>) -> tensor<1xf32>
    %kkv = lite.reshape %kk, %shape1 : (tensor<f32>, tensor<1xi32>) -> tensor<1xf32>
    %item = lite.concatenation %kv, %kkv {axis = 0 : i32} : (tensor<1xf32>, tensor<1xf32>) -> tensor<2xf32>
    %written = lite.list_set_item %l[%k], %item {resizable} : (tensor<?x2xf32>, tensor<i32>, tensor<2xf32>) -> tensor<?x2xf32>
    %len = lite.list_length %s : (tensor<?x2xf32>) -> tensor<i32>
    %pushed = lite.list_set_item %s[%len], %item {resizable} : (tensor<?x2xf32>, tensor<i32>, tensor<2xf32>) -> tensor<?x2xf32>
    %k1 = lite.add %k, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %k1, %written, %pushed : tensor<i32>, tensor<?x2xf32>, tensor<?x2xf32>
  }
  %count = lite.list_length %f#1 : (tensor<?x2xf32>) -> tensor<i32>
  %all = lite.range %zero, %count, %one : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %stacked = lite.list_gather %f#1[%all] : (tensor<?x2xf32>, tensor<?xi32>) -> tensor<?x2xf32>
  %b:3 = lite.while (%k = %zero, %sum = %fzero, %l = %f#2) : (tensor<i32>, tensor<2xf32>, tensor<?x2xf32>) -> (tensor<i32>, tensor<2xf32>, tensor<?x2xf32>) cond {
    %c = lite.less %k, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %c : tensor<i1>
  } body {
    %len = lite.list_length %l : (tensor<?x2xf32>) -> tensor<i32>
    %last = lite.sub %len, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %item = lite.list_get_item %l[%last] : (tensor<?x2xf32>, tensor<i32>) -> tensor<2xf32>
    %lastv = lite.reshape %last, %shape1 : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
    %size = lite.concatenation %lastv, %two {axis = 0 : i32} : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %popped = lite.slice %l, %begin, %size : (tensor<?x2xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x2xf32>
    %twice = lite.mul %sum, %ftwo : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    %sum1 = lite.add %twice, %item : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %k1 = lite.add %k, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %k1, %sum1, %popped : tensor<i32>, tensor<2xf32>, tensor<?x2xf32>
  }
  %left = lite.list_length %b#2 : (tensor<?x2xf32>) -> tensor<i32>
  return %stacked, %b#1, %left : tensor<?x2xf32>, tensor<2xf32>, tensor<i32>
}
