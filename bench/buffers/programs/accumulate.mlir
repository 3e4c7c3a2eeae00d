// bench/buffers and plan-buffers-aliasing.test: accumulate into the state: x = 2 * (x * 0.5), read only elementwise by the op writing the next value (in place).
func.func @main(%a: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %i0 = lite.zeros_like %n : tensor<i32>
  %x0 = lite.neg %a : tensor<4xf32>
  %r:2 = lite.while (%i = %i0, %x = %x0) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %half = lite.constant dense<0.5> : tensor<f32>
    %t = lite.mul %x, %half : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    %x1 = lite.add %t, %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    lite.yield %i1, %x1 : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}
