// Attention weights: softmax of scores along the last dimension, a
// weighted sum, and the log-softmax of the scores as a loss term; reverse
// mode goes through both (their gradients use the results). By hand for
// s = [[0, ln 3]]: softmax = [0.25, 0.75]; v = [[4, 8]] gives 0.25 * 4 +
// 0.75 * 8 = 7 (in float32 7.0000005); log_softmax = [ln 0.25, ln 0.75] = [-1.386294, -0.287682].
// RUN: sluice-run %s --inputs=%S/softmax_attention.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[7.0000004768371582],"dtype":"float32","name":"output0","shape":[1]},{"data":[-1.3862943649291992,-0.28768202662467957],"dtype":"float32","name":"output1","shape":[1,2]}]}
func.func @main(%s: tensor<1x2xf32>, %v: tensor<1x2xf32>) -> (tensor<1xf32>, tensor<1x2xf32>) {
  %w = lite.softmax %s : tensor<1x2xf32>
  %wv = lite.mul %w, %v : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
  %last = lite.constant dense<-1> : tensor<1xi32>
  %sum = lite.sum %wv, %last : (tensor<1x2xf32>, tensor<1xi32>) -> tensor<1xf32>
  %l = lite.log_softmax %s : tensor<1x2xf32>
  return %sum, %l : tensor<1xf32>, tensor<1x2xf32>
}
