// Broadcasting where sizes are known only at run time, one case per inputs
// file: in0 broadcasts %a (1 element) against %b (4), in1 %b against %a,
// in2 has equal sizes; the matrix %m broadcasts against the row %r along
// whichever dimension is 1 (in0: 2x1 with 3, in1: 1x3 with 1, in2: 2x3
// with 3). A dynamic operand also meets a static one (%a with 4 elements
// or 1), a divisor check runs over a dynamic operand, and a single
// dynamic operand against a scalar needs no run-time broadcast.
// RUN: sluice-run %s --inputs=%S/elementwise_dynamic.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[11,30,7,20],"dtype":"float32","name":"output0","shape":[4]},{"data":[true,false,true,false],"dtype":"bool","name":"output1","shape":[4]},{"data":[10,20,10,10],"dtype":"float32","name":"output2","shape":[4]},{"data":[21,-21,35,-21,21,-35],"dtype":"int32","name":"output3","shape":[2,3]},{"data":[1,-2,2,2,-1,3],"dtype":"int32","name":"output4","shape":[2,3]},{"data":[9,8,7,6],"dtype":"float32","name":"output5","shape":[4]},{"data":[49,49],"dtype":"int32","name":"output6","shape":[2,1]},{"data":[-1,-20,3,-10],"dtype":"float32","name":"output7","shape":[4]}]}
// RUN: sluice-run %s --inputs=%S/elementwise_dynamic.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[3.5,22.5,-0.5,12.5],"dtype":"float32","name":"output0","shape":[4]},{"data":[false,true,false,true],"dtype":"bool","name":"output1","shape":[4]},{"data":[2.5,20,2.5,10],"dtype":"float32","name":"output2","shape":[4]},{"data":[-28,32,-36],"dtype":"int32","name":"output3","shape":[1,3]},{"data":[-1,0,-3],"dtype":"int32","name":"output4","shape":[1,3]},{"data":[0,18,-6,6],"dtype":"float32","name":"output5","shape":[4]},{"data":[49,64,81],"dtype":"int32","name":"output6","shape":[1,3]},{"data":[-2.5],"dtype":"float32","name":"output7","shape":[1]}]}
// RUN: sluice-run %s --inputs=%S/elementwise_dynamic.in2.json | FileCheck %s --check-prefix=IN2
// IN2: {"outputs":[{"data":[5,23,-1,11],"dtype":"float32","name":"output0","shape":[4]},{"data":[false,true,false,true],"dtype":"bool","name":"output1","shape":[4]},{"data":[4,20,2,10],"dtype":"float32","name":"output2","shape":[4]},{"data":[2,-4,12,-8,10,-24],"dtype":"int32","name":"output3","shape":[2,3]},{"data":[1,0,3,0,-1,2],"dtype":"int32","name":"output4","shape":[2,3]},{"data":[0,18,-6,6],"dtype":"float32","name":"output5","shape":[4]},{"data":[1,4,9,16,25,36],"dtype":"int32","name":"output6","shape":[2,3]},{"data":[-4,-3,-2,-1],"dtype":"float32","name":"output7","shape":[4]}]}
func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>, %m: tensor<?x?xi32>, %r: tensor<?xi32>) -> (tensor<?xf32>, tensor<?xi1>, tensor<?xf32>, tensor<?x?xi32>, tensor<?x?xi32>, tensor<4xf32>, tensor<?x?xi32>, tensor<?xf32>) {
  %add = lite.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %less = lite.less %b, %a : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xi1>
  %sel = lite.select_v2 %less, %a, %b : (tensor<?xi1>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %mul = lite.mul %m, %r : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %fmod = lite.floor_mod %m, %r : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %s = lite.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %sub = lite.sub %a, %s : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  %two = lite.constant dense<2> : tensor<i32>
  %pow = lite.pow %m, %two : (tensor<?x?xi32>, tensor<i32>) -> tensor<?x?xi32>
  %neg = lite.neg %b : tensor<?xf32>
  return %add, %less, %sel, %mul, %fmod, %sub, %pow, %neg : tensor<?xf32>, tensor<?xi1>, tensor<?xf32>, tensor<?x?xi32>, tensor<?x?xi32>, tensor<4xf32>, tensor<?x?xi32>, tensor<?xf32>
}
