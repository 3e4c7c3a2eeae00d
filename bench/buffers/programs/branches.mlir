// bench/buffers and plan-buffers-aliasing.test: an IF yielding a computed value, an input, and one value twice.
func.func @main(%a: tensor<4xf32>, %n: tensor<i32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x = lite.neg %a : tensor<4xf32>
  %zero = lite.constant dense<0> : tensor<i32>
  %p = lite.less %zero, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %r:2 = lite.if %p -> (tensor<4xf32>, tensor<4xf32>) {
    %t = lite.abs %x : tensor<4xf32>
    lite.yield %t, %x : tensor<4xf32>, tensor<4xf32>
  } else {
    %e = lite.abs %x : tensor<4xf32>
    lite.yield %e, %e : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
