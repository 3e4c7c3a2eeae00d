// Operands an elementwise op rejects only at run time, one per inputs file
// (in0 is fine): an int32 div by zero (in1), a uint8 floor_mod by a
// broadcast zero (in2), a rank-0 int64 floor_div by zero (in3), an int32
// pow with a negative exponent (in4) and dynamic shapes that do not
// broadcast (in5: 3 against 2). The interpreter reports an error; native
// code records SLUICE_ERROR_DIVISION_BY_ZERO, SLUICE_ERROR_INVALID_ARGUMENT
// or SLUICE_ERROR_SHAPE_MISMATCH and computes on without trapping.
// RUN: sluice-run %s --inputs=%S/elementwise_runtime_errors.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[-2147483648,3,-3],"dtype":"int32","name":"output0","shape":[3]},{"data":[8,1,9,0],"dtype":"uint8","name":"output1","shape":[2,2]},{"data":[-3],"dtype":"int64","name":"output2","shape":[]},{"data":[-2147483648,49,-343],"dtype":"int32","name":"output3","shape":[3]},{"data":[1.5,2.5,3.5],"dtype":"float32","name":"output4","shape":[3]}]}
// RUN: not sluice-run %s --inputs=%S/elementwise_runtime_errors.in1.json 2>&1 | FileCheck %s --check-prefix=IN1
// IN1: error: integer division by zero
// RUN: not sluice-run %s --inputs=%S/elementwise_runtime_errors.in2.json 2>&1 | FileCheck %s --check-prefix=IN2
// IN2: error: integer division by zero
// RUN: not sluice-run %s --inputs=%S/elementwise_runtime_errors.in3.json 2>&1 | FileCheck %s --check-prefix=IN3
// IN3: error: integer division by zero
// RUN: not sluice-run %s --inputs=%S/elementwise_runtime_errors.in4.json 2>&1 | FileCheck %s --check-prefix=IN4
// IN4: error: integer pow with negative exponent -1
// RUN: not sluice-run %s --inputs=%S/elementwise_runtime_errors.in5.json 2>&1 | FileCheck %s --check-prefix=IN5
// IN5: error: cannot broadcast operand shapes [3], [2]
func.func @main(%a: tensor<3xi32>, %b: tensor<3xi32>, %u: tensor<2x2xui8>, %v: tensor<2xui8>, %l: tensor<i64>, %k: tensor<i64>, %e: tensor<3xi32>, %x: tensor<?xf32>, %y: tensor<?xf32>) -> (tensor<3xi32>, tensor<2x2xui8>, tensor<i64>, tensor<3xi32>, tensor<?xf32>) {
  %div = lite.div %a, %b : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %fmod = lite.floor_mod %u, %v : (tensor<2x2xui8>, tensor<2xui8>) -> tensor<2x2xui8>
  %fdiv = lite.floor_div %l, %k : (tensor<i64>, tensor<i64>) -> tensor<i64>
  %pow = lite.pow %a, %e : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %add = lite.add %x, %y : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %div, %fmod, %fdiv, %pow, %add : tensor<3xi32>, tensor<2x2xui8>, tensor<i64>, tensor<3xi32>, tensor<?xf32>
}
