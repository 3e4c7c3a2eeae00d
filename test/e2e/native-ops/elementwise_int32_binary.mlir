// Binary arithmetic on int32. Row 0 of %a against %b covers every sign
// combination of dividend and divisor: div truncates toward zero (-7 / 2 =
// -3), floor_div rounds down (-7 // 2 = -4), floor_mod takes the divisor's
// sign (-7 mod 2 = 1, 7 mod -2 = -1). %c and %d are the edges: add, sub
// and mul wrap around, INT_MIN / -1 is INT_MIN and INT_MIN mod -1 is 0.
// pow multiplies with wraparound (2^31 is INT_MIN).
// RUN: sluice-run %s --inputs=%S/elementwise_int32_binary.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[9,-5,5,-9,8,-4,-2,2147483645],"dtype":"int32","name":"output0","shape":[2,4]},{"data":[5,-9,9,-5,4,-8,2,-2147483647],"dtype":"int32","name":"output1","shape":[2,4]},{"data":[14,-14,-14,14,12,-12,0,2],"dtype":"int32","name":"output2","shape":[2,4]},{"data":[3,-3,-3,3,3,-3,0,-1073741823],"dtype":"int32","name":"output3","shape":[2,4]},{"data":[3,-4,-4,3,3,-3,0,-1073741824],"dtype":"int32","name":"output4","shape":[2,4]},{"data":[1,1,-1,-1,0,0,0,-1],"dtype":"int32","name":"output5","shape":[2,4]},{"data":[7,2,7,-2,6,2,0,2147483647],"dtype":"int32","name":"output6","shape":[2,4]},{"data":[2,-7,-2,-7,2,-6,-2,-2],"dtype":"int32","name":"output7","shape":[2,4]},{"data":[2147483647,-2147483647,2147483646,2],"dtype":"int32","name":"output8","shape":[4]},{"data":[-2147483647,2147483647,-2147483648,-4],"dtype":"int32","name":"output9","shape":[4]},{"data":[0,0,1,1],"dtype":"int32","name":"output10","shape":[4]},{"data":[-2147483648,-2147483648,-2147483647,0],"dtype":"int32","name":"output11","shape":[4]},{"data":[-2147483648,-2147483648,-2147483647,-1],"dtype":"int32","name":"output12","shape":[4]},{"data":[0,0,0,2],"dtype":"int32","name":"output13","shape":[4]},{"data":[-2147483648,-27,1,689956897],"dtype":"int32","name":"output14","shape":[4]}]}
// RUN: sluice-run %s --inputs=%S/elementwise_int32_binary.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[4,-1,8,5,2,-5,2,-3],"dtype":"int32","name":"output0","shape":[2,4]},{"data":[-2,5,-2,3,-4,1,-8,-5],"dtype":"int32","name":"output1","shape":[2,4]},{"data":[3,-6,15,4,-3,6,-15,-4],"dtype":"int32","name":"output2","shape":[2,4]},{"data":[0,0,0,4,0,0,0,-4],"dtype":"int32","name":"output3","shape":[2,4]},{"data":[0,-1,0,4,-1,0,-1,-4],"dtype":"int32","name":"output4","shape":[2,4]},{"data":[1,-1,3,0,2,-2,2,0],"dtype":"int32","name":"output5","shape":[2,4]},{"data":[3,2,5,4,3,-2,5,1],"dtype":"int32","name":"output6","shape":[2,4]},{"data":[1,-3,3,1,-1,-3,-3,-4],"dtype":"int32","name":"output7","shape":[2,4]},{"data":[131072,0,0,-2147483648],"dtype":"int32","name":"output8","shape":[4]},{"data":[0,-10,10,-2147483648],"dtype":"int32","name":"output9","shape":[4]},{"data":[0,25,25,0],"dtype":"int32","name":"output10","shape":[4]},{"data":[1,-1,-1,0],"dtype":"int32","name":"output11","shape":[4]},{"data":[1,-1,-1,0],"dtype":"int32","name":"output12","shape":[4]},{"data":[0,0,0,0],"dtype":"int32","name":"output13","shape":[4]},{"data":[-1,1,1,-2147483648],"dtype":"int32","name":"output14","shape":[4]}]}
func.func @main(%a: tensor<2x4xi32>, %b: tensor<4xi32>, %c: tensor<4xi32>, %d: tensor<4xi32>, %base: tensor<4xi32>, %exp: tensor<4xi32>) -> (tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %add = lite.add %a, %b : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  %sub = lite.sub %a, %b : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  %mul = lite.mul %b, %a : (tensor<4xi32>, tensor<2x4xi32>) -> tensor<2x4xi32>
  %div = lite.div %a, %b : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  %fdiv = lite.floor_div %a, %b : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  %fmod = lite.floor_mod %a, %b : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  %max = lite.maximum %a, %b : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  %min = lite.minimum %a, %b : (tensor<2x4xi32>, tensor<4xi32>) -> tensor<2x4xi32>
  %eadd = lite.add %c, %d : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %esub = lite.sub %c, %d : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %emul = lite.mul %c, %c : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %ediv = lite.div %c, %d : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %efdiv = lite.floor_div %c, %d : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %efmod = lite.floor_mod %c, %d : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %pow = lite.pow %base, %exp : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %add, %sub, %mul, %div, %fdiv, %fmod, %max, %min, %eadd, %esub, %emul, %ediv, %efdiv, %efmod, %pow : tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}
