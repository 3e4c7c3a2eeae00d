// dynamic_update_slice: a block written at run-time start indices into a
// static operand (int32 indices), into a dynamically shaped operand (int64
// indices, a dynamically shaped update), into a bool vector, and at
// constant indices. Every start index is clamped to [0, dim - update dim]
// first: in1's run-time indices are all out of range, and its update of %d
// is as large as %d. (The loop that writes one element of an array per
// iteration is test/e2e/programs/dynamic_update_slice_loop.mlir.)
func.func @main(%x: tensor<3x4xf32>, %u: tensor<2x2xf32>, %i: tensor<2xi32>,
                %d: tensor<?x?xi64>, %v: tensor<?x?xi64>, %j: tensor<2xi64>,
                %flags: tensor<5xi1>, %k: tensor<1xi32>)
    -> (tensor<3x4xf32>, tensor<?x?xi64>, tensor<5xi1>, tensor<3x4xf32>) {
  %a = lite.dynamic_update_slice %x, %u, %i : (tensor<3x4xf32>, tensor<2x2xf32>, tensor<2xi32>) -> tensor<3x4xf32>
  %b = lite.dynamic_update_slice %d, %v, %j : (tensor<?x?xi64>, tensor<?x?xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  %t = lite.constant dense<true> : tensor<2xi1>
  %f = lite.dynamic_update_slice %flags, %t, %k : (tensor<5xi1>, tensor<2xi1>, tensor<1xi32>) -> tensor<5xi1>
  %at = lite.constant dense<[1, 3]> : tensor<2xi32>
  %m = lite.constant dense<-1.5> : tensor<1x1xf32>
  %e = lite.dynamic_update_slice %x, %m, %at : (tensor<3x4xf32>, tensor<1x1xf32>, tensor<2xi32>) -> tensor<3x4xf32>
  return %a, %b, %f, %e : tensor<3x4xf32>, tensor<?x?xi64>, tensor<5xi1>, tensor<3x4xf32>
}
