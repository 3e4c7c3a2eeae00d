// Binary arithmetic on int8 and uint8: results wrap modulo 256 (100 + 100
// is -56 in int8, 3 - 7 is 252 in uint8), int8 -128 / -1 is -128, uint8
// divides, compares and takes maximum/minimum unsigned (200 > 100, where
// int8 would see -56), and floor_mod of uint8 is the plain remainder. pow
// wraps in both (3^7 = 2187 is 139 in uint8); the uint8 exponents above
// 127 would be negative as int8.
// RUN: sluice-run %s --inputs=%S/elementwise_int8_uint8.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[-56,127,-5,5],"dtype":"int8","name":"output0","shape":[4]},{"data":[0,-127,-9,9],"dtype":"int8","name":"output1","shape":[4]},{"data":[16,-128,-14,-14],"dtype":"int8","name":"output2","shape":[4]},{"data":[1,-128,-3,-3],"dtype":"int8","name":"output3","shape":[4]},{"data":[1,-128,-4,-4],"dtype":"int8","name":"output4","shape":[4]},{"data":[0,0,1,-1],"dtype":"int8","name":"output5","shape":[4]},{"data":[16,0,1,-73],"dtype":"int8","name":"output6","shape":[4]},{"data":[100,-1,2,7],"dtype":"int8","name":"output7","shape":[4]},{"data":[100,-128,-7,-2],"dtype":"int8","name":"output8","shape":[4]},{"data":[44,10,1,5],"dtype":"uint8","name":"output9","shape":[4]},{"data":[156,4,3,5],"dtype":"uint8","name":"output10","shape":[4]},{"data":[32,21,254,0],"dtype":"uint8","name":"output11","shape":[4]},{"data":[2,0,127,0],"dtype":"uint8","name":"output12","shape":[4]},{"data":[66,1,85,0],"dtype":"uint8","name":"output13","shape":[4]},{"data":[0,3,1,0],"dtype":"uint8","name":"output14","shape":[4]},{"data":[0,139,1,0],"dtype":"uint8","name":"output15","shape":[4]},{"data":[161,27,171,1],"dtype":"uint8","name":"output16","shape":[4]},{"data":[200,7,255,5],"dtype":"uint8","name":"output17","shape":[4]},{"data":[100,3,2,0],"dtype":"uint8","name":"output18","shape":[4]}]}
// RUN: sluice-run %s --inputs=%S/elementwise_int8_uint8.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[-4,-2,56,5],"dtype":"int8","name":"output0","shape":[4]},{"data":[2,0,0,-5],"dtype":"int8","name":"output1","shape":[4]},{"data":[3,1,16,0],"dtype":"int8","name":"output2","shape":[4]},{"data":[0,1,1,0],"dtype":"int8","name":"output3","shape":[4]},{"data":[0,1,1,0],"dtype":"int8","name":"output4","shape":[4]},{"data":[-1,0,0,0],"dtype":"int8","name":"output5","shape":[4]},{"data":[-1,127,16,0],"dtype":"int8","name":"output6","shape":[4]},{"data":[-1,127,-100,5],"dtype":"int8","name":"output7","shape":[4]},{"data":[-3,127,-100,0],"dtype":"int8","name":"output8","shape":[4]},{"data":[2,127,73,122],"dtype":"uint8","name":"output9","shape":[4]},{"data":[0,127,71,134],"dtype":"uint8","name":"output10","shape":[4]},{"data":[1,128,200,0],"dtype":"uint8","name":"output11","shape":[4]},{"data":[1,0,0,1],"dtype":"uint8","name":"output12","shape":[4]},{"data":[0,0,0,0],"dtype":"uint8","name":"output13","shape":[4]},{"data":[0,128,129,122],"dtype":"uint8","name":"output14","shape":[4]},{"data":[1,0,1,0],"dtype":"uint8","name":"output15","shape":[4]},{"data":[255,1,255,1],"dtype":"uint8","name":"output16","shape":[4]},{"data":[1,255,200,250],"dtype":"uint8","name":"output17","shape":[4]},{"data":[1,128,129,128],"dtype":"uint8","name":"output18","shape":[4]}]}
func.func @main(%a: tensor<4xi8>, %b: tensor<4xi8>, %e: tensor<4xi8>, %u: tensor<4xui8>, %v: tensor<4xui8>, %s: tensor<ui8>) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>) {
  %add = lite.add %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %sub = lite.sub %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %mul = lite.mul %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %div = lite.div %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %fdiv = lite.floor_div %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %fmod = lite.floor_mod %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %pow = lite.pow %a, %e : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %max = lite.maximum %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %min = lite.minimum %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %uadd = lite.add %u, %v : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %usub = lite.sub %v, %u : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %umul = lite.mul %u, %v : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %udiv = lite.div %u, %v : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %ufdiv = lite.floor_div %u, %s : (tensor<4xui8>, tensor<ui8>) -> tensor<4xui8>
  %ufmod = lite.floor_mod %u, %v : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %upow = lite.pow %u, %v : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %upow2 = lite.pow %s, %u : (tensor<ui8>, tensor<4xui8>) -> tensor<4xui8>
  %umax = lite.maximum %u, %v : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %umin = lite.minimum %u, %v : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %add, %sub, %mul, %div, %fdiv, %fmod, %pow, %max, %min, %uadd, %usub, %umul, %udiv, %ufdiv, %ufmod, %upow, %upow2, %umax, %umin : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>
}
