// bench/buffers and plan-buffers-aliasing.test: the initial value is used after the loop (a copy on entry).
func.func @main(%a: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %i0 = lite.zeros_like %n : tensor<i32>
  %x0 = lite.neg %a : tensor<4xf32>
  %r:2 = lite.while (%i = %i0, %x = %x0) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %t = lite.abs %x : tensor<4xf32>
    %x1 = lite.neg %t : tensor<4xf32>
    lite.yield %i1, %x1 : tensor<i32>, tensor<4xf32>
  }
  %s = lite.add %r#1, %x0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
