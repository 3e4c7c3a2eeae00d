// The unary ops on float32 and float64: neg, abs, square and relu on mixed
// signs, exp, tanh and logistic over a wide range (exp(20) is large,
// logistic(-20) tiny), log, sqrt and rsqrt on positive values.
// RUN: sluice-run %s --inputs=%S/elementwise_unary_float.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[20,1,-0,-0.5,-3,-20],"dtype":"float32","name":"output0","shape":[6]},{"data":[20,1,0,0.5,3,20],"dtype":"float32","name":"output1","shape":[6]},{"data":[400,1,0,0.25,9,400],"dtype":"float32","name":"output2","shape":[6]},{"data":[0,0,0,0.5,3,20],"dtype":"float32","name":"output3","shape":[6]},{"data":[2.0611536921677498e-09,0.36787945032119751,1,1.6487212181091309,20.085536956787109,485165184],"dtype":"float32","name":"output4","shape":[6]},{"data":[-1,-0.76159417629241943,0,0.46211716532707214,0.99505478143692017,1],"dtype":"float32","name":"output5","shape":[6]},{"data":[2.0611536921677498e-09,0.26894143223762512,0.5,0.62245935201644897,0.95257413387298584,1],"dtype":"float32","name":"output6","shape":[6]},{"data":[-1.3862943649291992,0,0.69314718246459961,13.815510749816895],"dtype":"float32","name":"output7","shape":[2,2]},{"data":[0.5,1,1.4142135381698608,1000],"dtype":"float32","name":"output8","shape":[2,2]},{"data":[2,1,0.70710676908493042,0.0010000000474974513],"dtype":"float32","name":"output9","shape":[2,2]},{"data":[3.5,0.001,-0.75,-40],"dtype":"float64","name":"output10","shape":[4]},{"data":[3.5,0.001,0.75,40],"dtype":"float64","name":"output11","shape":[4]},{"data":[12.25,9.9999999999999995e-07,0.5625,1600],"dtype":"float64","name":"output12","shape":[4]},{"data":[0,0,0.75,40],"dtype":"float64","name":"output13","shape":[4]},{"data":[0.030197383422318501,0.99900049983337502,2.1170000166126748,2.3538526683702e+17],"dtype":"float64","name":"output14","shape":[4]},{"data":[-0.99817789761119868,-0.0009999996666668,0.6351489523872873,1],"dtype":"float64","name":"output15","shape":[4]},{"data":[0.029312230751356319,0.49975000002083331,0.67917869917539297,1],"dtype":"float64","name":"output16","shape":[4]},{"data":[2.0149030205422647],"dtype":"float64","name":"output17","shape":[]},{"data":[2.7386127875258306],"dtype":"float64","name":"output18","shape":[]},{"data":[0.36514837167011072],"dtype":"float64","name":"output19","shape":[]}]}
func.func @main(%x: tensor<6xf32>, %pos: tensor<2x2xf32>, %d: tensor<4xf64>, %dpos: tensor<f64>) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<f64>, tensor<f64>, tensor<f64>) {
  %neg = lite.neg %x : tensor<6xf32>
  %abs = lite.abs %x : tensor<6xf32>
  %square = lite.square %x : tensor<6xf32>
  %relu = lite.relu %x : tensor<6xf32>
  %exp = lite.exp %x : tensor<6xf32>
  %tanh = lite.tanh %x : tensor<6xf32>
  %logistic = lite.logistic %x : tensor<6xf32>
  %log = lite.log %pos : tensor<2x2xf32>
  %sqrt = lite.sqrt %pos : tensor<2x2xf32>
  %rsqrt = lite.rsqrt %pos : tensor<2x2xf32>
  %dneg = lite.neg %d : tensor<4xf64>
  %dabs = lite.abs %d : tensor<4xf64>
  %dsquare = lite.square %d : tensor<4xf64>
  %drelu = lite.relu %d : tensor<4xf64>
  %dexp = lite.exp %d : tensor<4xf64>
  %dtanh = lite.tanh %d : tensor<4xf64>
  %dlogistic = lite.logistic %d : tensor<4xf64>
  %dlog = lite.log %dpos : tensor<f64>
  %dsqrt = lite.sqrt %dpos : tensor<f64>
  %drsqrt = lite.rsqrt %dpos : tensor<f64>
  return %neg, %abs, %square, %relu, %exp, %tanh, %logistic, %log, %sqrt, %rsqrt, %dneg, %dabs, %dsquare, %drelu, %dexp, %dtanh, %dlogistic, %dlog, %dsqrt, %drsqrt : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<f64>, tensor<f64>, tensor<f64>
}
