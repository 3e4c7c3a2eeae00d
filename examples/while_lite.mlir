// The same loop in functional form: a region-based lite.while whose cond
// region yields the loop predicate and whose body yields the next value.
func.func @main() -> tensor<i32> {
  %c0 = lite.constant dense<0> : tensor<i32>
  %r = lite.while (%i = %c0) : (tensor<i32>) -> tensor<i32> cond {
    %lim = lite.constant dense<10> : tensor<i32>
    %p = lite.less %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %n = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %n : tensor<i32>
  }
  return %r : tensor<i32>
}
