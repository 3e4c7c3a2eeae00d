// RUN: sluice-opt %s -split-input-file -lite-plan-buffers=target=native -convert-lite-to-linalg -linalg-fuse-elementwise-ops -native-loop-state-in-place | FileCheck %s

// BufferAliasing decides (native BufferModel), -lite-plan-buffers records
// the decision on the lite.while, the lowering carries it to the scf.while
// and -native-loop-state-in-place applies it.

// A shift register (a, b, c) -> (b, c, a + b + c): the sum is computed over
// a, whose slot only forwards b; the three buffers then rotate.
// CHECK-LABEL: func.func @shift_register
// CHECK: ^bb0(%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>, %[[C:.*]]: tensor<4xf32>):
// CHECK: %[[N:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[B]], %[[C]] : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%[[A]] : tensor<4xf32>)
// CHECK: scf.yield %[[B]], %[[C]], %[[N]]
// CHECK-NOT: lite.buffers
func.func @shift_register(%a: tensor<4xf32>, %go: tensor<i1>) -> tensor<4xf32> {
  %x0 = lite.neg %a : tensor<4xf32>
  %y0 = lite.abs %a : tensor<4xf32>
  %z0 = lite.exp %a : tensor<4xf32>
  %r:3 = lite.while (%x = %x0, %y = %y0, %z = %z0) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) cond {
    lite.yield %go : tensor<i1>
  } body {
    %s = lite.add %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %f = lite.add %s, %z : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    lite.yield %y, %z, %f : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}

// -----

// x's old value is read (by the mul) after the op writing x's next value:
// ping-pong, a spare slot; y is updated in place.
// CHECK-LABEL: func.func @read_after
// CHECK: scf.while ({{.*}}) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
// CHECK: ^bb0(%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>, %[[SPARE:.*]]: tensor<4xf32>):
// CHECK: %[[NX:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<4xf32>) outs(%[[SPARE]] : tensor<4xf32>)
// CHECK: %[[NY:.*]] = linalg.generic {{.*}} ins(%[[Y]], %[[X]] : tensor<4xf32>, tensor<4xf32>) outs(%[[Y]] : tensor<4xf32>)
// CHECK: scf.yield %[[NX]], %[[NY]], %[[X]]
func.func @read_after(%a: tensor<4xf32>, %go: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x0 = lite.neg %a : tensor<4xf32>
  %y0 = lite.abs %a : tensor<4xf32>
  %r:2 = lite.while (%x = %x0, %y = %y0) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) cond {
    lite.yield %go : tensor<i1>
  } body {
    %x1 = lite.neg %x : tensor<4xf32>
    %y1 = lite.mul %y, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    lite.yield %x1, %y1 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
