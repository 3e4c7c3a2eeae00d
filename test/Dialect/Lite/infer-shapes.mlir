// RUN: sluice-opt %s -split-input-file -lite-infer-shapes | FileCheck %s

// -lite-infer-shapes (lib/Dialect/Lite/Transforms/InferShapes.cpp): result
// types refined to the shapes the ops compute, one split per op family, then
// control flow, functions and odd IR.

//===----------------------------------------------------------------------===//
// Elementwise ops: the operand's shape
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @same_shape
// CHECK-SAME: -> (tensor<2x?xf32>, tensor<2x?xi32>)
// CHECK: lite.exp %{{.*}} : tensor<2x?xf32>
// CHECK: lite.cast %{{.*}} : tensor<2x?xf32> -> tensor<2x?xi32>
// CHECK: lite.cast %{{.*}} : tensor<2x?xi32> -> tensor<2x?xf32>
// CHECK: lite.neg %{{.*}} : tensor<2x?xf32>
// CHECK: return %{{.*}}, %{{.*}} : tensor<2x?xf32>, tensor<2x?xi32>
func.func @same_shape(%x: tensor<2x?xf32>) -> (tensor<*xf32>, tensor<*xi32>) {
  %e = lite.exp %x : tensor<2x?xf32>
  %c = lite.cast %e : tensor<2x?xf32> -> tensor<*xi32>
  %u = lite.cast %c : tensor<*xi32> -> tensor<*xf32>
  %n = lite.neg %u : tensor<*xf32>
  return %n, %c : tensor<*xf32>, tensor<*xi32>
}

// -----

//===----------------------------------------------------------------------===//
// Broadcasting ops: numpy broadcasting of the operand shapes
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @broadcast
// CHECK: lite.add {{.*}} -> tensor<2x3xf32>
// A size not known statically is 1 or the other operand's size.
// CHECK: lite.mul {{.*}} -> tensor<?x3xf32>
// CHECK: lite.less {{.*}} -> tensor<4xi1>
// CHECK: lite.sub {{.*}} : (tensor<?xf32>, tensor<0xf32>) -> tensor<0xf32>
// CHECK: lite.select_v2 {{.*}} -> tensor<2x3xf32>
// An unranked operand could add leading dimensions.
// CHECK: lite.maximum {{.*}} -> tensor<*xf32>
// CHECK: lite.add {{.*}} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
func.func @broadcast(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %d: tensor<?x3xf32>, %s: tensor<f32>, %v: tensor<?xf32>, %w: tensor<4xf32>, %z: tensor<0xf32>, %p: tensor<1x3xi1>, %u: tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xi1>, tensor<?xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  %0 = lite.add %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<*xf32>
  %1 = lite.mul %d, %s : (tensor<?x3xf32>, tensor<f32>) -> tensor<*xf32>
  %2 = lite.less %v, %w : (tensor<?xf32>, tensor<4xf32>) -> tensor<*xi1>
  %3 = lite.sub %v, %z : (tensor<?xf32>, tensor<0xf32>) -> tensor<?xf32>
  %4 = lite.select_v2 %p, %a, %s : (tensor<1x3xi1>, tensor<2x1xf32>, tensor<f32>) -> tensor<*xf32>
  %5 = lite.maximum %u, %a : (tensor<*xf32>, tensor<2x1xf32>) -> tensor<*xf32>
  %6 = lite.add %v, %v : (tensor<?xf32>, tensor<?xf32>) -> tensor<*xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<*xf32>, tensor<*xf32>, tensor<*xi1>, tensor<?xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @reductions
// CHECK: lite.sum {{.*}} -> tensor<3xf32>
// CHECK: lite.mean {{.*}} -> tensor<1x3x1xf32>
// CHECK: lite.reduce_max {{.*}} : (tensor<?x3xf32>, tensor<i32>) -> tensor<?xf32>
// CHECK: lite.reduce_min {{.*}} -> tensor<2x4xf32>
// CHECK: lite.sum {{.*}} {keep_dims = true} : (tensor<1x5xf32>, tensor<1xi32>) -> tensor<1x?xf32>
// CHECK: lite.sum {{.*}} : (tensor<1x5xf32>, tensor<1xi32>) -> tensor<?xf32>
// CHECK: lite.sum {{.*}} : (tensor<2x3x4xf32>, tensor<1xi32>) -> tensor<*xf32>
func.func @reductions(%x: tensor<2x3x4xf32>, %d: tensor<?x3xf32>, %axes: tensor<1xi32>, %y: tensor<1x5xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  %a = lite.constant dense<[0, -1]> : tensor<2xi32>
  %0 = lite.sum %x, %a : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<*xf32>
  %1 = lite.mean %x, %a {keep_dims = true} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<*xf32>
  %s = lite.constant dense<1> : tensor<i32>
  %2 = lite.reduce_max %d, %s : (tensor<?x3xf32>, tensor<i32>) -> tensor<*xf32>
  // Duplicate axes reduce once.
  %dup = lite.constant dense<[1, 1, -2]> : tensor<3xi32>
  %3 = lite.reduce_min %x, %dup : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<*xf32>
  // Axes not known: with keep_dims every dimension is its own size or 1.
  %4 = lite.sum %y, %axes {keep_dims = true} : (tensor<1x5xf32>, tensor<1xi32>) -> tensor<*xf32>
  // One axis not known statically removes one dimension.
  %5 = lite.sum %y, %axes : (tensor<1x5xf32>, tensor<1xi32>) -> tensor<*xf32>
  // Out of range: left for the interpreter to report.
  %bad = lite.constant dense<3> : tensor<1xi32>
  %6 = lite.sum %x, %bad : (tensor<2x3x4xf32>, tensor<1xi32>) -> tensor<*xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Reshaping: reshape, expand_dims, squeeze
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @reshape
// CHECK: lite.reshape {{.*}} : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x6xf32>
// CHECK: lite.reshape {{.*}} : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<2x?xf32>
// CHECK: lite.reshape {{.*}} : (tensor<*xf32>, tensor<3xi32>) -> tensor<?x2x3xf32>
// CHECK: lite.pack {{.*}} -> tensor<2xi32>
// CHECK: lite.reshape {{.*}} : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x6xf32>
// CHECK: lite.reshape {{.*}} : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<*xf32>
// CHECK: lite.reshape {{.*}} : (tensor<1x1xf32>, tensor<0xi32>) -> tensor<f32>
func.func @reshape(%x: tensor<3x4xf32>, %d: tensor<?x4xf32>, %u: tensor<*xf32>, %n: tensor<i32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  %s = lite.constant dense<[2, -1]> : tensor<2xi32>
  %0 = lite.reshape %x, %s : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<*xf32>
  %1 = lite.reshape %d, %s : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<*xf32>
  %t = lite.constant dense<[-1, 2, 3]> : tensor<3xi32>
  %2 = lite.reshape %u, %t : (tensor<*xf32>, tensor<3xi32>) -> tensor<*xf32>
  // The only entry not known statically is what makes the element count
  // match (it is -1, or the reshape fails).
  %c6 = lite.constant dense<6> : tensor<i32>
  %p = lite.pack %n, %c6 {axis = 0 : i32} : (tensor<i32>, tensor<i32>) -> tensor<*xi32>
  %3 = lite.reshape %x, %p : (tensor<3x4xf32>, tensor<*xi32>) -> tensor<*xf32>
  // Wrong element count: left for the interpreter to report.
  %w = lite.constant dense<[5, 2]> : tensor<2xi32>
  %4 = lite.reshape %x, %w : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<*xf32>
  %e = lite.constant dense<> : tensor<0xi32>
  %one = lite.constant dense<7.0> : tensor<1x1xf32>
  %5 = lite.reshape %one, %e : (tensor<1x1xf32>, tensor<0xi32>) -> tensor<*xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @expand_squeeze
// CHECK: lite.expand_dims {{.*}} -> tensor<1x3x1x1xf32>
// CHECK: lite.expand_dims {{.*}} -> tensor<1x?x1xf32>
// CHECK: lite.expand_dims {{.*}} -> tensor<?x?x?x?xf32>
// CHECK: lite.squeeze {{.*}} : (tensor<1x3x1xf32>) -> tensor<3xf32>
// CHECK: lite.squeeze {{.*}} {squeeze_dims = array<i32: -1>} : (tensor<?x1xf32>) -> tensor<?xf32>
// CHECK: lite.squeeze {{.*}} : (tensor<?x1xf32>) -> tensor<*xf32>
func.func @expand_squeeze(%x: tensor<1x3x1xf32>, %d: tensor<?x1xf32>, %axis: tensor<i32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  %m1 = lite.constant dense<-1> : tensor<i32>
  %0 = lite.expand_dims %x, %m1 : (tensor<1x3x1xf32>, tensor<i32>) -> tensor<*xf32>
  %z = lite.constant dense<[0]> : tensor<1xi64>
  %1 = lite.expand_dims %d, %z : (tensor<?x1xf32>, tensor<1xi64>) -> tensor<*xf32>
  %2 = lite.expand_dims %x, %axis : (tensor<1x3x1xf32>, tensor<i32>) -> tensor<*xf32>
  %3 = lite.squeeze %x : (tensor<1x3x1xf32>) -> tensor<*xf32>
  %4 = lite.squeeze %d {squeeze_dims = array<i32: -1>} : (tensor<?x1xf32>) -> tensor<*xf32>
  // Which dimensions an implicit squeeze removes depends on run-time sizes.
  %5 = lite.squeeze %d : (tensor<?x1xf32>) -> tensor<*xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Joining and splitting: concatenation, pack, unpack
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @join_split
// CHECK: lite.concatenation {{.*}} -> tensor<4x3xf32>
// CHECK: lite.concatenation {{.*}} : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK: lite.concatenation {{.*}} : (tensor<*xf32>, tensor<2x3xf32>) -> tensor<2x?xf32>
// CHECK: lite.pack {{.*}} : (tensor<3xf32>, tensor<?xf32>) -> tensor<3x2xf32>
// CHECK: lite.unpack {{.*}} : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
func.func @join_split(%a: tensor<2x3xf32>, %b: tensor<?x3xf32>, %c: tensor<*xf32>, %v: tensor<3xf32>, %w: tensor<?xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  %0 = lite.concatenation %a, %a {axis = 0 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<*xf32>
  %1 = lite.concatenation %a, %b {axis = -2 : i32} : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<*xf32>
  %2 = lite.concatenation %c, %a {axis = 1 : i32} : (tensor<*xf32>, tensor<2x3xf32>) -> tensor<*xf32>
  %3 = lite.pack %v, %w {axis = 1 : i32} : (tensor<3xf32>, tensor<?xf32>) -> tensor<*xf32>
  %4:2 = lite.unpack %a {axis = 0 : i32} : (tensor<2x3xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  return %0, %1, %2, %3, %4#0, %4#1 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Slicing: slice, strided_slice, dynamic_update_slice, gather, transpose
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @slice
// CHECK: lite.slice {{.*}} : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x5xf32>
// CHECK: lite.slice {{.*}} : (tensor<?x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x5xf32>
// CHECK: lite.slice {{.*}} : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x?xf32>
// CHECK: lite.slice {{.*}} : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
func.func @slice(%x: tensor<4x5xf32>, %d: tensor<?x5xf32>, %b: tensor<2xi32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  %b0 = lite.constant dense<[1, 0]> : tensor<2xi32>
  %s0 = lite.constant dense<[2, -1]> : tensor<2xi32>
  %0 = lite.slice %x, %b0, %s0 : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  %1 = lite.slice %d, %b0, %s0 : (tensor<?x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  %2 = lite.slice %x, %b, %s0 : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  // Runs past the end: left for the interpreter to report.
  %s1 = lite.constant dense<[4, 1]> : tensor<2xi32>
  %3 = lite.slice %x, %b0, %s1 : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  return %0, %1, %2, %3 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @strided_slice
// CHECK: lite.strided_slice {{.*}} -> tensor<2x3x3xf32>
// CHECK: lite.strided_slice {{.*}} -> tensor<3xf32>
// CHECK: lite.strided_slice {{.*}} -> tensor<4x6x1x2xf32>
// CHECK: lite.strided_slice {{.*}} -> tensor<?x4xf32>
// CHECK: lite.strided_slice {{.*}} -> tensor<*xf32>
// CHECK: lite.strided_slice {{.*}} -> tensor<*xf32>
func.func @strided_slice(%x: tensor<4x6x8xf32>, %d: tensor<?x6xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  %b = lite.constant dense<[1, 0, -1]> : tensor<3xi32>
  %e = lite.constant dense<[3, 0, 0]> : tensor<3xi32>
  %s = lite.constant dense<[1, 2, -3]> : tensor<3xi32>
  // x[1:3, ::2, -1:0:-3]
  %0 = lite.strided_slice %x, %b, %e, %s {begin_mask = 2 : i32, end_mask = 2 : i32} : (tensor<4x6x8xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<*xf32>
  // x[1, ::2, -1]: the first and last dimensions shrink.
  %s1 = lite.constant dense<[1, 2, 1]> : tensor<3xi32>
  %1 = lite.strided_slice %x, %b, %e, %s1 {begin_mask = 2 : i32, end_mask = 2 : i32, shrink_axis_mask = 5 : i32} : (tensor<4x6x8xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<*xf32>
  // x[..., newaxis, 1:3]
  %b2 = lite.constant dense<[0, 0, 1]> : tensor<3xi32>
  %e2 = lite.constant dense<[0, 0, 3]> : tensor<3xi32>
  %s2 = lite.constant dense<[1, 1, 1]> : tensor<3xi32>
  %2 = lite.strided_slice %x, %b2, %e2, %s2 {ellipsis_mask = 1 : i32, new_axis_mask = 2 : i32} : (tensor<4x6x8xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<*xf32>
  // With offset, end is relative to begin: d[1:, 2:2+4].
  %b3 = lite.constant dense<[1, 2]> : tensor<2xi32>
  %e3 = lite.constant dense<[0, 4]> : tensor<2xi32>
  %s3 = lite.constant dense<[1, 1]> : tensor<2xi32>
  %3 = lite.strided_slice %d, %b3, %e3, %s3 {end_mask = 1 : i32, offset = true} : (tensor<?x6xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  // A negative stride on a shrunk axis: left for the interpreter to report.
  %m = lite.constant dense<[1, -1]> : tensor<2xi32>
  %4 = lite.strided_slice %d, %b3, %e3, %m {shrink_axis_mask = 2 : i32} : (tensor<?x6xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  // Shrinking index 9 of a dimension of 6: likewise.
  %b5 = lite.constant dense<[0, 9]> : tensor<2xi32>
  %5 = lite.strided_slice %d, %b5, %e3, %s3 {shrink_axis_mask = 2 : i32} : (tensor<?x6xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// -----

// The operand's shape, or its rank alone when only the update or the
// start_indices tells it.
// CHECK-LABEL: func.func @dynamic_update_slice
// CHECK: lite.dynamic_update_slice {{.*}} : (tensor<4x5xf32>, tensor<1x?xf32>, tensor<2xi32>) -> tensor<4x5xf32>
// CHECK: lite.dynamic_update_slice {{.*}} : (tensor<?x5xf32>, tensor<1x2xf32>, tensor<?xi64>) -> tensor<?x5xf32>
// CHECK: lite.dynamic_update_slice {{.*}} : (tensor<*xf32>, tensor<1x2xf32>, tensor<?xi64>) -> tensor<?x?xf32>
// CHECK: lite.dynamic_update_slice {{.*}} : (tensor<*xf32>, tensor<*xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
func.func @dynamic_update_slice(%x: tensor<4x5xf32>, %d: tensor<?x5xf32>, %u: tensor<*xf32>, %v: tensor<1x?xf32>, %w: tensor<1x2xf32>, %i: tensor<2xi32>, %l: tensor<?xi64>, %k: tensor<3xi32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  %0 = lite.dynamic_update_slice %x, %v, %i : (tensor<4x5xf32>, tensor<1x?xf32>, tensor<2xi32>) -> tensor<*xf32>
  %1 = lite.dynamic_update_slice %d, %w, %l : (tensor<?x5xf32>, tensor<1x2xf32>, tensor<?xi64>) -> tensor<*xf32>
  %2 = lite.dynamic_update_slice %u, %w, %l : (tensor<*xf32>, tensor<1x2xf32>, tensor<?xi64>) -> tensor<*xf32>
  %3 = lite.dynamic_update_slice %u, %u, %k : (tensor<*xf32>, tensor<*xf32>, tensor<3xi32>) -> tensor<*xf32>
  return %0, %1, %2, %3 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @gather_transpose
// CHECK: lite.gather {{.*}} -> tensor<2x4x3xf32>
// CHECK: lite.gather {{.*}} {axis = -1 : i32} {{.*}} -> tensor<5x2x4xf32>
// CHECK: lite.gather {{.*}} : (tensor<2x7x3xf32>, tensor<?x4xi64>) -> tensor<2x4x3xf32>
// CHECK: lite.transpose {{.*}} -> tensor<4x2x3xf32>
// CHECK: lite.transpose {{.*}} -> tensor<?x?x?xf32>
func.func @gather_transpose(%p: tensor<5x3xf32>, %i: tensor<2x4xi32>, %q: tensor<2x7x3xf32>, %j: tensor<?x4xi64>, %x: tensor<2x3x4xf32>, %perm: tensor<3xi32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  %0 = lite.gather %p, %i {axis = 0 : i32} : (tensor<5x3xf32>, tensor<2x4xi32>) -> tensor<*xf32>
  %1 = lite.gather %p, %i {axis = -1 : i32} : (tensor<5x3xf32>, tensor<2x4xi32>) -> tensor<*xf32>
  // Batch dimensions: params and indices agree on them.
  %2 = lite.gather %q, %j {axis = 1 : i32, batch_dims = 1 : i32} : (tensor<2x7x3xf32>, tensor<?x4xi64>) -> tensor<*xf32>
  %c = lite.constant dense<[2, 0, 1]> : tensor<3xi32>
  %3 = lite.transpose %x, %c : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<*xf32>
  %4 = lite.transpose %x, %perm : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<*xf32>
  return %0, %1, %2, %3, %4 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Tensor creation: fill, range, shape
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @creation
// CHECK: lite.fill {{.*}} -> tensor<2x3xf32>
// CHECK: lite.shape {{.*}} : (tensor<?x3xf32>) -> tensor<2xi32>
// CHECK: lite.fill {{.*}} -> tensor<?x3xf32>
// CHECK: lite.range {{.*}} -> tensor<4xi32>
// CHECK: lite.range {{.*}} -> tensor<4xf32>
// CHECK: lite.range {{.*}} -> tensor<?xi32>
// CHECK: lite.shape {{.*}} : (tensor<2x3xf32>) -> tensor<2xi64>
func.func @creation(%x: tensor<?x3xf32>, %v: tensor<f32>, %n: tensor<i32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<?xi32>, tensor<?xf32>, tensor<?xi32>, tensor<?xi64>) {
  %dims = lite.constant dense<[2, 3]> : tensor<2xi32>
  %0 = lite.fill %dims, %v : (tensor<2xi32>, tensor<f32>) -> tensor<*xf32>
  // The shape of x, whose first entry is not known statically.
  %sh = lite.shape %x : (tensor<?x3xf32>) -> tensor<?xi32>
  %1 = lite.fill %sh, %v : (tensor<?xi32>, tensor<f32>) -> tensor<*xf32>
  %c0 = lite.constant dense<0> : tensor<i32>
  %c10 = lite.constant dense<10> : tensor<i32>
  %c3 = lite.constant dense<3> : tensor<i32>
  %2 = lite.range %c0, %c10, %c3 : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %f0 = lite.constant dense<1.0> : tensor<f32>
  %f1 = lite.constant dense<0.0> : tensor<f32>
  %f2 = lite.constant dense<-0.25> : tensor<f32>
  %3 = lite.range %f0, %f1, %f2 : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<?xf32>
  %4 = lite.range %c0, %n, %c3 : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %5 = lite.shape %0 : (tensor<*xf32>) -> tensor<?xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<*xf32>, tensor<*xf32>, tensor<?xi32>, tensor<?xf32>, tensor<?xi32>, tensor<?xi64>
}

// -----

//===----------------------------------------------------------------------===//
// Linear algebra: fully_connected, batch_matmul
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @linear_algebra
// CHECK: lite.fully_connected {{.*}} -> tensor<6x8xf32>
// CHECK: lite.fully_connected {{.*}} -> tensor<2x3x8xf32>
// CHECK: lite.fully_connected {{.*}} -> tensor<?x8xf32>
// CHECK: lite.batch_matmul {{.*}} -> tensor<5x6x3x5xf32>
// CHECK: lite.batch_matmul {{.*}} -> tensor<2x3x5xf32>
func.func @linear_algebra(%x: tensor<2x3x4xf32>, %w: tensor<8x4xf32>, %u: tensor<*xf32>, %wu: tensor<*xf32>, %bias: tensor<8xf32>, %a: tensor<5x1x3x4xf32>, %b: tensor<6x4x5xf32>, %c: tensor<2x4x3xf32>, %e: tensor<5x4xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  // Without keep_num_dims the input is flattened to rows of depth 4.
  %0 = lite.fully_connected %x, %w : (tensor<2x3x4xf32>, tensor<8x4xf32>) -> tensor<*xf32>
  %1 = lite.fully_connected %x, %w {keep_num_dims = true} : (tensor<2x3x4xf32>, tensor<8x4xf32>) -> tensor<*xf32>
  // The bias gives the units when the filter's shape is not known.
  %2 = lite.fully_connected %u, %wu, %bias : (tensor<*xf32>, tensor<*xf32>, tensor<8xf32>) -> tensor<*xf32>
  // Batch dimensions broadcast.
  %3 = lite.batch_matmul %a, %b : (tensor<5x1x3x4xf32>, tensor<6x4x5xf32>) -> tensor<*xf32>
  %4 = lite.batch_matmul %c, %e {adj_x = true, adj_y = true} : (tensor<2x4x3xf32>, tensor<5x4xf32>) -> tensor<*xf32>
  return %0, %1, %2, %3, %4 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Shape vectors computed from lite.shape, slices, pack, gather, arithmetic
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @shape_values
// CHECK-SAME: -> (tensor<2x12xf32>, tensor<6x?xf32>, tensor<4x6x1xf32>)
// CHECK: lite.strided_slice {{.*}} -> tensor<i32>
// CHECK: lite.floor_div {{.*}} -> tensor<i32>
// CHECK: lite.reshape {{.*}} -> tensor<2x12xf32>
// CHECK: lite.fill {{.*}} -> tensor<6x?xf32>
// CHECK: lite.concatenation {{.*}} -> tensor<3xi32>
// CHECK: lite.reshape {{.*}} -> tensor<4x6x1xf32>
func.func @shape_values(%x: tensor<4x6xf32>, %d: tensor<?x6xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  %sh = lite.shape %x : (tensor<4x6xf32>) -> tensor<?xi32>
  %b = lite.constant dense<0> : tensor<1xi32>
  %e = lite.constant dense<1> : tensor<1xi32>
  %rows = lite.strided_slice %sh, %b, %e, %e {shrink_axis_mask = 1 : i32} : (tensor<?xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<*xi32>
  %two = lite.constant dense<2> : tensor<i32>
  %half = lite.floor_div %rows, %two : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
  %m1 = lite.constant dense<-1> : tensor<i32>
  %s = lite.pack %half, %m1 {axis = 0 : i32} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
  // reshape(x, [rows / 2, -1])
  %0 = lite.reshape %x, %s : (tensor<4x6xf32>, tensor<*xi32>) -> tensor<*xf32>
  // fill(shape(d)[[1, 0]]): the unknown entry stays unknown.
  %dsh = lite.shape %d : (tensor<?x6xf32>) -> tensor<?xi32>
  %g = lite.constant dense<[1, 0]> : tensor<2xi32>
  %swapped = lite.gather %dsh, %g : (tensor<?xi32>, tensor<2xi32>) -> tensor<*xi32>
  %f = lite.constant dense<1.0> : tensor<f32>
  %1 = lite.fill %swapped, %f : (tensor<*xi32>, tensor<f32>) -> tensor<*xf32>
  %c = lite.concatenation %sh, %e {axis = 0 : i32} : (tensor<?xi32>, tensor<1xi32>) -> tensor<*xi32>
  %2 = lite.reshape %x, %c : (tensor<4x6xf32>, tensor<*xi32>) -> tensor<*xf32>
  return %0, %1, %2 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Lists: reserve, set_item, scatter, get_item, gather, length
//===----------------------------------------------------------------------===//

// A count known statically is the list's length; the element shape is the
// declared one. An unranked list has no element shape to give until it is
// written.
// CHECK-LABEL: func.func @list_reserve
// CHECK-SAME: -> (tensor<4x3xf32>, tensor<?x3xf32>, tensor<5x2xi32>, tensor<*xf32>)
// CHECK: lite.list_reserve %{{.*}} : (tensor<i32>) -> tensor<4x3xf32>
// CHECK: lite.list_reserve %{{.*}} : (tensor<i32>) -> tensor<?x3xf32>
// CHECK: lite.list_reserve %{{.*}} : (tensor<i32>) -> tensor<5x2xi32>
// CHECK: lite.list_reserve %{{.*}} : (tensor<i32>) -> tensor<*xf32>
func.func @list_reserve(%n: tensor<i32>, %x: tensor<5x7xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x2xi32>, tensor<*xf32>) {
  %four = lite.constant dense<4> : tensor<i32>
  %0 = lite.list_reserve %four : (tensor<i32>) -> tensor<?x3xf32>
  %1 = lite.list_reserve %n : (tensor<i32>) -> tensor<?x3xf32>
  // shape(x)[0]
  %sh = lite.shape %x : (tensor<5x7xf32>) -> tensor<2xi32>
  %b = lite.constant dense<0> : tensor<1xi32>
  %e = lite.constant dense<1> : tensor<1xi32>
  %rows = lite.strided_slice %sh, %b, %e, %e {shrink_axis_mask = 1 : i32} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<i32>
  %2 = lite.list_reserve %rows : (tensor<i32>) -> tensor<?x2xi32>
  %3 = lite.list_reserve %four : (tensor<i32>) -> tensor<*xf32>
  return %0, %1, %2, %3 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x2xi32>, tensor<*xf32>
}

// -----

// set_item and scatter return a list of their list's type: its static
// length, and the element shape it has.
// CHECK-LABEL: func.func @list_writes
// CHECK-SAME: -> tensor<4x3xf32>
// CHECK: lite.list_reserve %{{.*}} : (tensor<i32>) -> tensor<4x3xf32>
// CHECK: lite.list_set_item {{.*}} : (tensor<4x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<4x3xf32>
// CHECK: lite.list_scatter {{.*}} : (tensor<4x3xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
func.func @list_writes(%i: tensor<i32>, %x: tensor<3xf32>, %is: tensor<2xi32>, %xs: tensor<2x3xf32>) -> tensor<?x3xf32> {
  %four = lite.constant dense<4> : tensor<i32>
  %l = lite.list_reserve %four : (tensor<i32>) -> tensor<?x3xf32>
  %l1 = lite.list_set_item %l[%i], %x : (tensor<?x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<?x3xf32>
  %l2 = lite.list_scatter %l1[%is], %xs : (tensor<?x3xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<?x3xf32>
  return %l2 : tensor<?x3xf32>
}

// -----

// An unranked list (its element shape given by its first write at run
// time) keeps its type through set_item and scatter: the result's type is
// the list's.
// CHECK-LABEL: func.func @list_writes_unranked
// CHECK-SAME: -> (tensor<*xf32>, tensor<*xf32>)
// CHECK: lite.list_set_item {{.*}} : (tensor<*xf32>, tensor<i32>, tensor<3xf32>) -> tensor<*xf32>
// CHECK: lite.list_scatter {{.*}} : (tensor<*xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<*xf32>
func.func @list_writes_unranked(%n: tensor<i32>, %i: tensor<i32>, %x: tensor<3xf32>, %is: tensor<2xi32>, %xs: tensor<2x3xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  %l1 = lite.list_set_item %l[%i], %x : (tensor<*xf32>, tensor<i32>, tensor<3xf32>) -> tensor<*xf32>
  %m = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  %m1 = lite.list_scatter %m[%is], %xs : (tensor<*xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<*xf32>
  return %l1, %m1 : tensor<*xf32>, tensor<*xf32>
}

// -----

// A resizable list grows at run time: its length stays dynamic even when
// it was reserved with a count known statically.
// CHECK-LABEL: func.func @list_resizable
// CHECK-SAME: -> (tensor<?x3xf32>, tensor<3xf32>)
// CHECK: lite.list_reserve %{{.*}} : (tensor<i32>) -> tensor<?x3xf32>
// CHECK: lite.list_set_item {{.*}} {resizable} : (tensor<?x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<?x3xf32>
// CHECK: lite.list_scatter {{.*}} {resizable} : (tensor<?x3xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<?x3xf32>
// CHECK: lite.list_get_item {{.*}} : (tensor<?x3xf32>, tensor<i32>) -> tensor<3xf32>
func.func @list_resizable(%i: tensor<i32>, %x: tensor<3xf32>, %is: tensor<2xi32>, %xs: tensor<2x3xf32>) -> (tensor<?x3xf32>, tensor<*xf32>) {
  %four = lite.constant dense<4> : tensor<i32>
  %l = lite.list_reserve %four : (tensor<i32>) -> tensor<?x3xf32>
  %l1 = lite.list_set_item %l[%i], %x {resizable} : (tensor<?x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<?x3xf32>
  %l2 = lite.list_scatter %l1[%is], %xs {resizable} : (tensor<?x3xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<?x3xf32>
  %y = lite.list_get_item %l2[%i] : (tensor<?x3xf32>, tensor<i32>) -> tensor<*xf32>
  return %l2, %y : tensor<?x3xf32>, tensor<*xf32>
}

// -----

// get_item: the element shape; gather: one row per index, each of the
// element shape; length: an int32 scalar.
// CHECK-LABEL: func.func @list_reads
// CHECK-SAME: -> (tensor<3xf32>, tensor<5x3xf32>, tensor<?x3xf32>, tensor<?x2x?xf32>, tensor<i32>)
// CHECK: lite.list_get_item {{.*}} : (tensor<?x3xf32>, tensor<i32>) -> tensor<3xf32>
// CHECK: lite.list_gather {{.*}} : (tensor<?x3xf32>, tensor<5xi32>) -> tensor<5x3xf32>
// CHECK: lite.list_gather {{.*}} : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<?x3xf32>
// CHECK: lite.list_gather {{.*}} : (tensor<4x2x?xf32>, tensor<*xi32>) -> tensor<?x2x?xf32>
// CHECK: lite.list_length {{.*}} : (tensor<?x3xf32>) -> tensor<i32>
// CHECK: lite.add {{.*}} : (tensor<i32>, tensor<i32>) -> tensor<i32>
func.func @list_reads(%l: tensor<?x3xf32>, %m: tensor<4x2x?xf32>, %i: tensor<i32>, %is: tensor<5xi32>, %js: tensor<?xi64>, %ks: tensor<*xi32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xi32>) {
  %0 = lite.list_get_item %l[%i] : (tensor<?x3xf32>, tensor<i32>) -> tensor<*xf32>
  %1 = lite.list_gather %l[%is] : (tensor<?x3xf32>, tensor<5xi32>) -> tensor<*xf32>
  %2 = lite.list_gather %l[%js] : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<*xf32>
  %3 = lite.list_gather %m[%ks] : (tensor<4x2x?xf32>, tensor<*xi32>) -> tensor<*xf32>
  %len = lite.list_length %l : (tensor<?x3xf32>) -> tensor<i32>
  %4 = lite.add %len, %len : (tensor<i32>, tensor<i32>) -> tensor<*xi32>
  return %0, %1, %2, %3, %4 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xi32>
}

// -----

// A list carried by a loop is an ordinary carried tensor: written in the
// body, it keeps the static type its reserve gives it.
// CHECK-LABEL: func.func @list_in_loop
// CHECK-SAME: -> tensor<4x2xf32>
// CHECK: lite.list_reserve {{.*}} -> tensor<4x2xf32>
// CHECK: lite.while ({{.*}}) : (tensor<i32>, tensor<4x2xf32>) -> (tensor<i32>, tensor<4x2xf32>) cond {
// CHECK: } body {
// CHECK: lite.list_set_item {{.*}} : (tensor<4x2xf32>, tensor<i32>, tensor<2xf32>) -> tensor<4x2xf32>
// CHECK: lite.list_gather {{.*}} : (tensor<4x2xf32>, tensor<4xi32>) -> tensor<4x2xf32>
func.func @list_in_loop(%x: tensor<2xf32>) -> tensor<*xf32> {
  %c0 = lite.constant dense<0> : tensor<i32>
  %four = lite.constant dense<4> : tensor<i32>
  %l = lite.list_reserve %four : (tensor<i32>) -> tensor<?x2xf32>
  %r:2 = lite.while (%i = %c0, %a = %l) : (tensor<i32>, tensor<?x2xf32>) -> (tensor<*xi32>, tensor<*xf32>) cond {
    %p = lite.less %i, %four : (tensor<*xi32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
    %a1 = lite.list_set_item %a[%i], %x : (tensor<*xf32>, tensor<*xi32>, tensor<2xf32>) -> tensor<*xf32>
    lite.yield %i1, %a1 : tensor<*xi32>, tensor<*xf32>
  }
  %all = lite.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %g = lite.list_gather %r#1[%all] : (tensor<*xf32>, tensor<4xi32>) -> tensor<*xf32>
  return %g : tensor<*xf32>
}

// -----

//===----------------------------------------------------------------------===//
// lite.if: the join of the branches, met with the declared type
//===----------------------------------------------------------------------===//

// Equal shapes stay, differing dimensions become dynamic, differing ranks
// stay unranked.
// CHECK-LABEL: func.func @if_join
// CHECK-SAME: -> (tensor<2x3xf32>, tensor<?x3xf32>, tensor<*xf32>, tensor<?x3xf32>)
// CHECK: lite.if %{{.*}} -> (tensor<2x3xf32>, tensor<?x3xf32>, tensor<*xf32>, tensor<?x3xf32>)
func.func @if_join(%p: tensor<i1>, %a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %s: tensor<f32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<?x?xf32>) {
  %r:4 = lite.if %p -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<?x?xf32>) {
    %n = lite.neg %a : tensor<2x3xf32>
    lite.yield %n, %a, %a, %a : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
  } else {
    %e = lite.exp %a : tensor<2x3xf32>
    lite.yield %e, %b, %s, %b : tensor<2x3xf32>, tensor<4x3xf32>, tensor<f32>, tensor<4x3xf32>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<?x?xf32>
}

// -----

// The branches are refined before they are joined.
// CHECK-LABEL: func.func @if_refined_branches
// CHECK-SAME: -> tensor<5xf32>
// CHECK: lite.if %{{.*}} -> (tensor<5xf32>)
// CHECK: lite.add {{.*}} -> tensor<5xf32>
// CHECK: lite.yield %{{.*}} : tensor<5xf32>
// CHECK: lite.reshape {{.*}} : (tensor<*xf32>, tensor<1xi32>) -> tensor<5xf32>
// CHECK: lite.yield %{{.*}} : tensor<5xf32>
func.func @if_refined_branches(%p: tensor<i1>, %x: tensor<*xf32>, %y: tensor<5xf32>) -> tensor<*xf32> {
  %r = lite.if %p -> (tensor<*xf32>) {
    %t = lite.add %y, %y : (tensor<5xf32>, tensor<5xf32>) -> tensor<*xf32>
    lite.yield %t : tensor<*xf32>
  } else {
    %c = lite.constant dense<[5]> : tensor<1xi32>
    %t = lite.reshape %x, %c : (tensor<*xf32>, tensor<1xi32>) -> tensor<*xf32>
    lite.yield %t : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// -----

//===----------------------------------------------------------------------===//
// lite.while: carried types widened with the body's yields until stable
//===----------------------------------------------------------------------===//

// A loop that appends a row every iteration: the first dimension changes,
// so it becomes dynamic; the second stays. The unranked counter gets its
// init's type.
// CHECK-LABEL: func.func @while_growing
// CHECK-SAME: -> (tensor<i32>, tensor<?x2xf32>)
// CHECK: lite.while ({{.*}}) : (tensor<i32>, tensor<1x2xf32>) -> (tensor<i32>, tensor<?x2xf32>) cond {
// CHECK: lite.less {{.*}} : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK: } body {
// CHECK: lite.add {{.*}} : (tensor<i32>, tensor<i32>) -> tensor<i32>
// CHECK: lite.concatenation {{.*}} : (tensor<?x2xf32>, tensor<1x2xf32>) -> tensor<?x2xf32>
// CHECK: lite.yield {{.*}} : tensor<i32>, tensor<?x2xf32>
func.func @while_growing(%x: tensor<1x2xf32>, %n: tensor<i32>) -> (tensor<*xi32>, tensor<*xf32>) {
  %c0 = lite.constant dense<0> : tensor<i32>
  %r:2 = lite.while (%i = %c0, %acc = %x) : (tensor<i32>, tensor<1x2xf32>) -> (tensor<*xi32>, tensor<*xf32>) cond {
    %p = lite.less %i, %n : (tensor<*xi32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
    %a1 = lite.concatenation %acc, %x {axis = 0 : i32} : (tensor<*xf32>, tensor<1x2xf32>) -> tensor<*xf32>
    lite.yield %i1, %a1 : tensor<*xi32>, tensor<*xf32>
  }
  return %r#0, %r#1 : tensor<*xi32>, tensor<*xf32>
}

// -----

// Loop state whose rank changes (a vector packed into a matrix) stays
// unranked; state that keeps its shape gets the init's.
// CHECK-LABEL: func.func @while_rank_change
// CHECK-SAME: -> (tensor<*xf32>, tensor<3xf32>)
// CHECK: lite.while ({{.*}}) : (tensor<3xf32>, tensor<3xf32>) -> (tensor<*xf32>, tensor<3xf32>) cond {
// CHECK: } body {
// CHECK: lite.pack {{.*}} : (tensor<*xf32>) -> tensor<*xf32>
// CHECK: lite.tanh {{.*}} : tensor<3xf32>
func.func @while_rank_change(%x: tensor<3xf32>, %n: tensor<i32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %r:2 = lite.while (%a = %x, %b = %x) : (tensor<3xf32>, tensor<3xf32>) -> (tensor<*xf32>, tensor<*xf32>) cond {
    %z = lite.constant dense<0> : tensor<i32>
    %p = lite.less %z, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %a1 = lite.pack %a {axis = 0 : i32} : (tensor<*xf32>) -> tensor<*xf32>
    %b1 = lite.tanh %b : tensor<*xf32>
    lite.yield %a1, %b1 : tensor<*xf32>, tensor<*xf32>
  }
  return %r#0, %r#1 : tensor<*xf32>, tensor<*xf32>
}

// -----

// The init and the declared carried type together: a dimension only the
// declared type knows and one only the init knows.
// CHECK-LABEL: func.func @while_init_meets_declared
// CHECK-SAME: -> tensor<8xf32>
// CHECK: lite.while ({{.*}}) : (tensor<?x4xf32>) -> tensor<2x4xf32> cond {
// CHECK: lite.neg {{.*}} : tensor<2x4xf32>
// CHECK: lite.relu {{.*}} : tensor<2x4xf32>
// CHECK: lite.reshape {{.*}} -> tensor<8xf32>
func.func @while_init_meets_declared(%x: tensor<?x4xf32>, %n: tensor<i32>) -> tensor<*xf32> {
  %r = lite.while (%a = %x) : (tensor<?x4xf32>) -> tensor<2x?xf32> cond {
    %z = lite.constant dense<0> : tensor<i32>
    %p = lite.less %z, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %m = lite.neg %a : tensor<2x?xf32>
    lite.yield %m : tensor<2x?xf32>
  }
  %t = lite.relu %r : tensor<2x?xf32>
  %c = lite.constant dense<-1> : tensor<1xi32>
  %u = lite.reshape %t, %c : (tensor<2x?xf32>, tensor<1xi32>) -> tensor<*xf32>
  return %u : tensor<*xf32>
}

// -----

// A nested loop whose state grows: the outer state becomes dynamic too, and
// the shape of the state in the condition is a vector of one entry.
// CHECK-LABEL: func.func @nested_while
// CHECK-SAME: -> tensor<?xf32>
// CHECK: lite.while ({{.*}}) : (tensor<2xf32>) -> tensor<?xf32> cond {
// CHECK: lite.shape {{.*}} : (tensor<?xf32>) -> tensor<1xi32>
// CHECK: lite.sum {{.*}} -> tensor<i32>
// CHECK: } body {
// CHECK: lite.while ({{.*}}) : (tensor<?xf32>) -> tensor<?xf32> cond {
// CHECK: lite.concatenation {{.*}} : (tensor<?xf32>, tensor<2xf32>) -> tensor<?xf32>
func.func @nested_while(%x: tensor<2xf32>, %n: tensor<i32>) -> tensor<*xf32> {
  %r = lite.while (%a = %x) : (tensor<2xf32>) -> tensor<*xf32> cond {
    %s = lite.shape %a : (tensor<*xf32>) -> tensor<?xi32>
    %z = lite.constant dense<0> : tensor<1xi32>
    %len = lite.sum %s, %z : (tensor<?xi32>, tensor<1xi32>) -> tensor<*xi32>
    %p = lite.less %len, %n : (tensor<*xi32>, tensor<i32>) -> tensor<*xi1>
    %z0 = lite.constant dense<> : tensor<0xi32>
    %q = lite.reshape %p, %z0 : (tensor<*xi1>, tensor<0xi32>) -> tensor<i1>
    lite.yield %q : tensor<i1>
  } body {
    %in = lite.while (%b = %a) : (tensor<*xf32>) -> tensor<*xf32> cond {
      %t = lite.constant dense<false> : tensor<i1>
      lite.yield %t : tensor<i1>
    } body {
      %c = lite.concatenation %b, %x {axis = 0 : i32} : (tensor<*xf32>, tensor<2xf32>) -> tensor<*xf32>
      lite.yield %c : tensor<*xf32>
    }
    lite.yield %in : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Functions and calls
//===----------------------------------------------------------------------===//

// Callees are refined first; call sites follow their callee's new result
// types and the caller is refined with them.
// CHECK-LABEL: func.func private @callee
// CHECK-SAME: -> tensor<1x3xf32>
// CHECK-LABEL: func.func @caller
// CHECK-SAME: -> tensor<1x3xf32>
// CHECK: call @callee(%{{.*}}) : (tensor<3xf32>) -> tensor<1x3xf32>
// CHECK: lite.exp %{{.*}} : tensor<1x3xf32>
func.func private @callee(%x: tensor<3xf32>) -> tensor<*xf32> {
  %n = lite.neg %x : tensor<3xf32>
  %p = lite.pack %n {axis = 0 : i32} : (tensor<3xf32>) -> tensor<*xf32>
  return %p : tensor<*xf32>
}

func.func @caller(%x: tensor<3xf32>) -> tensor<*xf32> {
  %r = func.call @callee(%x) : (tensor<3xf32>) -> tensor<*xf32>
  %e = lite.exp %r : tensor<*xf32>
  return %e : tensor<*xf32>
}

// -----

// Values passed to a call keep their types, and so do the values they are
// computed from through ops whose operand and result types are equal.
// CHECK-LABEL: func.func @pinned
// CHECK-SAME: -> (tensor<*xf32>, tensor<3xf32>)
// CHECK: lite.reshape {{.*}} -> tensor<*xf32>
// CHECK: lite.tanh {{.*}} : tensor<*xf32>
// CHECK: call @takes_unranked
// CHECK: lite.reshape {{.*}} -> tensor<3xf32>
func.func private @takes_unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  return %x : tensor<*xf32>
}

func.func @pinned(%x: tensor<3xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %c = lite.constant dense<-1> : tensor<1xi32>
  %r = lite.reshape %x, %c : (tensor<3xf32>, tensor<1xi32>) -> tensor<*xf32>
  %t = lite.tanh %r : tensor<*xf32>
  %call = func.call @takes_unranked(%t) : (tensor<*xf32>) -> tensor<*xf32>
  %other = lite.reshape %x, %c : (tensor<3xf32>, tensor<1xi32>) -> tensor<*xf32>
  return %call, %other : tensor<*xf32>, tensor<*xf32>
}

// -----

// A recursive function keeps its result types (and so the value it
// returns); the rest of its body is refined.
// CHECK-LABEL: func.func @recursive
// CHECK-SAME: -> tensor<*xf32>
// CHECK: lite.if %{{.*}} -> (tensor<*xf32>)
// CHECK: lite.add {{.*}} -> tensor<*xf32>
// CHECK: lite.sub {{.*}} -> tensor<2xf32>
// CHECK: lite.mul {{.*}} -> tensor<*xf32>
func.func @recursive(%x: tensor<2xf32>, %p: tensor<i1>) -> tensor<*xf32> {
  %r = lite.if %p -> (tensor<*xf32>) {
    %f = lite.constant dense<false> : tensor<i1>
    %c = func.call @recursive(%x, %f) : (tensor<2xf32>, tensor<i1>) -> tensor<*xf32>
    lite.yield %c : tensor<*xf32>
  } else {
    %n = lite.abs %x : tensor<2xf32>
    lite.yield %n : tensor<2xf32>
  }
  %a = lite.add %r, %x : (tensor<*xf32>, tensor<2xf32>) -> tensor<*xf32>
  %s = lite.sub %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<*xf32>
  %m = lite.mul %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<*xf32>
  return %m : tensor<*xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Odd IR
//===----------------------------------------------------------------------===//

// A refined type that contradicts the declared type of its user (the add
// cannot broadcast 4 against 3: the program fails at run time) is not
// taken; the rest of the function is still refined.
// CHECK-LABEL: func.func @contradiction
// CHECK: lite.reshape {{.*}} -> tensor<?xf32>
// CHECK: lite.add {{.*}} : (tensor<?xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK: lite.reshape {{.*}} -> tensor<4xf32>
func.func @contradiction(%x: tensor<4xf32>, %y: tensor<3xf32>) -> (tensor<3xf32>, tensor<?xf32>) {
  %c = lite.constant dense<-1> : tensor<1xi32>
  %r = lite.reshape %x, %c : (tensor<4xf32>, tensor<1xi32>) -> tensor<?xf32>
  %s = lite.add %r, %y : (tensor<?xf32>, tensor<3xf32>) -> tensor<3xf32>
  %t = lite.reshape %x, %c : (tensor<4xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %s, %t : tensor<3xf32>, tensor<?xf32>
}

// -----

// Odd constants never crash the pass: these ops keep their declared types.
// CHECK-LABEL: func.func @odd
// CHECK-SAME: -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<?xi32>)
func.func @odd(%x: tensor<2x3xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<?xi32>) {
  %huge = lite.constant dense<9223372036854775807> : tensor<1xi64>
  %neg = lite.constant dense<-2147483648> : tensor<1xi32>
  %0 = lite.expand_dims %x, %huge : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<*xf32>
  %1 = lite.sum %x, %neg : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<*xf32>
  // More elements than a kernel creates.
  %big = lite.constant dense<[4611686018427387904, 4611686018427387904]> : tensor<2xi64>
  %f = lite.constant dense<0.0> : tensor<f32>
  %2 = lite.fill %big, %f : (tensor<2xi64>, tensor<f32>) -> tensor<*xf32>
  %neg2 = lite.constant dense<[-1, -1]> : tensor<2xi32>
  %3 = lite.reshape %x, %neg2 : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  // A perm computed from a shape: [2, 3] is no permutation.
  %perm = lite.shape %x : (tensor<2x3xf32>) -> tensor<2xi32>
  %4 = lite.transpose %x, %perm : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  // 40 indexed dimensions, mask bits beyond 32.
  %ones = lite.constant dense<1> : tensor<40xi32>
  %5 = lite.strided_slice %x, %ones, %ones, %ones {shrink_axis_mask = -1 : i32} : (tensor<2x3xf32>, tensor<40xi32>, tensor<40xi32>, tensor<40xi32>) -> tensor<*xf32>
  %max = lite.constant dense<2147483647> : tensor<i32>
  %min = lite.constant dense<-2147483648> : tensor<i32>
  %step = lite.constant dense<1> : tensor<i32>
  %6 = lite.range %min, %max, %step : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<?xi32>
}

// -----

// A write into an unranked list keeps the list's type (the result's type is
// the list's): the rest of the function is still refined.
// CHECK-LABEL: func.func @list_write_keeps_refining
func.func @list_write_keeps_refining(%n: tensor<i32>, %i: tensor<i32>, %x: tensor<3xf32>, %y: tensor<2x?xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  // CHECK: lite.list_set_item %{{.*}} : (tensor<*xf32>, tensor<i32>, tensor<3xf32>) -> tensor<*xf32>
  // CHECK: lite.add %{{.*}} : (tensor<2x?xf32>, tensor<2x?xf32>) -> tensor<2x?xf32>
  %p = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  %p1 = lite.list_set_item %p[%i], %x : (tensor<*xf32>, tensor<i32>, tensor<3xf32>) -> tensor<*xf32>
  %e = lite.add %y, %y : (tensor<2x?xf32>, tensor<2x?xf32>) -> tensor<*xf32>
  return %p1, %e : tensor<*xf32>, tensor<*xf32>
}

// -----

// A resizable list keeps a dynamic length even with a constant count.
// CHECK-LABEL: func.func @resizable_reserve
// CHECK: lite.list_reserve %{{.*}} {resizable} : (tensor<i32>) -> tensor<?x2xf32>
func.func @resizable_reserve() -> tensor<?x2xf32> {
  %n = lite.constant dense<4> : tensor<i32>
  %l = lite.list_reserve %n {resizable} : (tensor<i32>) -> tensor<?x2xf32>
  return %l : tensor<?x2xf32>
}

// -----

// tile: each dimension times its multiple; a dimension of unknown size
// stays unknown.
// CHECK-LABEL: func.func @tile
// CHECK: lite.tile %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
// CHECK: lite.tile %{{.*}}, %{{.*}} : (tensor<?x3xf32>, tensor<2xi32>) -> tensor<?x6xf32>
func.func @tile(%x: tensor<2x3xf32>, %y: tensor<?x3xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %m = lite.constant dense<[2, 1]> : tensor<2xi32>
  %a = lite.tile %x, %m : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  %n = lite.constant dense<[1, 2]> : tensor<2xi32>
  %b = lite.tile %y, %n : (tensor<?x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  return %a, %b : tensor<*xf32>, tensor<*xf32>
}
