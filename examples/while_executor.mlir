// TensorFlow's `tf.while_loop(lambda i: i < 10, lambda i: i + 1, [0])` as a
// v1 dataflow graph: enter/merge/switch/next_iteration/exit around islands.
func.func @main() -> tensor<i32> {
  %r = executor.graph {
    %c0, %k0 = executor.island {
      %0 = lite.constant dense<0> : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %e, %ke = executor.enter %c0 frame "while/while_context" : tensor<i32>
    %m, %idx, %km = executor.merge %e, %n : tensor<i32>
    %lim, %kl = executor.island(%km) {
      %1 = lite.constant dense<10> : tensor<i32>
      executor.yield %1 : tensor<i32>
    }
    %p, %kp = executor.island {
      %2 = lite.less %m, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %2 : tensor<i1>
    }
    %lc, %klc = executor.loop_cond %p
    %f, %t, %ks = executor.switch %m, %lc : tensor<i32>
    %one, %k1 = executor.island(%km) {
      %3 = lite.constant dense<1> : tensor<i32>
      executor.yield %3 : tensor<i32>
    }
    %b, %kb = executor.island {
      %4 = lite.add %t, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %4 : tensor<i32>
    }
    %n, %kn = executor.next_iteration %b : tensor<i32>
    %x, %kx = executor.exit %f : tensor<i32>
    executor.fetch %x : tensor<i32>
  }
  return %r : tensor<i32>
}
