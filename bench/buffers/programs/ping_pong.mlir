// bench/buffers and plan-buffers-aliasing.test: h = FC(h, W): the op writing the next state reads the old one (ping-pong).
func.func @main(%a: tensor<4xf32>, %n: tensor<i32>) -> tensor<1x4xf32> {
  %w = lite.constant dense<[[0.5, -0.25, 0.0, 0.125], [0.25, 0.5, -0.5, 0.0], [0.0, 0.125, 0.5, 0.25], [-0.125, 0.0, 0.25, 0.5]]> : tensor<4x4xf32>
  %i0 = lite.zeros_like %n : tensor<i32>
  %shape = lite.constant dense<[1, 4]> : tensor<2xi32>
  %h0 = lite.reshape %a, %shape : (tensor<4xf32>, tensor<2xi32>) -> tensor<1x4xf32>
  %r:2 = lite.while (%i = %i0, %h = %h0) : (tensor<i32>, tensor<1x4xf32>) -> (tensor<i32>, tensor<1x4xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %h1 = lite.fully_connected %h, %w : (tensor<1x4xf32>, tensor<4x4xf32>) -> tensor<1x4xf32>
    lite.yield %i1, %h1 : tensor<i32>, tensor<1x4xf32>
  }
  return %r#1 : tensor<1x4xf32>
}
