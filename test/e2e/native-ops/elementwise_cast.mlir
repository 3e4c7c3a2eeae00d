// cast between every dtype family. Floats to integers truncate toward zero
// and saturate at the integer's limits (-1e10 to int8 is -128, 300 to uint8
// is 255, negative values to uint8 are 0, 2147483647.0f, which is 2^31, to
// int32 is INT32_MAX); to bool anything nonzero is true (0.5 too); integers
// to narrower integers wrap (300 to uint8 is 44, 5000000000 to int32 is
// 705032704); uint8 and bool extend with zeros (200 stays 200 in int32),
// int8 with its sign.
// RUN: sluice-run %s --inputs=%S/elementwise_cast.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[-128,-128,0,0,0,127,127,127,127,127],"dtype":"int8","name":"output0","shape":[10]},{"data":[0,0,0,0,0,127,255,255,255,255],"dtype":"uint8","name":"output1","shape":[10]},{"data":[-2147483648,-128,0,0,0,127,255,300,2147483647,2147483647],"dtype":"int32","name":"output2","shape":[10]},{"data":[-10000000000,-128,0,0,0,127,255,300,2147483648,9223372036854775807],"dtype":"int64","name":"output3","shape":[10]},{"data":[true,true,true,false,true,true,true,true,true,true],"dtype":"bool","name":"output4","shape":[10]},{"data":[-10000000000,-128.69999694824219,-0.89999997615814209,0,0.5,127.90000152587891,255.5,300,2147483648,9.9999999805064479e+18],"dtype":"float64","name":"output5","shape":[10]},{"data":[-2147483648,3,2147483647],"dtype":"int32","name":"output6","shape":[3]},{"data":[-2147483648,3.999000072479248,1.0000000150474662e+30],"dtype":"float32","name":"output7","shape":[3]},{"data":[0,3,255],"dtype":"uint8","name":"output8","shape":[3]},{"data":[-1,0,300,-129,2147483648],"dtype":"float32","name":"output9","shape":[5]},{"data":[255,0,44,127,255],"dtype":"uint8","name":"output10","shape":[5]},{"data":[-1,0,44,127,-1],"dtype":"int8","name":"output11","shape":[5]},{"data":[true,false,true,true,true],"dtype":"bool","name":"output12","shape":[5]},{"data":[-1,0,300,-129,2147483647],"dtype":"int64","name":"output13","shape":[5]},{"data":[0,200,255],"dtype":"int32","name":"output14","shape":[3]},{"data":[0,200,255],"dtype":"float32","name":"output15","shape":[3]},{"data":[0,-56,-1],"dtype":"int8","name":"output16","shape":[3]},{"data":[-128,-1,100],"dtype":"int32","name":"output17","shape":[3]},{"data":[128,255,100],"dtype":"uint8","name":"output18","shape":[3]},{"data":[-128,-1,100],"dtype":"float64","name":"output19","shape":[3]},{"data":[1,0],"dtype":"float32","name":"output20","shape":[2]},{"data":[1,0],"dtype":"int32","name":"output21","shape":[2]},{"data":[1,0],"dtype":"uint8","name":"output22","shape":[2]},{"data":[705032704,0],"dtype":"int32","name":"output23","shape":[2]},{"data":[5000000000,-9.2233720368547758e+18],"dtype":"float64","name":"output24","shape":[2]}]}
func.func @main(%f: tensor<10xf32>, %d: tensor<3xf64>, %i: tensor<5xi32>, %u: tensor<3xui8>, %b: tensor<3xi8>, %p: tensor<2xi1>, %l: tensor<2xi64>) -> (tensor<10xi8>, tensor<10xui8>, tensor<10xi32>, tensor<10xi64>, tensor<10xi1>, tensor<10xf64>, tensor<3xi32>, tensor<3xf32>, tensor<3xui8>, tensor<5xf32>, tensor<5xui8>, tensor<5xi8>, tensor<5xi1>, tensor<5xi64>, tensor<3xi32>, tensor<3xf32>, tensor<3xi8>, tensor<3xi32>, tensor<3xui8>, tensor<3xf64>, tensor<2xf32>, tensor<2xi32>, tensor<2xui8>, tensor<2xi32>, tensor<2xf64>) {
  %f8 = lite.cast %f : tensor<10xf32> -> tensor<10xi8>
  %fu8 = lite.cast %f : tensor<10xf32> -> tensor<10xui8>
  %f32 = lite.cast %f : tensor<10xf32> -> tensor<10xi32>
  %f64 = lite.cast %f : tensor<10xf32> -> tensor<10xi64>
  %fb = lite.cast %f : tensor<10xf32> -> tensor<10xi1>
  %fd = lite.cast %f : tensor<10xf32> -> tensor<10xf64>
  %d32 = lite.cast %d : tensor<3xf64> -> tensor<3xi32>
  %df = lite.cast %d : tensor<3xf64> -> tensor<3xf32>
  %du8 = lite.cast %d : tensor<3xf64> -> tensor<3xui8>
  %if = lite.cast %i : tensor<5xi32> -> tensor<5xf32>
  %iu8 = lite.cast %i : tensor<5xi32> -> tensor<5xui8>
  %i8 = lite.cast %i : tensor<5xi32> -> tensor<5xi8>
  %ib = lite.cast %i : tensor<5xi32> -> tensor<5xi1>
  %il = lite.cast %i : tensor<5xi32> -> tensor<5xi64>
  %ui = lite.cast %u : tensor<3xui8> -> tensor<3xi32>
  %uf = lite.cast %u : tensor<3xui8> -> tensor<3xf32>
  %ub = lite.cast %u : tensor<3xui8> -> tensor<3xi8>
  %bi = lite.cast %b : tensor<3xi8> -> tensor<3xi32>
  %bu = lite.cast %b : tensor<3xi8> -> tensor<3xui8>
  %bd = lite.cast %b : tensor<3xi8> -> tensor<3xf64>
  %pf = lite.cast %p : tensor<2xi1> -> tensor<2xf32>
  %pi = lite.cast %p : tensor<2xi1> -> tensor<2xi32>
  %pu = lite.cast %p : tensor<2xi1> -> tensor<2xui8>
  %li = lite.cast %l : tensor<2xi64> -> tensor<2xi32>
  %ld = lite.cast %l : tensor<2xi64> -> tensor<2xf64>
  return %f8, %fu8, %f32, %f64, %fb, %fd, %d32, %df, %du8, %if, %iu8, %i8, %ib, %il, %ui, %uf, %ub, %bi, %bu, %bd, %pf, %pi, %pu, %li, %ld : tensor<10xi8>, tensor<10xui8>, tensor<10xi32>, tensor<10xi64>, tensor<10xi1>, tensor<10xf64>, tensor<3xi32>, tensor<3xf32>, tensor<3xui8>, tensor<5xf32>, tensor<5xui8>, tensor<5xi8>, tensor<5xi1>, tensor<5xi64>, tensor<3xi32>, tensor<3xf32>, tensor<3xi8>, tensor<3xi32>, tensor<3xui8>, tensor<3xf64>, tensor<2xf32>, tensor<2xi32>, tensor<2xui8>, tensor<2xi32>, tensor<2xf64>
}
