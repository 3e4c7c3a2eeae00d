// RUN: sluice-opt %s -split-input-file -lite-cse | FileCheck %s
// RUN: sluice-opt %s -split-input-file -cse | FileCheck %s

// -lite-cse merges what -cse merges (both RUN lines check the same): loops
// over the same operands merge only when their regions are equivalent, and
// the region hashes it tags ops with while CSE runs are gone afterwards.

// CHECK-LABEL: func.func @loops
// CHECK-SAME: (%[[N:.*]]: tensor<i32>, %[[M:.*]]: tensor<i32>)
// CHECK:      %[[A:.*]] = lite.while
// CHECK:        lite.less %{{.*}}, %[[N]]
// CHECK:      %[[B:.*]] = lite.while
// CHECK:        lite.less %{{.*}}, %[[M]]
// CHECK:        lite.if
// CHECK-NOT:  lite.while
// CHECK-NOT:  lite.cse_region_hash
// CHECK:      return %[[A]], %[[B]], %[[A]], %[[B]]
func.func @loops(%n: tensor<i32>, %m: tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %a = lite.while (%i = %zero) : (tensor<i32>) -> tensor<i32> cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %next = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %next : tensor<i32>
  }
  // The same operands, another bound: not merged.
  %b = lite.while (%i = %zero) : (tensor<i32>) -> tensor<i32> cond {
    %p = lite.less %i, %m : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %even = lite.equal %i, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %next = lite.if %even -> (tensor<i32>) {
      %x = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %x : tensor<i32>
    } else {
      %y = lite.add %one, %i : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %y : tensor<i32>
    }
    lite.yield %next : tensor<i32>
  }
  // Copies of both: merged, nested lite.if included.
  %c = lite.while (%i = %zero) : (tensor<i32>) -> tensor<i32> cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %next = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %next : tensor<i32>
  }
  %d = lite.while (%i = %zero) : (tensor<i32>) -> tensor<i32> cond {
    %p = lite.less %i, %m : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %even = lite.equal %i, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %next = lite.if %even -> (tensor<i32>) {
      %x = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %x : tensor<i32>
    } else {
      %y = lite.add %one, %i : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %y : tensor<i32>
    }
    lite.yield %next : tensor<i32>
  }
  return %a, %b, %c, %d : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>
}

// -----

// Equal ops inside a loop body are merged in their scope too.

// CHECK-LABEL: func.func @inside
// CHECK:      body {
// CHECK:        %[[X:.*]] = lite.add
// CHECK-NOT:    lite.add
// CHECK:        lite.mul %[[X]], %[[X]]
func.func @inside(%n: tensor<i32>) -> tensor<i32> {
  %zero = lite.constant dense<0> : tensor<i32>
  %r = lite.while (%i = %zero) : (tensor<i32>) -> tensor<i32> cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %x = lite.add %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %y = lite.add %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %z = lite.mul %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %z : tensor<i32>
  }
  return %r : tensor<i32>
}
