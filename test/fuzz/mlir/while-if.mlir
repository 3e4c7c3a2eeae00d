func.func @main(%n: tensor<i32>) -> (tensor<i32>, tensor<f32>) {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %two = lite.constant dense<2> : tensor<i32>
  %acc = lite.constant dense<0.5> : tensor<f32>
  %r:2 = lite.while (%i = %zero, %a = %acc) : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>) cond {
    %c = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %c : tensor<i1>
  } body {
    %next = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %even = lite.floor_mod %i, %two : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %p = lite.equal %even, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %b = lite.if %p -> (tensor<f32>) {
      %d = lite.add %a, %a : (tensor<f32>, tensor<f32>) -> tensor<f32>
      lite.yield %d : tensor<f32>
    } else {
      lite.yield %a : tensor<f32>
    }
    lite.yield %next, %b : tensor<i32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<f32>
}
