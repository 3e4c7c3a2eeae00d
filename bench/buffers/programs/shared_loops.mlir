// bench/buffers and plan-buffers-aliasing.test: two loops in a row with the same cond and body (the exporter gives them one cond and one body subgraph: two call sites each), the second running on the first's result; and a third loop, alike in its cond only, whose result lives alongside.
func.func @main(%a: tensor<4xf32>, %n: tensor<i32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %i0 = lite.zeros_like %n : tensor<i32>
  %x0 = lite.neg %a : tensor<4xf32>
  %r:2 = lite.while (%i = %i0, %x = %x0) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %half = lite.constant dense<0.5> : tensor<f32>
    %x1 = lite.mul %x, %half : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    lite.yield %i1, %x1 : tensor<i32>, tensor<4xf32>
  }
  %j0 = lite.zeros_like %n : tensor<i32>
  %s:2 = lite.while (%i = %j0, %x = %r#1) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %half = lite.constant dense<0.5> : tensor<f32>
    %x1 = lite.mul %x, %half : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    lite.yield %i1, %x1 : tensor<i32>, tensor<4xf32>
  }
  %k0 = lite.zeros_like %n : tensor<i32>
  %t:2 = lite.while (%i = %k0, %x = %a) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %x1 = lite.add %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    lite.yield %i1, %x1 : tensor<i32>, tensor<4xf32>
  }
  return %s#1, %t#1 : tensor<4xf32>, tensor<4xf32>
}
