// RUN: sluice-opt %s -split-input-file -allow-unregistered-dialect -verify-diagnostics

//===----------------------------------------------------------------------===//
// executor.graph
//===----------------------------------------------------------------------===//

// The custom parser takes the graph's result types from the fetch, so it
// rejects a body that does not end in one.
func.func @graph_without_fetch() {
  // expected-error@+1 {{expects a body ending in 'executor.fetch'}}
  executor.graph {
    %k = executor.control_trigger
  }
  return
}

// -----

func.func @graph_empty_region() {
  // expected-error@+1 {{expects a body ending in 'executor.fetch'}}
  executor.graph {
  }
  return
}

// -----

func.func @graph_ending_in_yield() {
  // expected-error@+1 {{expects a body ending in 'executor.fetch'}}
  executor.graph {
    executor.yield
  }
  return
}

// -----

// The same check in the verifier, for the generic form.
func.func @graph_without_fetch_generic() {
  // expected-error@+1 {{'executor.graph' op expects a body ending in 'executor.fetch'}}
  "executor.graph"() ({
    %k = "executor.control_trigger"() : () -> !executor.control
  }) : () -> ()
  return
}

// -----

func.func @graph_non_executor_op(%a: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{'lite.neg' op cannot appear directly in an executor.graph; wrap it in an executor.island}}
    %n = lite.neg %a : tensor<f32>
    executor.fetch
  }
  return
}

// -----

func.func @graph_unregistered_op() {
  executor.graph {
    // expected-error@+1 {{'test.op' op cannot appear directly in an executor.graph; wrap it in an executor.island}}
    "test.op"() : () -> ()
    executor.fetch
  }
  return
}

// -----

// A graph is not a node: it has no control token and no frame of its own.
func.func @graph_in_graph() {
  executor.graph {
    // expected-error@+1 {{'executor.graph' op cannot appear directly in an executor.graph; wrap it in an executor.island}}
    executor.graph {
      executor.fetch
    }
    executor.fetch
  }
  return
}

// -----

func.func @graph_fetch_count() {
  // expected-error@+1 {{'executor.graph' op fetches 0 value(s) of types () but the graph returns ('tensor<f32>')}}
  %r = "executor.graph"() ({
    "executor.fetch"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
  }) : () -> tensor<f32>
  return
}

// -----

func.func @graph_fetch_types(%a: tensor<f32>, %b: tensor<2xi32>) {
  // expected-error@+1 {{'executor.graph' op fetches 2 value(s) of types ('tensor<f32>', 'tensor<2xi32>') but the graph returns ('tensor<f32>', 'tensor<?xi32>')}}
  %r:2 = "executor.graph"() ({
    "executor.fetch"(%a, %b) <{operandSegmentSizes = array<i32: 2, 0>}> : (tensor<f32>, tensor<2xi32>) -> ()
  }) : () -> (tensor<f32>, tensor<?xi32>)
  return
}

// -----

func.func @graph_result_count(%a: tensor<f32>) {
  // expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
  %r:2 = executor.graph {
    executor.fetch %a : tensor<f32>
  }
  return
}

//===----------------------------------------------------------------------===//
// executor.fetch
//===----------------------------------------------------------------------===//

// -----

func.func @fetch_outside_graph() {
  // expected-error@+1 {{'executor.fetch' op expects parent op 'executor.graph'}}
  executor.fetch
}

// -----

// The graph takes its result types from the fetch, so the graph reports a
// control token fetched as data.
func.func @fetch_control_as_data() {
  // expected-error@+1 {{'executor.graph' op result #0 must be variadic of tensor of any type values, but got '!executor.control'}}
  %r = executor.graph {
    %k = executor.control_trigger
    executor.fetch %k : !executor.control
  }
  return
}

// -----

func.func @fetch_tensor_as_control(%a: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{'executor.fetch' op operand #0 must be variadic of a control token}}
    "executor.fetch"(%a) <{operandSegmentSizes = array<i32: 0, 1>}> : (tensor<f32>) -> ()
  }
  return
}

// -----

func.func @fetch_not_last() {
  executor.graph {
    // expected-error@+1 {{'executor.fetch' op must be the last operation in the parent block}}
    "executor.fetch"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
    %k = executor.control_trigger
    executor.fetch
  }
  return
}

//===----------------------------------------------------------------------===//
// executor.island and executor.yield
//===----------------------------------------------------------------------===//

// -----

func.func @island_without_yield() {
  executor.graph {
    // expected-error@+1 {{expects a body ending in 'executor.yield'}}
    %k = executor.island {
      %c = lite.constant dense<1> : tensor<i32>
    }
    executor.fetch
  }
  return
}

// -----

func.func @island_ending_in_fetch() {
  executor.graph {
    // expected-error@+1 {{expects a body ending in 'executor.yield'}}
    %k = executor.island {
      executor.fetch
    }
    executor.fetch
  }
  return
}

// -----

func.func @island_without_yield_generic() {
  executor.graph {
    // expected-error@+1 {{'executor.island' op expects a body ending in 'executor.yield'}}
    %k = "executor.island"() ({
      %c = lite.constant dense<1> : tensor<i32>
    }) : () -> !executor.control
    executor.fetch
  }
  return
}

// -----

func.func @island_yield_count() {
  executor.graph {
    // expected-error@+1 {{'executor.island' op yields () but declares outputs ('tensor<f32>')}}
    %o, %k = "executor.island"() ({
      "executor.yield"() : () -> ()
    }) : () -> (tensor<f32>, !executor.control)
    executor.fetch
  }
  return
}

// -----

func.func @island_yield_types(%a: tensor<f32>, %b: tensor<i32>) {
  executor.graph {
    // expected-error@+1 {{'executor.island' op yields ('tensor<f32>', 'tensor<i32>') but declares outputs ('tensor<f32>', 'tensor<f32>')}}
    %o:2, %k = "executor.island"() ({
      "executor.yield"(%a, %b) : (tensor<f32>, tensor<i32>) -> ()
    }) : () -> (tensor<f32>, tensor<f32>, !executor.control)
    executor.fetch
  }
  return
}

// -----

func.func @island_without_control_result() {
  executor.graph {
    // expected-error@+1 {{'executor.island' op result #0 must be a control token}}
    %o = "executor.island"() ({
      %c = lite.constant dense<1> : tensor<i32>
      "executor.yield"(%c) : (tensor<i32>) -> ()
    }) : () -> tensor<i32>
    executor.fetch
  }
  return
}

// -----

func.func @island_outside_graph() {
  // expected-error@+1 {{'executor.island' op expects parent op 'executor.graph'}}
  %k = executor.island {
    executor.yield
  }
  return
}

// -----

func.func @yield_outside_island() {
  // expected-error@+1 {{'executor.yield' op expects parent op 'executor.island'}}
  executor.yield
}

// -----

func.func @yield_in_graph() {
  executor.graph {
    // expected-error@+1 {{'executor.yield' op expects parent op 'executor.island'}}
    executor.yield
    executor.fetch
  }
  return
}

// -----

// The island takes its output types from the yield, so the island reports a
// control token yielded as data.
func.func @yield_control_token() {
  executor.graph {
    %k0 = executor.control_trigger
    // expected-error@+1 {{'executor.island' op result #0 must be variadic of tensor of any type values, but got '!executor.control'}}
    %o, %k = executor.island {
      executor.yield %k0 : !executor.control
    }
    executor.fetch
  }
  return
}

//===----------------------------------------------------------------------===//
// executor.switch
//===----------------------------------------------------------------------===//

// -----

func.func @switch_vector_predicate(%a: tensor<f32>, %p: tensor<2xi1>) {
  executor.graph {
    // expected-error@+1 {{'executor.switch' op operand #1 must be 0D or unranked tensor of i1, but got 'tensor<2xi1>'}}
    %f, %t, %k = "executor.switch"(%a, %p) : (tensor<f32>, tensor<2xi1>) -> (tensor<f32>, tensor<f32>, !executor.control)
    executor.fetch
  }
  return
}

// -----

func.func @switch_i32_predicate(%a: tensor<f32>, %p: tensor<i32>) {
  executor.graph {
    // expected-error@+1 {{'executor.switch' op operand #1 must be 0D or unranked tensor of i1, but got 'tensor<i32>'}}
    %f, %t, %k = "executor.switch"(%a, %p) : (tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<f32>, !executor.control)
    executor.fetch
  }
  return
}

// -----

// In the custom form the predicate's type is implied, so a wrong one shows as
// a type mismatch of the value.
// expected-note@+1 {{prior use here}}
func.func @switch_predicate_custom(%a: tensor<f32>, %p: tensor<2xi1>) {
  executor.graph {
    // expected-error@+1 {{use of value '%p' expects different type than prior uses: 'tensor<i1>' vs 'tensor<2xi1>'}}
    %f, %t, %k = executor.switch %a, %p : tensor<f32>
    executor.fetch
  }
  return
}

// -----

func.func @switch_output_types(%a: tensor<f32>, %p: tensor<i1>) {
  executor.graph {
    // expected-error@+1 {{'executor.switch' op failed to verify that all of {data, false_output, true_output} have same type}}
    %f, %t, %k = "executor.switch"(%a, %p) : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<?xf32>, !executor.control)
    executor.fetch
  }
  return
}

// -----

func.func @switch_outside_graph(%a: tensor<f32>, %p: tensor<i1>) {
  // expected-error@+1 {{'executor.switch' op expects parent op 'executor.graph'}}
  %f, %t, %k = executor.switch %a, %p : tensor<f32>
  return
}

//===----------------------------------------------------------------------===//
// executor.merge
//===----------------------------------------------------------------------===//

// -----

func.func @merge_no_input() {
  executor.graph {
    // expected-error@+1 {{'executor.merge' op expects at least one data input}}
    %m, %i, %k = executor.merge : tensor<f32>
    executor.fetch
  }
  return
}

// -----

func.func @merge_element_type(%a: tensor<f32>, %b: tensor<i32>) {
  executor.graph {
    // expected-error@+1 {{'executor.merge' op data input #1 has type 'tensor<i32>', whose element type differs from the output type 'tensor<f32>'}}
    %m, %i, %k = executor.merge %a, %b : (tensor<f32>, tensor<i32>) -> tensor<f32>
    executor.fetch
  }
  return
}

// -----

func.func @merge_element_type_unranked(%a: tensor<2xf32>) {
  executor.graph {
    // expected-error@+1 {{'executor.merge' op data input #0 has type 'tensor<2xf32>', whose element type differs from the output type 'tensor<*xf16>'}}
    %m, %i, %k = executor.merge %a : (tensor<2xf32>) -> tensor<*xf16>
    executor.fetch
  }
  return
}

// -----

func.func @merge_shape(%a: tensor<2xf32>, %b: tensor<3xf32>) {
  executor.graph {
    // expected-error@+1 {{'executor.merge' op data input #1 has type 'tensor<3xf32>', whose shape is not compatible with the output type 'tensor<2xf32>'}}
    %m, %i, %k = executor.merge %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
    executor.fetch
  }
  return
}

// -----

func.func @merge_rank(%a: tensor<?xf32>, %b: tensor<2x?xf32>) {
  executor.graph {
    // expected-error@+1 {{'executor.merge' op data input #2 has type 'tensor<2x?xf32>', whose shape is not compatible with the output type 'tensor<?xf32>'}}
    %m, %i, %k = executor.merge %a, %a, %b : (tensor<?xf32>, tensor<?xf32>, tensor<2x?xf32>) -> tensor<?xf32>
    executor.fetch
  }
  return
}

// -----

func.func @merge_type_count(%a: tensor<f32>, %b: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{number of operands and types do not match: got 2 operands and 1 types}}
    %m, %i, %k = executor.merge %a, %b : (tensor<f32>) -> tensor<f32>
    executor.fetch
  }
  return
}

// -----

func.func @merge_value_index_type(%a: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{'executor.merge' op result #1 must be 0D tensor of 32-bit signless integer values, but got 'tensor<i64>'}}
    %m, %i, %k = "executor.merge"(%a) <{operandSegmentSizes = array<i32: 1, 0>}> : (tensor<f32>) -> (tensor<f32>, tensor<i64>, !executor.control)
    executor.fetch
  }
  return
}

// -----

func.func @merge_outside_graph(%a: tensor<f32>) {
  // expected-error@+1 {{'executor.merge' op expects parent op 'executor.graph'}}
  %m, %i, %k = executor.merge %a : tensor<f32>
  return
}

//===----------------------------------------------------------------------===//
// executor.enter, executor.exit, executor.next_iteration
//===----------------------------------------------------------------------===//

// -----

func.func @enter_empty_frame(%a: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{'executor.enter' op expects a non-empty frame name}}
    %e, %k = executor.enter %a frame "" : tensor<f32>
    executor.fetch
  }
  return
}

// -----

func.func @enter_zero_parallel_iterations(%a: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{'executor.enter' op expects parallel_iterations >= 1, got 0}}
    %e, %k = executor.enter %a frame "f" parallel_iterations 0 : tensor<f32>
    executor.fetch
  }
  return
}

// -----

func.func @enter_negative_parallel_iterations(%a: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{'executor.enter' op expects parallel_iterations >= 1, got -3}}
    %e, %k = executor.enter %a frame "f" constant parallel_iterations -3 : tensor<f32>
    executor.fetch
  }
  return
}

// -----

func.func @enter_missing_frame(%a: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{'executor.enter' op requires attribute 'frame_name'}}
    %e, %k = "executor.enter"(%a) : (tensor<f32>) -> (tensor<f32>, !executor.control)
    executor.fetch
  }
  return
}

// -----

func.func @enter_output_type(%a: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{'executor.enter' op failed to verify that all of {data, output} have same type}}
    %e, %k = "executor.enter"(%a) <{frame_name = "f"}> : (tensor<f32>) -> (tensor<*xf32>, !executor.control)
    executor.fetch
  }
  return
}

// -----

func.func @enter_outside_graph(%a: tensor<f32>) {
  // expected-error@+1 {{'executor.enter' op expects parent op 'executor.graph'}}
  %e, %k = executor.enter %a frame "f" : tensor<f32>
  return
}

// -----

func.func @exit_output_type(%a: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{'executor.exit' op failed to verify that all of {data, output} have same type}}
    %x, %k = "executor.exit"(%a) : (tensor<f32>) -> (tensor<i32>, !executor.control)
    executor.fetch
  }
  return
}

// -----

func.func @exit_outside_graph(%a: tensor<f32>) {
  // expected-error@+1 {{'executor.exit' op expects parent op 'executor.graph'}}
  %x, %k = executor.exit %a : tensor<f32>
  return
}

// -----

func.func @next_iteration_output_type(%a: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{'executor.next_iteration' op failed to verify that all of {data, output} have same type}}
    %n, %k = "executor.next_iteration"(%a) : (tensor<f32>) -> (tensor<1xf32>, !executor.control)
    executor.fetch
  }
  return
}

// -----

func.func @next_iteration_outside_graph(%a: tensor<f32>) {
  // expected-error@+1 {{'executor.next_iteration' op expects parent op 'executor.graph'}}
  %n, %k = executor.next_iteration %a : tensor<f32>
  return
}

//===----------------------------------------------------------------------===//
// executor.loop_cond, executor.control_trigger
//===----------------------------------------------------------------------===//

// -----

func.func @loop_cond_i32(%p: tensor<i32>) {
  executor.graph {
    // expected-error@+1 {{'executor.loop_cond' op operand #0 must be 0D or unranked tensor of i1, but got 'tensor<i32>'}}
    %l, %k = "executor.loop_cond"(%p) : (tensor<i32>) -> (tensor<i32>, !executor.control)
    executor.fetch
  }
  return
}

// -----

func.func @loop_cond_vector(%p: tensor<1xi1>) {
  executor.graph {
    // expected-error@+1 {{'executor.loop_cond' op operand #0 must be 0D or unranked tensor of i1, but got 'tensor<1xi1>'}}
    %l, %k = "executor.loop_cond"(%p) : (tensor<1xi1>) -> (tensor<1xi1>, !executor.control)
    executor.fetch
  }
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @loop_cond_custom(%p: tensor<i32>) {
  executor.graph {
    // expected-error@+1 {{use of value '%p' expects different type than prior uses: 'tensor<i1>' vs 'tensor<i32>'}}
    %l, %k = executor.loop_cond %p
    executor.fetch
  }
  return
}

// -----

func.func @loop_cond_outside_graph(%p: tensor<i1>) {
  // expected-error@+1 {{'executor.loop_cond' op expects parent op 'executor.graph'}}
  %l, %k = executor.loop_cond %p
  return
}

// -----

func.func @control_trigger_outside_graph() {
  // expected-error@+1 {{'executor.control_trigger' op expects parent op 'executor.graph'}}
  %k = executor.control_trigger
  return
}

// -----

// A node inside an island is not directly in a graph.
func.func @node_in_island() {
  executor.graph {
    %k = executor.island {
      // expected-error@+1 {{'executor.control_trigger' op expects parent op 'executor.graph'}}
      %k0 = executor.control_trigger
      executor.yield
    }
    executor.fetch
  }
  return
}

//===----------------------------------------------------------------------===//
// Control operands
//===----------------------------------------------------------------------===//

// -----

func.func @tensor_control_trigger(%a: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{'executor.control_trigger' op operand #0 must be variadic of a control token}}
    %k = "executor.control_trigger"(%a) : (tensor<f32>) -> !executor.control
    executor.fetch
  }
  return
}

// -----

func.func @tensor_control_island(%a: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{'executor.island' op operand #0 must be variadic of a control token}}
    %k = "executor.island"(%a) ({
      "executor.yield"() : () -> ()
    }) : (tensor<f32>) -> !executor.control
    executor.fetch
  }
  return
}

// -----

func.func @tensor_control_switch(%a: tensor<f32>, %p: tensor<i1>) {
  executor.graph {
    // expected-error@+1 {{'executor.switch' op operand #2 must be variadic of a control token}}
    %f, %t, %k = "executor.switch"(%a, %p, %a) : (tensor<f32>, tensor<i1>, tensor<f32>) -> (tensor<f32>, tensor<f32>, !executor.control)
    executor.fetch
  }
  return
}

// -----

func.func @tensor_control_merge(%a: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{'executor.merge' op operand #1 must be variadic of a control token}}
    %m, %i, %k = "executor.merge"(%a, %a) <{operandSegmentSizes = array<i32: 1, 1>}> : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !executor.control)
    executor.fetch
  }
  return
}

// -----

// In the custom form control operands are implied to be control tokens.
// expected-note@+1 {{prior use here}}
func.func @tensor_control_custom(%a: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{use of value '%a' expects different type than prior uses: '!executor.control' vs 'tensor<f32>'}}
    %x, %k = executor.exit(%a) %a : tensor<f32>
    executor.fetch
  }
  return
}

// -----

// A control token is not data.
func.func @control_as_data() {
  executor.graph {
    // expected-note@+1 {{prior use here}}
    %k0 = executor.control_trigger
    // expected-error@+1 {{use of value '%k0' expects different type than prior uses: 'tensor<f32>' vs '!executor.control'}}
    %x, %k = executor.exit %k0 : tensor<f32>
    executor.fetch
  }
  return
}

// -----

func.func @switch_n_no_outputs(%x: tensor<f32>, %i: tensor<i32>) {
  executor.graph {
    // expected-error@+1 {{expects at least one output, got 0}}
    %k = executor.switch_n %x, %i outputs 0 : tensor<f32>
    executor.fetch
  }
  return
}

// -----

func.func @switch_n_output_type(%x: tensor<f32>, %i: tensor<i32>) {
  executor.graph {
    // expected-error@+1 {{'executor.switch_n' op output #1 has type 'tensor<i32>' but the data has type 'tensor<f32>'}}
    %o:2, %k = "executor.switch_n"(%x, %i) : (tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>, !executor.control)
    executor.fetch
  }
  return
}

// -----

func.func @switch_n_generic_no_outputs(%x: tensor<f32>, %i: tensor<i32>) {
  executor.graph {
    // expected-error@+1 {{'executor.switch_n' op expects at least one output}}
    %k = "executor.switch_n"(%x, %i) : (tensor<f32>, tensor<i32>) -> !executor.control
    executor.fetch
  }
  return
}

// -----

func.func @switch_n_index_type(%x: tensor<f32>, %i: tensor<2xi32>) {
  executor.graph {
    // expected-error@+1 {{'executor.switch_n' op operand #1 must be 0D tensor of 32-bit signless integer values}}
    %o:2, %k = "executor.switch_n"(%x, %i) : (tensor<f32>, tensor<2xi32>) -> (tensor<f32>, tensor<f32>, !executor.control)
    executor.fetch
  }
  return
}

// -----

func.func @send_empty_key(%x: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{'executor.send' op expects a non-empty key}}
    %s = executor.send %x key "" to 1 : tensor<f32>
    executor.fetch
  }
  return
}

// -----

func.func @recv_negative_rank() {
  executor.graph {
    // expected-error@+1 {{'executor.recv' op expects a rank >= 0, got -1}}
    %y, %ky = executor.recv key "y" from -1 : tensor<f32>
    executor.fetch
  }
  return
}
