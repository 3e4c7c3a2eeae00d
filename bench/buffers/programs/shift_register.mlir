// bench/buffers and plan-buffers-aliasing.test: a shift register (a, b, c) -> (b, c, a + b * c): the new value is written over a, which nothing reads afterwards, so the loop rotates three buffers.
func.func @main(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %i0 = lite.zeros_like %n : tensor<i32>
  %a0 = lite.neg %x : tensor<4xf32>
  %b0 = lite.abs %x : tensor<4xf32>
  %c0 = lite.mul %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r:4 = lite.while (%i = %i0, %a = %a0, %b = %b0, %c = %c0) : (tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %bc = lite.mul %b, %c : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %next = lite.add %a, %bc : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    lite.yield %i1, %b, %c, %next : tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  %ab = lite.add %r#1, %r#2 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %abc = lite.add %ab, %r#3 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %abc : tensor<4xf32>
}
