// Loops that capture outer values: the condition captures the bound and a
// tensor computed before the loop, the body captures a scale, a bias
// vector and (in a nested if) a value defined in the enclosing body, and an
// inner loop captures both the outer loop's state and a function argument.
// for i in [0, n): x = x * scale + bias; if (i == last) x = x - shift
//   where shift = sum(bias) is computed before the loop and last = n - 1;
// then an inner loop adds scale to a copy of i until it reaches 2 * n.
// By hand: x = [1, 2], scale = 2, bias = [1, -1], n = 2: shift = 0,
//   x: [3, 3] -> [7, 5] (then - 0); inner: i = 2 -> 2 + 2 = 4 >= 4, so 4.
// x = [1, 2], scale = 3, bias = [2, 1], n = 3: shift = 3,
//   x: [5, 7] -> [17, 22] -> [53, 67] - 3 = [50, 64]; inner: 3 -> 6.
// RUN: sluice-run %s --inputs=%S/loop_captures.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[7,5],"dtype":"float32","name":"output0","shape":[2]},{"data":[4],"dtype":"int32","name":"output1","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/loop_captures.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[50,64],"dtype":"float32","name":"output0","shape":[2]},{"data":[6],"dtype":"int32","name":"output1","shape":[]}]}
func.func @main(%x0: tensor<2xf32>, %scale: tensor<f32>, %bias: tensor<2xf32>, %n: tensor<i32>) -> (tensor<2xf32>, tensor<i32>) {
  %axes = lite.constant dense<0> : tensor<1xi32>
  %shift = lite.sum %bias, %axes : (tensor<2xf32>, tensor<1xi32>) -> tensor<f32>
  %one = lite.constant dense<1> : tensor<i32>
  %last = lite.sub %n, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %c0 = lite.constant dense<0> : tensor<i32>
  %r:2 = lite.while (%i = %c0, %x = %x0) : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %xs = lite.mul %x, %scale : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    %xb = lite.add %xs, %bias : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %isLast = lite.equal %i, %last : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %y = lite.if %isLast -> (tensor<2xf32>) {
      %d = lite.sub %xb, %shift : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
      lite.yield %d : tensor<2xf32>
    } else {
      lite.yield %xb : tensor<2xf32>
    }
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %y : tensor<i32>, tensor<2xf32>
  }
  %k = lite.while (%j = %r#0) : (tensor<i32>) -> tensor<i32> cond {
    %two = lite.constant dense<2> : tensor<i32>
    %lim = lite.mul %n, %two : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %p = lite.less %j, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %si = lite.cast %scale : tensor<f32> -> tensor<i32>
    %j1 = lite.add %j, %si : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %j1 : tensor<i32>
  }
  return %r#1, %k : tensor<2xf32>, tensor<i32>
}
