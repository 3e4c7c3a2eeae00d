// A loop-carried array written one element per iteration, as a TensorArray
// written in a loop is: for i in [0, n),
//   arr[min(i, 7)] = arr[min(max(i - 1, 0), 7)] + i
// on arr = zeros(8), the read a slice and the write a dynamic_update_slice
// at start index i, which it clamps to [0, 8 - 1]: past the end of the
// array the iterations read and write its last element.
// By hand, n = 5: arr = [0, 0+1, 1+2, 3+3, 6+4, 0, 0, 0]
//   = [0, 1, 3, 6, 10, 0, 0, 0].
// n = 10: then arr[5] = 15, arr[6] = 21, arr[7] = 28, and i = 8 and 9 both
// read and write arr[7]: 28 + 8 = 36, 36 + 9 = 45.
// RUN: sluice-run %s --inputs=%S/dynamic_update_slice_loop.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[0,1,3,6,10,0,0,0],"dtype":"int32","name":"output0","shape":[8]}]}
// RUN: sluice-run %s --inputs=%S/dynamic_update_slice_loop.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[0,1,3,6,10,15,21,45],"dtype":"int32","name":"output0","shape":[8]}]}
func.func @main(%n: tensor<i32>) -> tensor<8xi32> {
  %zeros = lite.constant dense<0> : tensor<8xi32>
  %c0 = lite.constant dense<0> : tensor<i32>
  %c1 = lite.constant dense<1> : tensor<i32>
  %one = lite.constant dense<[1]> : tensor<1xi32>
  %zero = lite.constant dense<[0]> : tensor<1xi32>
  %last = lite.constant dense<[7]> : tensor<1xi32>
  %r:2 = lite.while (%i = %c0, %arr = %zeros) : (tensor<i32>, tensor<8xi32>) -> (tensor<i32>, tensor<8xi32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %index = lite.reshape %i, %one : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
    %before = lite.sub %index, %one : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
    %low = lite.maximum %before, %zero : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
    %at = lite.minimum %low, %last : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
    %prev = lite.slice %arr, %at, %one : (tensor<8xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
    %value = lite.add %prev, %index : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
    %next = lite.dynamic_update_slice %arr, %value, %index : (tensor<8xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<8xi32>
    %i1 = lite.add %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %next : tensor<i32>, tensor<8xi32>
  }
  return %r#1 : tensor<8xi32>
}
