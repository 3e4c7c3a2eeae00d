// RUN: sluice-opt %s -split-input-file | sluice-opt -split-input-file | FileCheck %s

// lite.send / lite.recv round-trip; their memory effects keep them in order
// (canonicalization neither drops nor moves them).
// RUN: sluice-opt %s -split-input-file -canonicalize -cse | FileCheck %s

// CHECK-LABEL: func.func @exchange
// CHECK-NEXT:    lite.send %arg0 to 1 key "a:0->1" tag 1 : tensor<2xf32>
// CHECK-NEXT:    %[[R:.*]] = lite.recv from 1 key "b:0->0" tag 2 : tensor<2xf32>
// CHECK-NEXT:    %[[S:.*]] = lite.recv from 1 key "b:0->0" tag 2 : tensor<2xf32>
// CHECK-NEXT:    return %[[R]], %[[S]]
func.func @exchange(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) attributes {sluice.rank = 0 : i64} {
  lite.send %x to 1 key "a:0->1" tag 1 : tensor<2xf32>
  %r = lite.recv from 1 key "b:0->0" tag 2 : tensor<2xf32>
  %s = lite.recv from 1 key "b:0->0" tag 2 : tensor<2xf32>
  return %r, %s : tensor<2xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @with_shape
// CHECK-NEXT:    lite.send %arg0 to 1 key "v:0->1" tag 4 with_shape : tensor<?xf32>
// CHECK-NEXT:    lite.recv from 1 key "w:0->0" tag 5 with_shape : tensor<?x2xi32>
func.func @with_shape(%x: tensor<?xf32>) -> tensor<?x2xi32> {
  lite.send %x to 1 key "v:0->1" tag 4 with_shape : tensor<?xf32>
  %r = lite.recv from 1 key "w:0->0" tag 5 with_shape : tensor<?x2xi32>
  return %r : tensor<?x2xi32>
}

// -----

// An unused receive still takes its message.
// CHECK-LABEL: func.func @unused
// CHECK-NEXT:    lite.recv from 0 key "p:0->1" tag 7 : tensor<i1>
func.func @unused() {
  %p = lite.recv from 0 key "p:0->1" tag 7 : tensor<i1>
  return
}
