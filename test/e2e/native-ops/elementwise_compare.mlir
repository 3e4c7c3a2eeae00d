// The six comparisons on float32 (a matrix against a broadcast row), int32
// against a scalar, uint8 (unsigned: 200 > 100), int8 (signed: -56 < 100),
// bool (false < true), int64 and float64.
// RUN: sluice-run %s --inputs=%S/elementwise_compare.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[true,false,false,false,false,false],"dtype":"bool","name":"output0","shape":[2,3]},{"data":[true,true,false,true,false,true],"dtype":"bool","name":"output1","shape":[2,3]},{"data":[true,false,false,false,false,false],"dtype":"bool","name":"output2","shape":[2,3]},{"data":[false,true,true,true,true,true],"dtype":"bool","name":"output3","shape":[2,3]},{"data":[false,true,false,true,false,true],"dtype":"bool","name":"output4","shape":[2,3]},{"data":[true,false,true,false,true,false],"dtype":"bool","name":"output5","shape":[2,3]},{"data":[true,false,false,false],"dtype":"bool","name":"output6","shape":[4]},{"data":[true,true,false,false],"dtype":"bool","name":"output7","shape":[4]},{"data":[false,false,true,true],"dtype":"bool","name":"output8","shape":[4]},{"data":[true,true,false,false],"dtype":"bool","name":"output9","shape":[4]},{"data":[false,true,false,false],"dtype":"bool","name":"output10","shape":[4]},{"data":[true,false,true,true],"dtype":"bool","name":"output11","shape":[4]},{"data":[false,true,false],"dtype":"bool","name":"output12","shape":[3]},{"data":[true,false,true],"dtype":"bool","name":"output13","shape":[3]},{"data":[true,false,false],"dtype":"bool","name":"output14","shape":[3]},{"data":[false,true,true],"dtype":"bool","name":"output15","shape":[3]},{"data":[false,true,false,false],"dtype":"bool","name":"output16","shape":[4]},{"data":[true,false,true,true],"dtype":"bool","name":"output17","shape":[4]},{"data":[true,false,false,true],"dtype":"bool","name":"output18","shape":[4]},{"data":[false,true,true,false],"dtype":"bool","name":"output19","shape":[4]},{"data":[true,false],"dtype":"bool","name":"output20","shape":[2]},{"data":[false,true],"dtype":"bool","name":"output21","shape":[2]},{"data":[true,true,false],"dtype":"bool","name":"output22","shape":[3]},{"data":[false,false,true],"dtype":"bool","name":"output23","shape":[3]}]}
func.func @main(%f: tensor<2x3xf32>, %g: tensor<3xf32>, %i: tensor<4xi32>, %j: tensor<i32>, %u: tensor<3xui8>, %v: tensor<3xui8>, %s: tensor<3xi8>, %t: tensor<3xi8>, %p: tensor<4xi1>, %q: tensor<4xi1>, %l: tensor<2xi64>, %m: tensor<2xi64>, %d: tensor<3xf64>, %h: tensor<f64>) -> (tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2xi1>, tensor<2xi1>, tensor<3xi1>, tensor<3xi1>) {
  %f0 = lite.less %f, %g : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %f1 = lite.less_equal %f, %g : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %f2 = lite.greater %g, %f : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %f3 = lite.greater_equal %f, %g : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %f4 = lite.equal %f, %g : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %f5 = lite.not_equal %f, %g : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %i0 = lite.less %i, %j : (tensor<4xi32>, tensor<i32>) -> tensor<4xi1>
  %i1 = lite.less_equal %i, %j : (tensor<4xi32>, tensor<i32>) -> tensor<4xi1>
  %i2 = lite.greater %i, %j : (tensor<4xi32>, tensor<i32>) -> tensor<4xi1>
  %i3 = lite.greater_equal %j, %i : (tensor<i32>, tensor<4xi32>) -> tensor<4xi1>
  %i4 = lite.equal %i, %j : (tensor<4xi32>, tensor<i32>) -> tensor<4xi1>
  %i5 = lite.not_equal %i, %j : (tensor<4xi32>, tensor<i32>) -> tensor<4xi1>
  %u0 = lite.less %u, %v : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
  %u1 = lite.greater_equal %u, %v : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
  %s0 = lite.less %s, %t : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi1>
  %s1 = lite.greater_equal %s, %t : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi1>
  %p0 = lite.less %p, %q : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %p1 = lite.greater_equal %p, %q : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %p2 = lite.equal %p, %q : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %p3 = lite.not_equal %p, %q : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %l0 = lite.less_equal %l, %m : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
  %l1 = lite.greater %l, %m : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi1>
  %d0 = lite.less %d, %h : (tensor<3xf64>, tensor<f64>) -> tensor<3xi1>
  %d1 = lite.equal %d, %h : (tensor<3xf64>, tensor<f64>) -> tensor<3xi1>
  return %f0, %f1, %f2, %f3, %f4, %f5, %i0, %i1, %i2, %i3, %i4, %i5, %u0, %u1, %s0, %s1, %p0, %p1, %p2, %p3, %l0, %l1, %d0, %d1 : tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2xi1>, tensor<2xi1>, tensor<3xi1>, tensor<3xi1>
}
