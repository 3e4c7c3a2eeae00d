// fill with constant dims (float, bool, ui8) and with run-time dims (an
// empty result too); range of constants (int32, negative int64 steps,
// float32 with a step that repeated addition rounds, float64) and of
// run-time values (int32, int64, float32, float64); shape of static and
// dynamic tensors as int32 and int64. in0 and in1 differ in the run-time
// values; in2 has int32/int64 ranges near the type limits and float ranges
// by 0.1, where native code (start + k * delta) and the interpreter
// (repeated addition) differ in the last bits only.
func.func @main(%dims: tensor<2xi32>, %v: tensor<i64>, %start: tensor<i32>, %limit: tensor<i32>, %delta: tensor<i32>, %fs: tensor<f32>, %fl: tensor<f32>, %fd: tensor<f32>, %ls: tensor<i64>, %dd: tensor<f64>, %d: tensor<?x3x?xf32>) -> (tensor<2x3xf32>, tensor<2xi1>, tensor<3xui8>, tensor<?x?xi64>, tensor<5xi32>, tensor<3xi64>, tensor<?xf32>, tensor<4xf64>, tensor<?xi32>, tensor<?xf32>, tensor<?xi64>, tensor<?xf64>, tensor<3xi32>, tensor<3xi64>, tensor<2xi64>) {
  %c23 = lite.constant dense<[2, 3]> : tensor<2xi32>
  %half = lite.constant dense<0.5> : tensor<f32>
  %a = lite.fill %c23, %half : (tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
  %c2 = lite.constant dense<[2]> : tensor<1xi64>
  %t = lite.constant dense<true> : tensor<i1>
  %b = lite.fill %c2, %t : (tensor<1xi64>, tensor<i1>) -> tensor<2xi1>
  %c3 = lite.constant dense<[3]> : tensor<1xi32>
  %u = lite.constant dense<250> : tensor<ui8>
  %c = lite.fill %c3, %u : (tensor<1xi32>, tensor<ui8>) -> tensor<3xui8>
  %e = lite.fill %dims, %v : (tensor<2xi32>, tensor<i64>) -> tensor<?x?xi64>
  %r0s = lite.constant dense<-3> : tensor<i32>
  %r0l = lite.constant dense<7> : tensor<i32>
  %r0d = lite.constant dense<2> : tensor<i32>
  %f = lite.range %r0s, %r0l, %r0d : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<5xi32>
  %r1s = lite.constant dense<10> : tensor<i64>
  %r1l = lite.constant dense<1> : tensor<i64>
  %r1d = lite.constant dense<-4> : tensor<i64>
  %g = lite.range %r1s, %r1l, %r1d : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<3xi64>
  %r2s = lite.constant dense<0.0> : tensor<f32>
  %r2l = lite.constant dense<1.0> : tensor<f32>
  %r2d = lite.constant dense<0.1> : tensor<f32>
  %h = lite.range %r2s, %r2l, %r2d : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<?xf32>
  %r3s = lite.constant dense<1.0> : tensor<f64>
  %r3l = lite.constant dense<-1.0> : tensor<f64>
  %r3d = lite.constant dense<-0.5> : tensor<f64>
  %i = lite.range %r3s, %r3l, %r3d : (tensor<f64>, tensor<f64>, tensor<f64>) -> tensor<4xf64>
  %j = lite.range %start, %limit, %delta : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %k = lite.range %fs, %fl, %fd : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<?xf32>
  %l = lite.range %ls, %r1s, %v : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  %m = lite.range %r3l, %r3s, %dd : (tensor<f64>, tensor<f64>, tensor<f64>) -> tensor<?xf64>
  %n = lite.shape %d : (tensor<?x3x?xf32>) -> tensor<3xi32>
  %o = lite.shape %d : (tensor<?x3x?xf32>) -> tensor<3xi64>
  %p = lite.shape %a : (tensor<2x3xf32>) -> tensor<2xi64>
  return %a, %b, %c, %e, %f, %g, %h, %i, %j, %k, %l, %m, %n, %o, %p : tensor<2x3xf32>, tensor<2xi1>, tensor<3xui8>, tensor<?x?xi64>, tensor<5xi32>, tensor<3xi64>, tensor<?xf32>, tensor<4xf64>, tensor<?xi32>, tensor<?xf32>, tensor<?xi64>, tensor<?xf64>, tensor<3xi32>, tensor<3xi64>, tensor<2xi64>
}
