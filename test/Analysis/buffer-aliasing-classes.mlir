// RUN: sluice-opt %s -split-input-file -test-lite-buffer-aliasing=print-classes -verify-diagnostics -o /dev/null

// Alias classes (dense ids in the order values are first seen, innermost op
// first): the outer slot 1, the inner slot 1 and the if result in the
// inner body share one buffer; a copied slot gets a class of its own.
func.func @chain(%a: tensor<4xf32>, %n: tensor<i32>, %go: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
  %i0 = lite.zeros_like %n : tensor<i32>
  %x0 = lite.neg %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 in place; slot 1 in place; slot 2 copy at entry (the initial value is a function argument) [classes 2 0 4]}}
  %r:3 = lite.while (%i = %i0, %x = %x0, %z = %a) : (tensor<i32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>, tensor<4xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %j0 = lite.zeros_like %i : tensor<i32>
    // expected-remark @+1 {{lite.while: slot 0 in place; slot 1 in place [classes 1 0]}}
    %q:2 = lite.while (%j = %j0, %y = %x) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) cond {
      %p = lite.less %j, %i : (tensor<i32>, tensor<i32>) -> tensor<i1>
      lite.yield %p : tensor<i1>
    } body {
      %one = lite.constant dense<1> : tensor<i32>
      %j1 = lite.add %j, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      // expected-remark @+1 {{lite.if: result 0 in place [classes 0]}}
      %y1 = lite.if %go -> (tensor<4xf32>) {
        %m = lite.mul %y, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        lite.yield %m : tensor<4xf32>
      } else {
        %e = lite.exp %y : tensor<4xf32>
        lite.yield %e : tensor<4xf32>
      }
      lite.yield %j1, %y1 : tensor<i32>, tensor<4xf32>
    }
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %z1 = lite.add %z, %z : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    lite.yield %i1, %q#1, %z1 : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#1, %r#2 : tensor<4xf32>, tensor<4xf32>
}
