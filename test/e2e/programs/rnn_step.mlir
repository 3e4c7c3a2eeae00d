// An RNN step, fully_connected + tanh over a [1, 8] state, run for 10 steps
// of a [10, 4] input sequence: h = tanh(FC(x[t], Wx, b) + FC(h, Wh)), with
// the step's input row gathered by the loop counter. The weights are
// constants: Wx[i][j] = ((4i + j) mod 7 - 3) / 10, Wh[i][j] =
// ((8i + j) mod 5 - 2) / 20, b[i] = i / 100 - 0.03; the inputs are
// x[t][j] = sin(t + j / 2) (rounded to 3 places), h0 = 0 (in0), and
// x[t][j] = (t - j) / 10, h0 = [.5, -.5, .25, -.25, 1, -1, 0, .75] (in1).
// The expected values, computed in double precision from these formulas
// (float32 kernels agree to about 1e-6); the checks truncate them to 4 places:
// in0: -0.0797, 0.2223, -0.1593, 0.3097, -0.3080, 0.3514, -0.2271, -0.0019
// in1: -0.4679, 0.3495, -0.2150, -0.0039, 0.0847, -0.1268, 0.4891, -0.4369
// RUN: sluice-run %s --inputs=%S/rnn_step.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[-0.0797{{[0-9]*}},0.2223{{[0-9]*}},-0.1593{{[0-9]*}},0.3097{{[0-9]*}},-0.3080{{[0-9]*}},0.3514{{[0-9]*}},-0.2271{{[0-9]*}},-0.0019{{[0-9]*}}],"dtype":"float32","name":"output0","shape":[1,8]},{"data":[10],"dtype":"int32","name":"output1","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/rnn_step.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[-0.4679{{[0-9]*}},0.3495{{[0-9]*}},-0.2150{{[0-9]*}},-0.0039{{[0-9]*}},0.0847{{[0-9]*}},-0.1268{{[0-9]*}},0.4891{{[0-9]*}},-0.4369{{[0-9]*}}],"dtype":"float32","name":"output0","shape":[1,8]},{"data":[10],"dtype":"int32","name":"output1","shape":[]}]}
func.func @main(%xs: tensor<10x4xf32>, %h0: tensor<1x8xf32>) -> (tensor<1x8xf32>, tensor<i32>) {
  %wx = lite.constant dense<[[-0.3, -0.2, -0.1, 0.0], [0.1, 0.2, 0.3, -0.3], [-0.2, -0.1, 0.0, 0.1], [0.2, 0.3, -0.3, -0.2], [-0.1, 0.0, 0.1, 0.2], [0.3, -0.3, -0.2, -0.1], [0.0, 0.1, 0.2, 0.3], [-0.3, -0.2, -0.1, 0.0]]> : tensor<8x4xf32>
  %wh = lite.constant dense<[[-0.1, -0.05, 0.0, 0.05, 0.1, -0.1, -0.05, 0.0], [0.05, 0.1, -0.1, -0.05, 0.0, 0.05, 0.1, -0.1], [-0.05, 0.0, 0.05, 0.1, -0.1, -0.05, 0.0, 0.05], [0.1, -0.1, -0.05, 0.0, 0.05, 0.1, -0.1, -0.05], [0.0, 0.05, 0.1, -0.1, -0.05, 0.0, 0.05, 0.1], [-0.1, -0.05, 0.0, 0.05, 0.1, -0.1, -0.05, 0.0], [0.05, 0.1, -0.1, -0.05, 0.0, 0.05, 0.1, -0.1], [-0.05, 0.0, 0.05, 0.1, -0.1, -0.05, 0.0, 0.05]]> : tensor<8x8xf32>
  %b = lite.constant dense<[-0.03, -0.02, -0.01, 0.0, 0.01, 0.02, 0.03, 0.04]> : tensor<8xf32>
  %c0 = lite.constant dense<0> : tensor<i32>
  %r:2 = lite.while (%t = %c0, %h = %h0) : (tensor<i32>, tensor<1x8xf32>) -> (tensor<i32>, tensor<1x8xf32>) cond {
    %steps = lite.constant dense<10> : tensor<i32>
    %p = lite.less %t, %steps : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %shape = lite.constant dense<1> : tensor<1xi32>
    %idx = lite.reshape %t, %shape : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
    %x = lite.gather %xs, %idx {axis = 0 : i32} : (tensor<10x4xf32>, tensor<1xi32>) -> tensor<1x4xf32>
    %ux = lite.fully_connected %x, %wx, %b : (tensor<1x4xf32>, tensor<8x4xf32>, tensor<8xf32>) -> tensor<1x8xf32>
    %uh = lite.fully_connected %h, %wh : (tensor<1x8xf32>, tensor<8x8xf32>) -> tensor<1x8xf32>
    %s = lite.add %ux, %uh : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
    %h1 = lite.tanh %s : tensor<1x8xf32>
    %one = lite.constant dense<1> : tensor<i32>
    %t1 = lite.add %t, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %t1, %h1 : tensor<i32>, tensor<1x8xf32>
  }
  return %r#1, %r#0 : tensor<1x8xf32>, tensor<i32>
}
