// Fused activations on add, sub, mul and div: RELU clamps below at 0,
// RELU_N1_TO_1 to [-1, 1], RELU6 to [0, 6], TANH applies tanh (float
// only). On uint8 the lower bound -1 means nothing and 0 clamps nothing,
// so RELU_N1_TO_1 is min(x, 1); int8 and int32 clamp like floats.
// RUN: sluice-run %s --inputs=%S/elementwise_activation.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[0,0,1.25,2,4,10.5],"dtype":"float32","name":"output0","shape":[6]},{"data":[-1,-1,-1,-1,1,1],"dtype":"float32","name":"output1","shape":[6]},{"data":[0,0,0,0.75,3.75,6],"dtype":"float32","name":"output2","shape":[6]},{"data":[-0.99039047956466675,-0.76159417629241943,-0.16514042019844055,0.32151275873184204,0.93110960721969604,0.99998772144317627],"dtype":"float32","name":"output3","shape":[6]},{"data":[-2.5,0,1.25,2,4,10.5],"dtype":"float32","name":"output4","shape":[6]},{"data":[0,1,1,0,10],"dtype":"int32","name":"output5","shape":[5]},{"data":[-1,-1,-1,1,1],"dtype":"int32","name":"output6","shape":[5]},{"data":[0,0,0,0,6],"dtype":"int32","name":"output7","shape":[5]},{"data":[0,0,0,0,6],"dtype":"int32","name":"output8","shape":[5]},{"data":[0,4,102,4],"dtype":"uint8","name":"output9","shape":[4]},{"data":[0,1,1,1],"dtype":"uint8","name":"output10","shape":[4]},{"data":[0,3,6,6],"dtype":"uint8","name":"output11","shape":[4]},{"data":[6,2,0],"dtype":"int8","name":"output12","shape":[3]},{"data":[1,1,1],"dtype":"int8","name":"output13","shape":[3]}]}
func.func @main(%a: tensor<6xf32>, %b: tensor<f32>, %i: tensor<5xi32>, %j: tensor<5xi32>, %u: tensor<4xui8>, %v: tensor<4xui8>, %s: tensor<3xi8>) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<5xi32>, tensor<5xi32>, tensor<5xi32>, tensor<5xi32>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<3xi8>, tensor<3xi8>) {
  %relu = lite.add %a, %b {fused_activation_function = #lite.activation<RELU>} : (tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
  %n1 = lite.sub %a, %b {fused_activation_function = #lite.activation<RELU_N1_TO_1>} : (tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
  %relu6 = lite.mul %a, %b {fused_activation_function = #lite.activation<RELU6>} : (tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
  %tanh = lite.div %a, %b {fused_activation_function = #lite.activation<TANH>} : (tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
  %none = lite.add %a, %b {fused_activation_function = #lite.activation<NONE>} : (tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
  %irelu = lite.add %i, %j {fused_activation_function = #lite.activation<RELU>} : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
  %in1 = lite.sub %i, %j {fused_activation_function = #lite.activation<RELU_N1_TO_1>} : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
  %irelu6 = lite.mul %i, %j {fused_activation_function = #lite.activation<RELU6>} : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
  %idiv = lite.div %i, %j {fused_activation_function = #lite.activation<RELU6>} : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
  %urelu = lite.add %u, %v {fused_activation_function = #lite.activation<RELU>} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %un1 = lite.sub %u, %v {fused_activation_function = #lite.activation<RELU_N1_TO_1>} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %urelu6 = lite.mul %u, %v {fused_activation_function = #lite.activation<RELU6>} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %srelu6 = lite.add %s, %s {fused_activation_function = #lite.activation<RELU6>} : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  %sn1 = lite.mul %s, %s {fused_activation_function = #lite.activation<RELU_N1_TO_1>} : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  return %relu, %n1, %relu6, %tanh, %none, %irelu, %in1, %irelu6, %idiv, %urelu, %un1, %urelu6, %srelu6, %sn1 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<5xi32>, tensor<5xi32>, tensor<5xi32>, tensor<5xi32>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<3xi8>, tensor<3xi8>
}
