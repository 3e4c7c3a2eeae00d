// RUN: sluice-opt %s -split-input-file -native-variable-accessors -verify-diagnostics | FileCheck %s

// A public getter and setter per variable, named after it.
// CHECK: lite.variable @"rnn/kernel" : tensor<2x3xf32>
// CHECK-LABEL: func.func @"get_rnn/kernel"() -> (tensor<2x3xf32> {sluice.name = "value"})
// CHECK-NEXT:    %[[V:.*]] = lite.read_variable @"rnn/kernel" : tensor<2x3xf32>
// CHECK-NEXT:    return %[[V]]
// CHECK-LABEL: func.func @"set_rnn/kernel"(%{{.*}}: tensor<2x3xf32> {sluice.name = "value"})
// CHECK-NEXT:    lite.assign_variable @"rnn/kernel", %{{.*}} : tensor<2x3xf32>
// CHECK-NEXT:    return
lite.variable @"rnn/kernel" : tensor<2x3xf32>

// -----

// expected-error@+1 {{cannot export accessors of variable 'v': the program has a @get_v already}}
lite.variable @v : tensor<f32>
func.func @get_v() {
  return
}
