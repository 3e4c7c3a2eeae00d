// Variables through every engine: an initializer run once (lite.call_once,
// CALL_ONCE in the model), a loop that reads and assigns a variable, and an
// if whose one branch assigns a second one. Exported: VAR_HANDLE per
// subgraph, READ_VARIABLE, ASSIGN_VARIABLE.
// By hand: x = [1, 2], n = 3: acc = [0.5, 0.5] then acc = acc * 2 + x three
// times: [2, 3], [5, 8], [11, 18]; count starts at 10 and gains 1 in the
// iterations where sum(acc) > 6 (the 2nd and 3rd): 12.
// RUN: sluice-run %s --inputs=%S/variables_loop.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[11,18],"dtype":"float32","name":"output0","shape":[2]},{"data":[12],"dtype":"int32","name":"output1","shape":[]}]}
lite.variable @acc : tensor<2xf32>
lite.variable @count : tensor<i32>
func.func private @init() {
  %a = lite.constant dense<0.5> : tensor<2xf32>
  lite.assign_variable @acc, %a : tensor<2xf32>
  %c = lite.constant dense<10> : tensor<i32>
  lite.assign_variable @count, %c : tensor<i32>
  return
}
func.func @main(%x: tensor<2xf32>, %n: tensor<i32>) -> (tensor<2xf32>, tensor<i32>) {
  lite.call_once @init
  %zero = lite.constant dense<0> : tensor<i32>
  %r = lite.while (%i = %zero) : (tensor<i32>) -> tensor<i32> cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %two = lite.constant dense<2.0> : tensor<f32>
    %a = lite.read_variable @acc : tensor<2xf32>
    %m = lite.mul %a, %two : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    %s = lite.add %m, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    lite.assign_variable @acc, %s : tensor<2xf32>
    %axis = lite.constant dense<0> : tensor<1xi32>
    %total = lite.sum %s, %axis : (tensor<2xf32>, tensor<1xi32>) -> tensor<f32>
    %six = lite.constant dense<6.0> : tensor<f32>
    %big = lite.greater %total, %six : (tensor<f32>, tensor<f32>) -> tensor<i1>
    lite.if %big {
      %c = lite.read_variable @count : tensor<i32>
      %c1 = lite.add %c, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.assign_variable @count, %c1 : tensor<i32>
      lite.yield
    } else {
      lite.yield
    }
    %next = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %next : tensor<i32>
  }
  %acc = lite.read_variable @acc : tensor<2xf32>
  %count = lite.read_variable @count : tensor<i32>
  return %acc, %count : tensor<2xf32>, tensor<i32>
}
