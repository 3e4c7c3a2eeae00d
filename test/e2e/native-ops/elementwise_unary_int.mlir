// The unary ops on integers: neg, abs and square wrap (abs of INT_MIN is
// INT_MIN, 16^2 is 0 in int8), relu clamps negatives to 0; zeros_like for
// every dtype, one of them of dynamic shape.
// RUN: sluice-run %s --inputs=%S/elementwise_unary_int.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[-128,5,-16,-127],"dtype":"int8","name":"output0","shape":[4]},{"data":[-128,5,16,127],"dtype":"int8","name":"output1","shape":[4]},{"data":[0,25,0,1],"dtype":"int8","name":"output2","shape":[4]},{"data":[0,0,16,127],"dtype":"int8","name":"output3","shape":[4]},{"data":[-2147483648,3,-46341,-7],"dtype":"int32","name":"output4","shape":[2,2]},{"data":[-2147483648,3,46341,7],"dtype":"int32","name":"output5","shape":[2,2]},{"data":[0,9,-2147479015,49],"dtype":"int32","name":"output6","shape":[2,2]},{"data":[0,0,46341,7],"dtype":"int32","name":"output7","shape":[2,2]},{"data":[-9223372036854775808,4000000000,-3037000500],"dtype":"int64","name":"output8","shape":[3]},{"data":[-9223372036854775808,4000000000,3037000500],"dtype":"int64","name":"output9","shape":[3]},{"data":[0,-2446744073709551616,-9223372036709301616],"dtype":"int64","name":"output10","shape":[3]},{"data":[0,0,3037000500],"dtype":"int64","name":"output11","shape":[3]},{"data":[0,1],"dtype":"uint8","name":"output12","shape":[2]},{"data":[0,0],"dtype":"uint8","name":"output13","shape":[2]},{"data":[false,false],"dtype":"bool","name":"output14","shape":[2]},{"data":[0,0,0,0,0,0],"dtype":"float32","name":"output15","shape":[3,2]},{"data":[0,0,0,0],"dtype":"int32","name":"output16","shape":[2,2]}]}
func.func @main(%b: tensor<4xi8>, %i: tensor<2x2xi32>, %l: tensor<3xi64>, %u: tensor<2xui8>, %p: tensor<2xi1>, %f: tensor<?x2xf32>) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xi32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>, tensor<2xui8>, tensor<2xui8>, tensor<2xi1>, tensor<?x2xf32>, tensor<2x2xi32>) {
  %bneg = lite.neg %b : tensor<4xi8>
  %babs = lite.abs %b : tensor<4xi8>
  %bsquare = lite.square %b : tensor<4xi8>
  %brelu = lite.relu %b : tensor<4xi8>
  %ineg = lite.neg %i : tensor<2x2xi32>
  %iabs = lite.abs %i : tensor<2x2xi32>
  %isquare = lite.square %i : tensor<2x2xi32>
  %irelu = lite.relu %i : tensor<2x2xi32>
  %lneg = lite.neg %l : tensor<3xi64>
  %labs = lite.abs %l : tensor<3xi64>
  %lsquare = lite.square %l : tensor<3xi64>
  %lrelu = lite.relu %l : tensor<3xi64>
  %usquare = lite.square %u : tensor<2xui8>
  %uzeros = lite.zeros_like %u : tensor<2xui8>
  %pzeros = lite.zeros_like %p : tensor<2xi1>
  %fzeros = lite.zeros_like %f : tensor<?x2xf32>
  %izeros = lite.zeros_like %i : tensor<2x2xi32>
  return %bneg, %babs, %bsquare, %brelu, %ineg, %iabs, %isquare, %irelu, %lneg, %labs, %lsquare, %lrelu, %usquare, %uzeros, %pzeros, %fzeros, %izeros : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xi32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>, tensor<2xui8>, tensor<2xui8>, tensor<2xi1>, tensor<?x2xf32>, tensor<2x2xi32>
}
