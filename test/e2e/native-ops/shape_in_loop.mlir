// Shape ops on loop state whose shape changes every iteration: each
// iteration appends range(0, i + 1) reversed by a negative-stride
// strided_slice, gathers the first and last element of the state, reshapes
// the state to a column and back through a run-time shape, and reads its
// length with shape. in0 runs 3 iterations, in1 none.
func.func @main(%n: tensor<i32>) -> (tensor<?xi32>, tensor<2xi32>, tensor<1xi32>) {
  %c0 = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %init = lite.constant dense<[7]> : tensor<1xi32>
  %r:2 = lite.while (%i = %c0, %acc = %init) : (tensor<i32>, tensor<1xi32>) -> (tensor<i32>, tensor<?xi32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %seq = lite.range %c0, %i1, %one : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
    %m1 = lite.constant dense<-1> : tensor<1xi32>
    %z = lite.constant dense<0> : tensor<1xi32>
    %rev = lite.strided_slice %seq, %m1, %z, %m1 {end_mask = 1 : i32} : (tensor<?xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xi32>
    %grown = lite.concatenation %acc, %rev {axis = 0 : i32} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
    %col = lite.constant dense<[-1, 1]> : tensor<2xi32>
    %c = lite.reshape %grown, %col : (tensor<?xi32>, tensor<2xi32>) -> tensor<?x1xi32>
    %len = lite.shape %grown : (tensor<?xi32>) -> tensor<1xi32>
    %flat = lite.reshape %c, %len : (tensor<?x1xi32>, tensor<1xi32>) -> tensor<?xi32>
    lite.yield %i1, %flat : tensor<i32>, tensor<?xi32>
  }
  %len = lite.shape %r#1 : (tensor<?xi32>) -> tensor<1xi32>
  %last = lite.sub %len, %one : (tensor<1xi32>, tensor<i32>) -> tensor<1xi32>
  %z1 = lite.constant dense<0> : tensor<1xi32>
  %ends = lite.concatenation %z1, %last {axis = 0 : i32} : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %g = lite.gather %r#1, %ends {axis = 0 : i32} : (tensor<?xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %r#1, %g, %len : tensor<?xi32>, tensor<2xi32>, tensor<1xi32>
}
