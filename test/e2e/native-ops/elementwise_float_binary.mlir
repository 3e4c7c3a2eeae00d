// Binary arithmetic on float32 with broadcasting (a row vector against a
// matrix, the matrix on either side) and on float64 against a scalar.
// floor_div divides in double and floors (1 / 0.1f is 9.99999985 there, so
// 9, where float32 division would round to 10); floor_mod is fmod moved by
// the divisor when the signs differ (-7.5 mod 2 = 0.5, 3 mod -4 = -1).
// pow raises to a column of exponents and to a scalar one.
// RUN: sluice-run %s --inputs=%S/elementwise_float_binary.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[9.5,1.1000000238418579,-1,-5.5,-0.89999997615814209,-4.5],"dtype":"float32","name":"output0","shape":[2,3]},{"data":[-5.5,-0.89999997615814209,-7,9.5,1.1000000238418579,-3.5],"dtype":"float32","name":"output1","shape":[2,3]},{"data":[15,0.10000000149011612,-12,-15,-0.10000000149011612,2],"dtype":"float32","name":"output2","shape":[2,3]},{"data":[3.75,10,-0.75,-3.75,-10,0.125],"dtype":"float32","name":"output3","shape":[2,3]},{"data":[3,9,-1,-4,-10,0],"dtype":"float32","name":"output4","shape":[2,3]},{"data":[1.5,0.099999986588954926,-1,0.5,1.4901161193847656e-08,-0.5],"dtype":"float32","name":"output5","shape":[2,3]},{"data":[56.25,1,9,-421.875,-1,-0.125],"dtype":"float32","name":"output6","shape":[2,3]},{"data":[7.5,1,3,2,0.10000000149011612,-0.5],"dtype":"float32","name":"output7","shape":[2,3]},{"data":[2,0.10000000149011612,-4,-7.5,-1,-4],"dtype":"float32","name":"output8","shape":[2,3]},{"data":[-9.25,5.25,-1.5,-5],"dtype":"float64","name":"output9","shape":[4]},{"data":[3.625,-3.625,-0.25,1.5],"dtype":"float64","name":"output10","shape":[4]},{"data":[3,-4,-1,1],"dtype":"float64","name":"output11","shape":[4]},{"data":[-1.25,-0.75,-1.5,-1],"dtype":"float64","name":"output12","shape":[4]},{"data":[0.019024970273483946,0.019024970273483946,4,0.1111111111111111],"dtype":"float64","name":"output13","shape":[4]}]}
// RUN: sluice-run %s --inputs=%S/elementwise_float_binary.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[-1.5,3,12.75,-1.4989999532699585,9,-2.25],"dtype":"float32","name":"output0","shape":[2,3]},{"data":[-1.5,3,-12.25,-1.5010000467300415,-3,2.75],"dtype":"float32","name":"output1","shape":[2,3]},{"data":[-0,0,3.125,-0.001500000013038516,18,-0.625],"dtype":"float32","name":"output2","shape":[2,3]},{"data":[-0,0,50,-0.00066666671773418784,2,-10],"dtype":"float32","name":"output3","shape":[2,3]},{"data":[-0,0,50,-1,2,-10],"dtype":"float32","name":"output4","shape":[2,3]},{"data":[0,0,0,-1.4989999532699585,0,-0],"dtype":"float32","name":"output5","shape":[2,3]},{"data":[0,0,3.5355339050292969,999.99993896484375,0.1666666716337204,-0.40000000596046448],"dtype":"float32","name":"output6","shape":[2,3]},{"data":[0,3,12.5,0.0010000000474974513,6,0.25],"dtype":"float32","name":"output7","shape":[2,3]},{"data":[-1.5,0,0.25,-1.5,3,-2.5],"dtype":"float32","name":"output8","shape":[2,3]},{"data":[10.5,2.75,2,0.5],"dtype":"float64","name":"output9","shape":[4]},{"data":[20,4.5,3,0],"dtype":"float64","name":"output10","shape":[4]},{"data":[20,4,3,0],"dtype":"float64","name":"output11","shape":[4]},{"data":[0,0.25,0,0],"dtype":"float64","name":"output12","shape":[4]},{"data":[3.1622776601683795,1.5,1.2247448713915889,0],"dtype":"float64","name":"output13","shape":[4]}]}
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %e: tensor<2x1xf32>, %c: tensor<4xf64>, %d: tensor<f64>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %add = lite.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %sub = lite.sub %b, %a : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %mul = lite.mul %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %div = lite.div %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %fdiv = lite.floor_div %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %fmod = lite.floor_mod %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %pow = lite.pow %a, %e : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %max = lite.maximum %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %min = lite.minimum %b, %a : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %dadd = lite.add %c, %d : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
  %ddiv = lite.div %c, %d : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
  %dfdiv = lite.floor_div %c, %d : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
  %dfmod = lite.floor_mod %c, %d : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
  %dpow = lite.pow %c, %d : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
  return %add, %sub, %mul, %div, %fdiv, %fmod, %pow, %max, %min, %dadd, %ddiv, %dfdiv, %dfmod, %dpow : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}
