// log1p, expm1 and xlog1py keep the digits of arguments near 0, where
// log(1 + x) and exp(x) - 1 give 0 (MLIR's default lowerings of math.log1p
// and math.expm1); expm1 stays finite up to exp's overflow (88.7) and is
// inf at inf. native_differential.py compares with the interpreter (libm)
// within 1e-5 relative.
// RUN: sluice-run %s --inputs=%S/elementwise_near_zero.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[1.0000000031710769e-30,-1.000000082740371e-07,0.0009995003929361701,4.4964709281921387,0,-0,"inf"],"dtype":"float32","name":"output0","shape":[7]},{"data":[1.0000000031710769e-30,-9.9999994063182385e-08,0.0010005001677200198,3.325976864406685e+38,0,-0,"inf"],"dtype":"float32","name":"output1","shape":[7]},{"data":[2.0000000063421537e-30,-2.000000165480742e-07,0.0019990007858723402,8.9929418563842773,0,-0,"inf"],"dtype":"float32","name":"output2","shape":[7]}]}
func.func @main(%x: tensor<7xf32>) -> (tensor<7xf32>, tensor<7xf32>, tensor<7xf32>) {
  %two = lite.constant dense<2.0> : tensor<f32>
  %l = lite.log1p %x : tensor<7xf32>
  %e = lite.expm1 %x : tensor<7xf32>
  %xl = lite.xlog1py %two, %x : (tensor<f32>, tensor<7xf32>) -> tensor<7xf32>
  return %l, %e, %xl : tensor<7xf32>, tensor<7xf32>, tensor<7xf32>
}
