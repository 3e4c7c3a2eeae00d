// Binary arithmetic on int64 beyond the int32 range: sums and products
// wrap at 2^64, division by -1 of INT64_MIN stays INT64_MIN, floor_div and
// floor_mod round toward negative infinity, pow wraps (3^41 overflows),
// against a broadcast column %b.
// RUN: sluice-run %s --inputs=%S/elementwise_int64.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[9223372036854775807,9223372036854775806,-10000000002,10000000004,-4,3],"dtype":"int64","name":"output0","shape":[2,3]},{"data":[9223372036854775807,-9223372036854775808,10000000000,-9999999998,10,3],"dtype":"int64","name":"output1","shape":[2,3]},{"data":[-9223372036854775808,-9223372036854775807,10000000001,30000000003,-21,0],"dtype":"int64","name":"output2","shape":[2,3]},{"data":[-9223372036854775808,-9223372036854775807,10000000001,3333333333,-2,0],"dtype":"int64","name":"output3","shape":[2,3]},{"data":[-9223372036854775808,-9223372036854775807,10000000001,3333333333,-3,0],"dtype":"int64","name":"output4","shape":[2,3]},{"data":[0,0,0,2,2,0],"dtype":"int64","name":"output5","shape":[2,3]},{"data":[-1,1,1,-420491770248316829,9,1],"dtype":"int64","name":"output6","shape":[2,3]},{"data":[-1,9223372036854775807,-1,10000000001,3,3],"dtype":"int64","name":"output7","shape":[2,3]},{"data":[-9223372036854775808,-1,-10000000001,3,-7,0],"dtype":"int64","name":"output8","shape":[2,3]}]}
// RUN: sluice-run %s --inputs=%S/elementwise_int64.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[1000000000,-9000000000,-3999999999,-6,7,-18],"dtype":"int64","name":"output0","shape":[2,3]},{"data":[-9000000000,1000000000,-4000000001,-4,-17,8],"dtype":"int64","name":"output1","shape":[2,3]},{"data":[-1553255926290448384,1553255926290448384,-4000000000,5,-60,65],"dtype":"int64","name":"output2","shape":[2,3]},{"data":[-1,1,0,0,-2,2],"dtype":"int64","name":"output3","shape":[2,3]},{"data":[-2,1,-1,0,-3,2],"dtype":"int64","name":"output4","shape":[2,3]},{"data":[-3000000000,-1000000000,-3999999999,-1,-3,-3],"dtype":"int64","name":"output5","shape":[2,3]},{"data":[-4000000000,0,8466767299456532480,-5,5790225837517463603,-3125],"dtype":"int64","name":"output6","shape":[2,3]},{"data":[5000000000,-4000000000,1,-1,12,-5],"dtype":"int64","name":"output7","shape":[2,3]},{"data":[-4000000000,-5000000000,-4000000000,-5,-5,-13],"dtype":"int64","name":"output8","shape":[2,3]}]}
func.func @main(%a: tensor<2x3xi64>, %b: tensor<2x1xi64>, %e: tensor<3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>) {
  %add = lite.add %a, %b : (tensor<2x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi64>
  %sub = lite.sub %b, %a : (tensor<2x1xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  %mul = lite.mul %a, %b : (tensor<2x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi64>
  %div = lite.div %a, %b : (tensor<2x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi64>
  %fdiv = lite.floor_div %a, %b : (tensor<2x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi64>
  %fmod = lite.floor_mod %a, %b : (tensor<2x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi64>
  %pow = lite.pow %b, %e : (tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x3xi64>
  %max = lite.maximum %a, %b : (tensor<2x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi64>
  %min = lite.minimum %a, %b : (tensor<2x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi64>
  return %add, %sub, %mul, %div, %fdiv, %fmod, %pow, %max, %min : tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<2x3xi64>
}
