// RUN: sluice-opt %s | sluice-opt | FileCheck %s
// RUN: sluice-opt %s -mlir-print-op-generic | sluice-opt | FileCheck %s

// Round trip of every lite tensor op, in the custom form and through the
// generic form. Default-valued attributes are elided when printed.

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @constant
func.func @constant() -> (tensor<2xi1>, tensor<i8>, tensor<3xui8>,
                          tensor<2x2xi32>, tensor<2xi64>, tensor<4xf32>,
                          tensor<f64>, tensor<0xi32>) {
  // CHECK: %[[BOOL:.*]] = lite.constant dense<[true, false]> : tensor<2xi1>
  %0 = lite.constant dense<[true, false]> : tensor<2xi1>
  // CHECK: %[[I8:.*]] = lite.constant dense<-128> : tensor<i8>
  %1 = lite.constant dense<-128> : tensor<i8>
  // CHECK: %[[UI8:.*]] = lite.constant dense<[0, 128, 255]> : tensor<3xui8>
  %2 = lite.constant dense<[0, 128, 255]> : tensor<3xui8>
  // CHECK: %[[I32:.*]] = lite.constant dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32>
  %3 = lite.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  // CHECK: %[[I64:.*]] = lite.constant dense<[1, -1]> : tensor<2xi64>
  %4 = lite.constant dense<[1, -1]> : tensor<2xi64>
  // CHECK: %[[F32:.*]] = lite.constant dense<1.500000e+00> : tensor<4xf32>
  %5 = lite.constant dense<1.5> : tensor<4xf32>
  // CHECK: %[[F64:.*]] = lite.constant dense<2.500000e+00> : tensor<f64>
  %6 = lite.constant dense<2.5> : tensor<f64>
  // CHECK: %[[EMPTY:.*]] = lite.constant dense<> : tensor<0xi32>
  %7 = lite.constant dense<> : tensor<0xi32>
  // CHECK: return %[[BOOL]], %[[I8]], %[[UI8]], %[[I32]], %[[I64]], %[[F32]], %[[F64]], %[[EMPTY]]
  return %0, %1, %2, %3, %4, %5, %6, %7
      : tensor<2xi1>, tensor<i8>, tensor<3xui8>, tensor<2x2xi32>,
        tensor<2xi64>, tensor<4xf32>, tensor<f64>, tensor<0xi32>
}

// CHECK-LABEL: func.func @constant_i16_f16
func.func @constant_i16_f16() -> (tensor<2xi16>, tensor<2xf16>) {
  // CHECK: lite.constant dense<[-1, 7]> : tensor<2xi16>
  %0 = lite.constant dense<[-1, 7]> : tensor<2xi16>
  // CHECK: lite.constant dense<[5.000000e-01, 1.000000e+00]> : tensor<2xf16>
  %1 = lite.constant dense<[0.5, 1.0]> : tensor<2xf16>
  return %0, %1 : tensor<2xi16>, tensor<2xf16>
}

//===----------------------------------------------------------------------===//
// Binary elementwise ops with a fused activation
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @add
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3xf32>)
func.func @add(%a: tensor<2x3xf32>, %b: tensor<3xf32>)
    -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  // CHECK: %[[R0:.*]] = lite.add %[[A]], %[[B]] {fused_activation_function = #lite.activation<RELU6>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %0 = lite.add %a, %b {fused_activation_function = #lite.activation<RELU6>}
      : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // The default activation (NONE) is not printed.
  // CHECK-NOT: fused_activation_function
  // CHECK: %[[R1:.*]] = lite.add %[[B]], %[[A]] : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NOT: fused_activation_function
  %1 = lite.add %b, %a {fused_activation_function = #lite.activation<NONE>}
      : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: return %[[R0]], %[[R1]]
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @add_dynamic
// CHECK-SAME: (%[[A:.*]]: tensor<?x1xi8>, %[[B:.*]]: tensor<1x4xi8>, %[[U:.*]]: tensor<*xi8>)
func.func @add_dynamic(%a: tensor<?x1xi8>, %b: tensor<1x4xi8>,
                       %u: tensor<*xi8>) -> (tensor<?x4xi8>, tensor<*xi8>) {
  // CHECK: lite.add %[[A]], %[[B]] : (tensor<?x1xi8>, tensor<1x4xi8>) -> tensor<?x4xi8>
  %0 = lite.add %a, %b : (tensor<?x1xi8>, tensor<1x4xi8>) -> tensor<?x4xi8>
  // CHECK: lite.add %[[A]], %[[U]] : (tensor<?x1xi8>, tensor<*xi8>) -> tensor<*xi8>
  %1 = lite.add %a, %u : (tensor<?x1xi8>, tensor<*xi8>) -> tensor<*xi8>
  return %0, %1 : tensor<?x4xi8>, tensor<*xi8>
}

// CHECK-LABEL: func.func @sub
// CHECK-SAME: (%[[A:.*]]: tensor<4xi32>, %[[B:.*]]: tensor<i32>)
func.func @sub(%a: tensor<4xi32>, %b: tensor<i32>) -> tensor<4xi32> {
  // CHECK: lite.sub %[[A]], %[[B]] {fused_activation_function = #lite.activation<RELU>} : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  %0 = lite.sub %a, %b {fused_activation_function = #lite.activation<RELU>}
      : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// CHECK-LABEL: func.func @mul
// CHECK-SAME: (%[[A:.*]]: tensor<?x3xf64>, %[[B:.*]]: tensor<f64>)
func.func @mul(%a: tensor<?x3xf64>, %b: tensor<f64>) -> tensor<?x3xf64> {
  // CHECK: lite.mul %[[A]], %[[B]] {fused_activation_function = #lite.activation<RELU_N1_TO_1>} : (tensor<?x3xf64>, tensor<f64>) -> tensor<?x3xf64>
  %0 = lite.mul %a, %b
      {fused_activation_function = #lite.activation<RELU_N1_TO_1>}
      : (tensor<?x3xf64>, tensor<f64>) -> tensor<?x3xf64>
  return %0 : tensor<?x3xf64>
}

// CHECK-LABEL: func.func @div
// CHECK-SAME: (%[[A:.*]]: tensor<2x2xui8>, %[[B:.*]]: tensor<2x1xui8>)
func.func @div(%a: tensor<2x2xui8>, %b: tensor<2x1xui8>) -> tensor<2x2xui8> {
  // CHECK: lite.div %[[A]], %[[B]] {fused_activation_function = #lite.activation<TANH>} : (tensor<2x2xui8>, tensor<2x1xui8>) -> tensor<2x2xui8>
  %0 = lite.div %a, %b {fused_activation_function = #lite.activation<TANH>}
      : (tensor<2x2xui8>, tensor<2x1xui8>) -> tensor<2x2xui8>
  return %0 : tensor<2x2xui8>
}

// CHECK-LABEL: func.func @div_sign_bit
func.func @div_sign_bit(%a: tensor<3xf32>) -> tensor<3xf32> {
  // CHECK: lite.div %{{.*}}, %{{.*}} {fused_activation_function = #lite.activation<SIGN_BIT>}
  %0 = lite.div %a, %a {fused_activation_function = #lite.activation<SIGN_BIT>}
      : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

//===----------------------------------------------------------------------===//
// Binary elementwise ops without a fused activation
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @floor_div_mod
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xi32>, %[[B:.*]]: tensor<3xi32>, %[[C:.*]]: tensor<i64>, %[[D:.*]]: tensor<5xi64>)
func.func @floor_div_mod(%a: tensor<2x3xi32>, %b: tensor<3xi32>,
                         %c: tensor<i64>, %d: tensor<5xi64>)
    -> (tensor<2x3xi32>, tensor<5xi64>) {
  // CHECK: lite.floor_div %[[A]], %[[B]] : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %0 = lite.floor_div %a, %b
      : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // CHECK: lite.floor_mod %[[C]], %[[D]] : (tensor<i64>, tensor<5xi64>) -> tensor<5xi64>
  %1 = lite.floor_mod %c, %d : (tensor<i64>, tensor<5xi64>) -> tensor<5xi64>
  return %0, %1 : tensor<2x3xi32>, tensor<5xi64>
}

// CHECK-LABEL: func.func @pow
// CHECK-SAME: (%[[A:.*]]: tensor<*xf32>, %[[B:.*]]: tensor<f32>)
func.func @pow(%a: tensor<*xf32>, %b: tensor<f32>) -> tensor<*xf32> {
  // CHECK: lite.pow %[[A]], %[[B]] : (tensor<*xf32>, tensor<f32>) -> tensor<*xf32>
  %0 = lite.pow %a, %b : (tensor<*xf32>, tensor<f32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// CHECK-LABEL: func.func @maximum_minimum
// CHECK-SAME: (%[[A:.*]]: tensor<1x3xi16>, %[[B:.*]]: tensor<2x1xi16>, %[[C:.*]]: tensor<?xf16>)
func.func @maximum_minimum(%a: tensor<1x3xi16>, %b: tensor<2x1xi16>,
                           %c: tensor<?xf16>)
    -> (tensor<2x3xi16>, tensor<?xf16>) {
  // CHECK: lite.maximum %[[A]], %[[B]] : (tensor<1x3xi16>, tensor<2x1xi16>) -> tensor<2x3xi16>
  %0 = lite.maximum %a, %b
      : (tensor<1x3xi16>, tensor<2x1xi16>) -> tensor<2x3xi16>
  // CHECK: lite.minimum %[[C]], %[[C]] : (tensor<?xf16>, tensor<?xf16>) -> tensor<?xf16>
  %1 = lite.minimum %c, %c : (tensor<?xf16>, tensor<?xf16>) -> tensor<?xf16>
  return %0, %1 : tensor<2x3xi16>, tensor<?xf16>
}

// CHECK-LABEL: func.func @logical_and_or
// CHECK-SAME: (%[[A:.*]]: tensor<4xi1>, %[[B:.*]]: tensor<i1>, %[[U:.*]]: tensor<*xi1>)
func.func @logical_and_or(%a: tensor<4xi1>, %b: tensor<i1>, %u: tensor<*xi1>)
    -> (tensor<4xi1>, tensor<*xi1>) {
  // CHECK: lite.logical_and %[[A]], %[[B]] : (tensor<4xi1>, tensor<i1>) -> tensor<4xi1>
  %0 = lite.logical_and %a, %b : (tensor<4xi1>, tensor<i1>) -> tensor<4xi1>
  // CHECK: lite.logical_or %[[U]], %[[A]] : (tensor<*xi1>, tensor<4xi1>) -> tensor<*xi1>
  %1 = lite.logical_or %u, %a : (tensor<*xi1>, tensor<4xi1>) -> tensor<*xi1>
  return %0, %1 : tensor<4xi1>, tensor<*xi1>
}

//===----------------------------------------------------------------------===//
// Comparisons
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @compare
// CHECK-SAME: (%[[F:.*]]: tensor<4xf32>, %[[S:.*]]: tensor<f32>, %[[I:.*]]: tensor<2x?xi32>, %[[J:.*]]: tensor<3xi32>, %[[L:.*]]: tensor<2x1xi64>, %[[U:.*]]: tensor<*xui8>, %[[P:.*]]: tensor<3xi1>, %[[D:.*]]: tensor<f64>)
func.func @compare(%f: tensor<4xf32>, %s: tensor<f32>, %i: tensor<2x?xi32>,
                   %j: tensor<3xi32>, %l: tensor<2x1xi64>, %u: tensor<*xui8>,
                   %p: tensor<3xi1>, %d: tensor<f64>) {
  // CHECK: lite.less %[[F]], %[[S]] : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  %0 = lite.less %f, %s : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  // CHECK: lite.less_equal %[[I]], %[[J]] : (tensor<2x?xi32>, tensor<3xi32>) -> tensor<2x3xi1>
  %1 = lite.less_equal %i, %j
      : (tensor<2x?xi32>, tensor<3xi32>) -> tensor<2x3xi1>
  // CHECK: lite.greater %[[L]], %[[L]] : (tensor<2x1xi64>, tensor<2x1xi64>) -> tensor<2x1xi1>
  %2 = lite.greater %l, %l
      : (tensor<2x1xi64>, tensor<2x1xi64>) -> tensor<2x1xi1>
  // CHECK: lite.greater_equal %[[U]], %[[U]] : (tensor<*xui8>, tensor<*xui8>) -> tensor<*xi1>
  %3 = lite.greater_equal %u, %u
      : (tensor<*xui8>, tensor<*xui8>) -> tensor<*xi1>
  // CHECK: lite.equal %[[P]], %[[P]] : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %4 = lite.equal %p, %p : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  // CHECK: lite.not_equal %[[D]], %[[D]] : (tensor<f64>, tensor<f64>) -> tensor<i1>
  %5 = lite.not_equal %d, %d : (tensor<f64>, tensor<f64>) -> tensor<i1>
  return
}

//===----------------------------------------------------------------------===//
// Unary elementwise ops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @unary_signed
// CHECK-SAME: (%[[I:.*]]: tensor<4xi32>, %[[B:.*]]: tensor<2x?xi8>, %[[F:.*]]: tensor<*xf32>)
func.func @unary_signed(%i: tensor<4xi32>, %b: tensor<2x?xi8>,
                        %f: tensor<*xf32>)
    -> (tensor<4xi32>, tensor<2x?xi8>, tensor<*xf32>) {
  // CHECK: %[[NEG:.*]] = lite.neg %[[I]] : tensor<4xi32>
  %0 = lite.neg %i : tensor<4xi32>
  // CHECK: %[[ABS:.*]] = lite.abs %[[B]] : tensor<2x?xi8>
  %1 = lite.abs %b : tensor<2x?xi8>
  // CHECK: %[[RELU:.*]] = lite.relu %[[F]] : tensor<*xf32>
  %2 = lite.relu %f : tensor<*xf32>
  // CHECK: return %[[NEG]], %[[ABS]], %[[RELU]]
  return %0, %1, %2 : tensor<4xi32>, tensor<2x?xi8>, tensor<*xf32>
}

// CHECK-LABEL: func.func @unary_float
// CHECK-SAME: (%[[F:.*]]: tensor<2x3xf32>, %[[D:.*]]: tensor<?xf64>, %[[H:.*]]: tensor<f16>, %[[U:.*]]: tensor<*xf32>)
func.func @unary_float(%f: tensor<2x3xf32>, %d: tensor<?xf64>,
                       %h: tensor<f16>, %u: tensor<*xf32>) {
  // CHECK: lite.exp %[[F]] : tensor<2x3xf32>
  %0 = lite.exp %f : tensor<2x3xf32>
  // CHECK: lite.log %[[D]] : tensor<?xf64>
  %1 = lite.log %d : tensor<?xf64>
  // CHECK: lite.sqrt %[[H]] : tensor<f16>
  %2 = lite.sqrt %h : tensor<f16>
  // CHECK: lite.rsqrt %[[U]] : tensor<*xf32>
  %3 = lite.rsqrt %u : tensor<*xf32>
  // CHECK: lite.tanh %[[F]] : tensor<2x3xf32>
  %4 = lite.tanh %f : tensor<2x3xf32>
  // CHECK: lite.logistic %[[D]] : tensor<?xf64>
  %5 = lite.logistic %d : tensor<?xf64>
  return
}

// CHECK-LABEL: func.func @unary_other
// CHECK-SAME: (%[[I:.*]]: tensor<3xi64>, %[[U:.*]]: tensor<2xui8>, %[[P:.*]]: tensor<?x2xi1>)
func.func @unary_other(%i: tensor<3xi64>, %u: tensor<2xui8>,
                       %p: tensor<?x2xi1>) {
  // CHECK: lite.square %[[I]] : tensor<3xi64>
  %0 = lite.square %i : tensor<3xi64>
  // CHECK: lite.square %[[U]] : tensor<2xui8>
  %1 = lite.square %u : tensor<2xui8>
  // CHECK: lite.logical_not %[[P]] : tensor<?x2xi1>
  %2 = lite.logical_not %p : tensor<?x2xi1>
  // CHECK: lite.zeros_like %[[U]] : tensor<2xui8>
  %3 = lite.zeros_like %u : tensor<2xui8>
  // CHECK: lite.zeros_like %[[P]] : tensor<?x2xi1>
  %4 = lite.zeros_like %p : tensor<?x2xi1>
  return
}

//===----------------------------------------------------------------------===//
// Selection and conversion
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @select_v2
// CHECK-SAME: (%[[C:.*]]: tensor<2x1xi1>, %[[X:.*]]: tensor<3xf32>, %[[Y:.*]]: tensor<f32>, %[[U:.*]]: tensor<*xi1>, %[[I:.*]]: tensor<?xi32>)
func.func @select_v2(%c: tensor<2x1xi1>, %x: tensor<3xf32>, %y: tensor<f32>,
                     %u: tensor<*xi1>, %i: tensor<?xi32>)
    -> (tensor<2x3xf32>, tensor<*xi32>) {
  // CHECK: %[[R0:.*]] = lite.select_v2 %[[C]], %[[X]], %[[Y]] : (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %0 = lite.select_v2 %c, %x, %y
      : (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // CHECK: %[[R1:.*]] = lite.select_v2 %[[U]], %[[I]], %[[I]] : (tensor<*xi1>, tensor<?xi32>, tensor<?xi32>) -> tensor<*xi32>
  %1 = lite.select_v2 %u, %i, %i
      : (tensor<*xi1>, tensor<?xi32>, tensor<?xi32>) -> tensor<*xi32>
  // CHECK: return %[[R0]], %[[R1]]
  return %0, %1 : tensor<2x3xf32>, tensor<*xi32>
}

// CHECK-LABEL: func.func @cast
// CHECK-SAME: (%[[F:.*]]: tensor<4xf32>, %[[P:.*]]: tensor<?x2xi1>, %[[U:.*]]: tensor<*xi64>)
func.func @cast(%f: tensor<4xf32>, %p: tensor<?x2xi1>, %u: tensor<*xi64>) {
  // CHECK: lite.cast %[[F]] : tensor<4xf32> -> tensor<4xi32>
  %0 = lite.cast %f : tensor<4xf32> -> tensor<4xi32>
  // CHECK: lite.cast %[[P]] : tensor<?x2xi1> -> tensor<?x2xf64>
  %1 = lite.cast %p : tensor<?x2xi1> -> tensor<?x2xf64>
  // CHECK: lite.cast %[[U]] : tensor<*xi64> -> tensor<*xui8>
  %2 = lite.cast %u : tensor<*xi64> -> tensor<*xui8>
  return
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[S:.*]]: tensor<2xi32>, %[[D:.*]]: tensor<?xi32>, %[[U:.*]]: tensor<*xi8>)
func.func @reshape(%x: tensor<2x3xf32>, %s: tensor<2xi32>, %d: tensor<?xi32>,
                   %u: tensor<*xi8>)
    -> (tensor<6xf32>, tensor<3x2xf32>, tensor<*xf32>, tensor<?x4xi8>,
        tensor<f32>) {
  // CHECK: %[[C:.*]] = lite.constant dense<-1> : tensor<1xi32>
  %c = lite.constant dense<-1> : tensor<1xi32>
  // CHECK: lite.reshape %[[X]], %[[C]] : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<6xf32>
  %0 = lite.reshape %x, %c : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<6xf32>
  // CHECK: lite.reshape %[[X]], %[[S]] : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  %1 = lite.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  // CHECK: lite.reshape %[[X]], %[[D]] : (tensor<2x3xf32>, tensor<?xi32>) -> tensor<*xf32>
  %2 = lite.reshape %x, %d : (tensor<2x3xf32>, tensor<?xi32>) -> tensor<*xf32>
  // CHECK: %[[C2:.*]] = lite.constant dense<[-1, 4]> : tensor<2xi32>
  %c2 = lite.constant dense<[-1, 4]> : tensor<2xi32>
  // CHECK: lite.reshape %[[U]], %[[C2]] : (tensor<*xi8>, tensor<2xi32>) -> tensor<?x4xi8>
  %3 = lite.reshape %u, %c2 : (tensor<*xi8>, tensor<2xi32>) -> tensor<?x4xi8>
  // CHECK: %[[C0:.*]] = lite.constant dense<> : tensor<0xi32>
  %c0 = lite.constant dense<> : tensor<0xi32>
  %one = lite.constant dense<1.0> : tensor<1x1xf32>
  // CHECK: lite.reshape %{{.*}}, %[[C0]] : (tensor<1x1xf32>, tensor<0xi32>) -> tensor<f32>
  %4 = lite.reshape %one, %c0 : (tensor<1x1xf32>, tensor<0xi32>) -> tensor<f32>
  return %0, %1, %2, %3, %4
      : tensor<6xf32>, tensor<3x2xf32>, tensor<*xf32>, tensor<?x4xi8>,
        tensor<f32>
}

// CHECK-LABEL: func.func @expand_dims
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[A:.*]]: tensor<i32>, %[[U:.*]]: tensor<*xi1>)
func.func @expand_dims(%x: tensor<2x3xf32>, %a: tensor<i32>,
                       %u: tensor<*xi1>) {
  // CHECK: %[[LAST:.*]] = lite.constant dense<-1> : tensor<i32>
  %last = lite.constant dense<-1> : tensor<i32>
  // CHECK: lite.expand_dims %[[X]], %[[LAST]] : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3x1xf32>
  %0 = lite.expand_dims %x, %last
      : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3x1xf32>
  // CHECK: %[[ONE:.*]] = lite.constant dense<1> : tensor<1xi64>
  %one = lite.constant dense<1> : tensor<1xi64>
  // CHECK: lite.expand_dims %[[X]], %[[ONE]] : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x1x3xf32>
  %1 = lite.expand_dims %x, %one
      : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x1x3xf32>
  // CHECK: lite.expand_dims %[[X]], %[[A]] : (tensor<2x3xf32>, tensor<i32>) -> tensor<?x?x?xf32>
  %2 = lite.expand_dims %x, %a
      : (tensor<2x3xf32>, tensor<i32>) -> tensor<?x?x?xf32>
  // CHECK: lite.expand_dims %[[U]], %[[A]] : (tensor<*xi1>, tensor<i32>) -> tensor<*xi1>
  %3 = lite.expand_dims %u, %a : (tensor<*xi1>, tensor<i32>) -> tensor<*xi1>
  return
}

// CHECK-LABEL: func.func @squeeze
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x1xi32>, %[[D:.*]]: tensor<?x1x?xi32>)
func.func @squeeze(%x: tensor<1x3x1xi32>, %d: tensor<?x1x?xi32>) {
  // CHECK: lite.squeeze %[[X]] : (tensor<1x3x1xi32>) -> tensor<3xi32>
  %0 = lite.squeeze %x : (tensor<1x3x1xi32>) -> tensor<3xi32>
  // An empty squeeze_dims is the default and is not printed.
  // CHECK-NOT: squeeze_dims
  // CHECK: lite.squeeze %[[X]] : (tensor<1x3x1xi32>) -> tensor<3xi32>
  %1 = lite.squeeze %x {squeeze_dims = array<i32>}
      : (tensor<1x3x1xi32>) -> tensor<3xi32>
  // CHECK: lite.squeeze %[[X]] {squeeze_dims = array<i32: -1>} : (tensor<1x3x1xi32>) -> tensor<1x3xi32>
  %2 = lite.squeeze %x {squeeze_dims = array<i32: -1>}
      : (tensor<1x3x1xi32>) -> tensor<1x3xi32>
  // CHECK: lite.squeeze %[[D]] {squeeze_dims = array<i32: 0, 1>} : (tensor<?x1x?xi32>) -> tensor<?xi32>
  %3 = lite.squeeze %d {squeeze_dims = array<i32: 0, 1>}
      : (tensor<?x1x?xi32>) -> tensor<?xi32>
  // CHECK: lite.squeeze %[[D]] : (tensor<?x1x?xi32>) -> tensor<*xi32>
  %4 = lite.squeeze %d : (tensor<?x1x?xi32>) -> tensor<*xi32>
  return
}

// CHECK-LABEL: func.func @concatenation
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x5xf32>, %[[D:.*]]: tensor<?x?xf32>, %[[U:.*]]: tensor<*xf32>)
func.func @concatenation(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>,
                         %d: tensor<?x?xf32>, %u: tensor<*xf32>) {
  // CHECK: lite.concatenation %[[A]], %[[B]] {axis = 1 : i32} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  %0 = lite.concatenation %a, %b {axis = 1 : i32}
      : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  // CHECK: lite.concatenation %[[A]], %[[A]], %[[A]] {axis = -2 : i32, fused_activation_function = #lite.activation<RELU>} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<6x3xf32>
  %1 = lite.concatenation %a, %a, %a
      {axis = -2 : i32, fused_activation_function = #lite.activation<RELU>}
      : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<6x3xf32>
  // CHECK: lite.concatenation %[[A]], %[[D]], %[[U]] {axis = 1 : i32} : (tensor<2x3xf32>, tensor<?x?xf32>, tensor<*xf32>) -> tensor<2x?xf32>
  %2 = lite.concatenation %a, %d, %u {axis = 1 : i32}
      : (tensor<2x3xf32>, tensor<?x?xf32>, tensor<*xf32>) -> tensor<2x?xf32>
  // CHECK: lite.concatenation %[[U]] {axis = 0 : i32} : (tensor<*xf32>) -> tensor<*xf32>
  %3 = lite.concatenation %u {axis = 0 : i32}
      : (tensor<*xf32>) -> tensor<*xf32>
  return
}

// CHECK-LABEL: func.func @concatenation_i64
func.func @concatenation_i64(%a: tensor<2xi64>, %b: tensor<3xi64>)
    -> tensor<5xi64> {
  // CHECK: lite.concatenation %{{.*}}, %{{.*}} {axis = 0 : i32} : (tensor<2xi64>, tensor<3xi64>) -> tensor<5xi64>
  // CHECK-NOT: fused_activation_function
  %0 = lite.concatenation %a, %b
      {axis = 0 : i32, fused_activation_function = #lite.activation<NONE>}
      : (tensor<2xi64>, tensor<3xi64>) -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

// CHECK-LABEL: func.func @pack
// CHECK-SAME: (%[[A:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<?xf32>, %[[U:.*]]: tensor<*xi8>)
func.func @pack(%a: tensor<3xf32>, %b: tensor<?xf32>, %u: tensor<*xi8>) {
  // The default axis (0) is not printed.
  // CHECK: lite.pack %[[A]], %[[B]] : (tensor<3xf32>, tensor<?xf32>) -> tensor<2x3xf32>
  // CHECK-NOT: axis = 0
  %0 = lite.pack %a, %b {axis = 0 : i32}
      : (tensor<3xf32>, tensor<?xf32>) -> tensor<2x3xf32>
  // CHECK: lite.pack %[[A]], %[[A]], %[[A]] {axis = 1 : i32} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  %1 = lite.pack %a, %a, %a {axis = 1 : i32}
      : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  // CHECK: lite.pack %[[A]] {axis = -1 : i32} : (tensor<3xf32>) -> tensor<3x1xf32>
  %2 = lite.pack %a {axis = -1 : i32} : (tensor<3xf32>) -> tensor<3x1xf32>
  // CHECK: lite.pack %[[U]], %[[U]] : (tensor<*xi8>, tensor<*xi8>) -> tensor<*xi8>
  %3 = lite.pack %u, %u : (tensor<*xi8>, tensor<*xi8>) -> tensor<*xi8>
  return
}

// CHECK-LABEL: func.func @unpack
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi32>, %[[U:.*]]: tensor<*xi32>)
func.func @unpack(%x: tensor<2x3xi32>, %u: tensor<*xi32>)
    -> (tensor<3xi32>, tensor<?xi32>) {
  // CHECK: %[[R:.*]]:2 = lite.unpack %[[X]] : (tensor<2x3xi32>) -> (tensor<3xi32>, tensor<?xi32>)
  %0:2 = lite.unpack %x : (tensor<2x3xi32>) -> (tensor<3xi32>, tensor<?xi32>)
  // CHECK: lite.unpack %[[X]] {axis = 1 : i32} : (tensor<2x3xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
  %1:3 = lite.unpack %x {axis = 1 : i32}
      : (tensor<2x3xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
  // CHECK: lite.unpack %[[X]] {axis = -1 : i32} : (tensor<2x3xi32>) -> (tensor<*xi32>, tensor<2xi32>, tensor<2xi32>)
  %2:3 = lite.unpack %x {axis = -1 : i32}
      : (tensor<2x3xi32>) -> (tensor<*xi32>, tensor<2xi32>, tensor<2xi32>)
  // CHECK: lite.unpack %[[U]] {axis = 2 : i32} : (tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  %3:2 = lite.unpack %u {axis = 2 : i32}
      : (tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  // CHECK: return %[[R]]#0, %[[R]]#1
  return %0#0, %0#1 : tensor<3xi32>, tensor<?xi32>
}

// CHECK-LABEL: func.func @slice
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xf32>, %[[B:.*]]: tensor<2xi32>, %[[S:.*]]: tensor<2xi64>, %[[D:.*]]: tensor<?xi32>, %[[U:.*]]: tensor<*xf32>)
func.func @slice(%x: tensor<4x5xf32>, %b: tensor<2xi32>, %s: tensor<2xi64>,
                 %d: tensor<?xi32>, %u: tensor<*xf32>) {
  // CHECK: lite.slice %[[X]], %[[B]], %[[S]] : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi64>) -> tensor<2x?xf32>
  %0 = lite.slice %x, %b, %s
      : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi64>) -> tensor<2x?xf32>
  // CHECK: lite.slice %[[U]], %[[D]], %[[D]] : (tensor<*xf32>, tensor<?xi32>, tensor<?xi32>) -> tensor<*xf32>
  %1 = lite.slice %u, %d, %d
      : (tensor<*xf32>, tensor<?xi32>, tensor<?xi32>) -> tensor<*xf32>
  return
}

// CHECK-LABEL: func.func @strided_slice
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>, %[[V:.*]]: tensor<2xi32>, %[[U:.*]]: tensor<*xi64>, %[[D:.*]]: tensor<?xi64>)
func.func @strided_slice(%x: tensor<4x3xf32>, %v: tensor<2xi32>,
                         %u: tensor<*xi64>, %d: tensor<?xi64>) {
  // CHECK: lite.strided_slice %[[X]], %[[V]], %[[V]], %[[V]] : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  %0 = lite.strided_slice %x, %v, %v, %v
      : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
      -> tensor<?x?xf32>
  // Masks that are zero and offset = false are the defaults: not printed.
  // CHECK: lite.strided_slice %[[X]], %[[V]], %[[V]], %[[V]] : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  // CHECK-NOT: _mask
  // CHECK-NOT: offset
  %1 = lite.strided_slice %x, %v, %v, %v
      {begin_mask = 0 : i32, end_mask = 0 : i32, ellipsis_mask = 0 : i32,
       new_axis_mask = 0 : i32, shrink_axis_mask = 0 : i32, offset = false}
      : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
      -> tensor<?x?xf32>
  // CHECK: %[[STRIDES:.*]] = lite.constant dense<[1, -2]> : tensor<2xi32>
  %strides = lite.constant dense<[1, -2]> : tensor<2xi32>
  // CHECK: lite.strided_slice %[[X]], %[[V]], %[[V]], %[[STRIDES]] {begin_mask = 1 : i32, ellipsis_mask = 2 : i32, end_mask = 3 : i32, new_axis_mask = 4 : i32, offset = true, shrink_axis_mask = 1 : i32} : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  %2 = lite.strided_slice %x, %v, %v, %strides
      {begin_mask = 1 : i32, end_mask = 3 : i32, ellipsis_mask = 2 : i32,
       new_axis_mask = 4 : i32, shrink_axis_mask = 1 : i32, offset = true}
      : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
      -> tensor<*xf32>
  // CHECK: lite.strided_slice %[[U]], %[[D]], %[[D]], %[[D]] {shrink_axis_mask = 1 : i32} : (tensor<*xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>) -> tensor<*xi64>
  %3 = lite.strided_slice %u, %d, %d, %d {shrink_axis_mask = 1 : i32}
      : (tensor<*xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>)
      -> tensor<*xi64>
  return
}

// CHECK-LABEL: func.func @dynamic_update_slice
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xf32>, %[[U:.*]]: tensor<1x?xf32>, %[[I:.*]]: tensor<2xi32>, %[[L:.*]]: tensor<?xi64>, %[[A:.*]]: tensor<*xi8>, %[[B:.*]]: tensor<*xi8>)
func.func @dynamic_update_slice(%x: tensor<4x5xf32>, %u: tensor<1x?xf32>,
                                %i: tensor<2xi32>, %l: tensor<?xi64>,
                                %a: tensor<*xi8>, %b: tensor<*xi8>) {
  // CHECK: lite.dynamic_update_slice %[[X]], %[[U]], %[[I]] : (tensor<4x5xf32>, tensor<1x?xf32>, tensor<2xi32>) -> tensor<4x5xf32>
  %0 = lite.dynamic_update_slice %x, %u, %i
      : (tensor<4x5xf32>, tensor<1x?xf32>, tensor<2xi32>) -> tensor<4x5xf32>
  // A result less static than the operand.
  // CHECK: lite.dynamic_update_slice %[[X]], %[[X]], %[[L]] : (tensor<4x5xf32>, tensor<4x5xf32>, tensor<?xi64>) -> tensor<?x5xf32>
  %1 = lite.dynamic_update_slice %x, %x, %l
      : (tensor<4x5xf32>, tensor<4x5xf32>, tensor<?xi64>) -> tensor<?x5xf32>
  // CHECK: lite.dynamic_update_slice %[[A]], %[[B]], %[[L]] : (tensor<*xi8>, tensor<*xi8>, tensor<?xi64>) -> tensor<*xi8>
  %2 = lite.dynamic_update_slice %a, %b, %l
      : (tensor<*xi8>, tensor<*xi8>, tensor<?xi64>) -> tensor<*xi8>
  return
}

// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[P:.*]]: tensor<5x3xf32>, %[[I:.*]]: tensor<2xi32>, %[[B:.*]]: tensor<2x4x6xi8>, %[[J:.*]]: tensor<2x7xi64>, %[[U:.*]]: tensor<*xf32>)
func.func @gather(%p: tensor<5x3xf32>, %i: tensor<2xi32>,
                  %b: tensor<2x4x6xi8>, %j: tensor<2x7xi64>,
                  %u: tensor<*xf32>) {
  // CHECK: lite.gather %[[P]], %[[I]] : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  // CHECK-NOT: axis
  // CHECK-NOT: batch_dims
  %0 = lite.gather %p, %i {axis = 0 : i32, batch_dims = 0 : i32}
      : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  // CHECK: lite.gather %[[P]], %[[I]] {axis = -1 : i32} : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<5x2xf32>
  %1 = lite.gather %p, %i {axis = -1 : i32}
      : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<5x2xf32>
  // CHECK: lite.gather %[[B]], %[[J]] {axis = 2 : i32, batch_dims = 1 : i32} : (tensor<2x4x6xi8>, tensor<2x7xi64>) -> tensor<2x4x7xi8>
  %2 = lite.gather %b, %j {axis = 2 : i32, batch_dims = 1 : i32}
      : (tensor<2x4x6xi8>, tensor<2x7xi64>) -> tensor<2x4x7xi8>
  // CHECK: lite.gather %[[B]], %[[J]] {axis = 1 : i32, batch_dims = -1 : i32} : (tensor<2x4x6xi8>, tensor<2x7xi64>) -> tensor<2x7x6xi8>
  %3 = lite.gather %b, %j {axis = 1 : i32, batch_dims = -1 : i32}
      : (tensor<2x4x6xi8>, tensor<2x7xi64>) -> tensor<2x7x6xi8>
  // CHECK: lite.gather %[[U]], %[[I]] {axis = 1 : i32} : (tensor<*xf32>, tensor<2xi32>) -> tensor<*xf32>
  %4 = lite.gather %u, %i {axis = 1 : i32}
      : (tensor<*xf32>, tensor<2xi32>) -> tensor<*xf32>
  return
}

// CHECK-LABEL: func.func @transpose
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x?xi64>, %[[P:.*]]: tensor<3xi32>, %[[U:.*]]: tensor<*xf32>)
func.func @transpose(%x: tensor<2x3x?xi64>, %p: tensor<3xi32>,
                     %u: tensor<*xf32>) {
  // CHECK: %[[PERM:.*]] = lite.constant dense<[2, 0, 1]> : tensor<3xi64>
  %perm = lite.constant dense<[2, 0, 1]> : tensor<3xi64>
  // CHECK: lite.transpose %[[X]], %[[PERM]] : (tensor<2x3x?xi64>, tensor<3xi64>) -> tensor<?x2x3xi64>
  %0 = lite.transpose %x, %perm
      : (tensor<2x3x?xi64>, tensor<3xi64>) -> tensor<?x2x3xi64>
  // CHECK: lite.transpose %[[X]], %[[P]] : (tensor<2x3x?xi64>, tensor<3xi32>) -> tensor<?x?x?xi64>
  %1 = lite.transpose %x, %p
      : (tensor<2x3x?xi64>, tensor<3xi32>) -> tensor<?x?x?xi64>
  // CHECK: lite.transpose %[[U]], %[[P]] : (tensor<*xf32>, tensor<3xi32>) -> tensor<*xf32>
  %2 = lite.transpose %u, %p : (tensor<*xf32>, tensor<3xi32>) -> tensor<*xf32>
  return
}

//===----------------------------------------------------------------------===//
// Tensor creation
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @fill
// CHECK-SAME: (%[[D:.*]]: tensor<2xi32>, %[[V:.*]]: tensor<f32>, %[[E:.*]]: tensor<?xi64>, %[[B:.*]]: tensor<i1>)
func.func @fill(%d: tensor<2xi32>, %v: tensor<f32>, %e: tensor<?xi64>,
                %b: tensor<i1>) {
  // CHECK: lite.fill %[[D]], %[[V]] : (tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
  %0 = lite.fill %d, %v : (tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
  // CHECK: lite.fill %[[E]], %[[B]] : (tensor<?xi64>, tensor<i1>) -> tensor<*xi1>
  %1 = lite.fill %e, %b : (tensor<?xi64>, tensor<i1>) -> tensor<*xi1>
  return
}

// CHECK-LABEL: func.func @tile
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[M:.*]]: tensor<2xi32>)
func.func @tile(%x: tensor<2x3xf32>, %m: tensor<2xi32>) {
  // CHECK: lite.tile %[[X]], %[[M]] : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %0 = lite.tile %x, %m : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return
}

// CHECK-LABEL: func.func @range
// CHECK-SAME: (%[[S:.*]]: tensor<i32>, %[[L:.*]]: tensor<i32>, %[[D:.*]]: tensor<i32>, %[[F:.*]]: tensor<f64>)
func.func @range(%s: tensor<i32>, %l: tensor<i32>, %d: tensor<i32>,
                 %f: tensor<f64>) {
  // CHECK: lite.range %[[S]], %[[L]], %[[D]] : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %0 = lite.range %s, %l, %d
      : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  // CHECK: lite.range %[[F]], %[[F]], %[[F]] : (tensor<f64>, tensor<f64>, tensor<f64>) -> tensor<4xf64>
  %1 = lite.range %f, %f, %f
      : (tensor<f64>, tensor<f64>, tensor<f64>) -> tensor<4xf64>
  return
}

// CHECK-LABEL: func.func @shape
// CHECK-SAME: (%[[X:.*]]: tensor<2x?xf32>, %[[U:.*]]: tensor<*xi1>)
func.func @shape(%x: tensor<2x?xf32>, %u: tensor<*xi1>) {
  // CHECK: lite.shape %[[X]] : (tensor<2x?xf32>) -> tensor<2xi32>
  %0 = lite.shape %x : (tensor<2x?xf32>) -> tensor<2xi32>
  // CHECK: lite.shape %[[U]] : (tensor<*xi1>) -> tensor<?xi64>
  %1 = lite.shape %u : (tensor<*xi1>) -> tensor<?xi64>
  // CHECK: lite.shape %[[U]] : (tensor<*xi1>) -> tensor<3xi32>
  %2 = lite.shape %u : (tensor<*xi1>) -> tensor<3xi32>
  return
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @reductions
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>, %[[A:.*]]: tensor<?xi32>, %[[U:.*]]: tensor<*xi64>)
func.func @reductions(%x: tensor<2x3x4xf32>, %a: tensor<?xi32>,
                      %u: tensor<*xi64>) {
  // CHECK: %[[AXES:.*]] = lite.constant dense<[0, -1]> : tensor<2xi32>
  %axes = lite.constant dense<[0, -1]> : tensor<2xi32>
  // CHECK: lite.sum %[[X]], %[[AXES]] : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<3xf32>
  // CHECK-NOT: keep_dims
  %0 = lite.sum %x, %axes {keep_dims = false}
      : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<3xf32>
  // CHECK: lite.sum %[[X]], %[[AXES]] {keep_dims = true} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<1x3x1xf32>
  %1 = lite.sum %x, %axes {keep_dims = true}
      : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<1x3x1xf32>
  // CHECK: %[[ONE:.*]] = lite.constant dense<1> : tensor<i64>
  %one = lite.constant dense<1> : tensor<i64>
  // CHECK: lite.mean %[[X]], %[[ONE]] : (tensor<2x3x4xf32>, tensor<i64>) -> tensor<2x4xf32>
  %2 = lite.mean %x, %one
      : (tensor<2x3x4xf32>, tensor<i64>) -> tensor<2x4xf32>
  // CHECK: lite.mean %[[X]], %[[A]] {keep_dims = true} : (tensor<2x3x4xf32>, tensor<?xi32>) -> tensor<?x?x?xf32>
  %3 = lite.mean %x, %a {keep_dims = true}
      : (tensor<2x3x4xf32>, tensor<?xi32>) -> tensor<?x?x?xf32>
  // Duplicate axes reduce once.
  // CHECK: %[[DUP:.*]] = lite.constant dense<[1, -2]> : tensor<2xi32>
  %dup = lite.constant dense<[1, -2]> : tensor<2xi32>
  // CHECK: lite.reduce_max %[[X]], %[[DUP]] : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  %4 = lite.reduce_max %x, %dup
      : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  // CHECK: lite.reduce_max %[[U]], %[[A]] : (tensor<*xi64>, tensor<?xi32>) -> tensor<*xi64>
  %5 = lite.reduce_max %u, %a : (tensor<*xi64>, tensor<?xi32>) -> tensor<*xi64>
  // CHECK: lite.reduce_min %[[X]], %[[DUP]] {keep_dims = true} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<2x1x4xf32>
  %6 = lite.reduce_min %x, %dup {keep_dims = true}
      : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<2x1x4xf32>
  return
}

//===----------------------------------------------------------------------===//
// Linear algebra
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @fully_connected
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>, %[[W:.*]]: tensor<8x4xf32>, %[[B:.*]]: tensor<8xf32>)
func.func @fully_connected(%x: tensor<2x3x4xf32>, %w: tensor<8x4xf32>,
                           %b: tensor<8xf32>) {
  // CHECK: lite.fully_connected %[[X]], %[[W]] : (tensor<2x3x4xf32>, tensor<8x4xf32>) -> tensor<6x8xf32>
  // CHECK-NOT: keep_num_dims
  // CHECK-NOT: weights_format
  %0 = lite.fully_connected %x, %w
      {keep_num_dims = false, weights_format = #lite.weights_format<DEFAULT>,
       asymmetric_quantize_inputs = false}
      : (tensor<2x3x4xf32>, tensor<8x4xf32>) -> tensor<6x8xf32>
  // CHECK: lite.fully_connected %[[X]], %[[W]], %[[B]] : (tensor<2x3x4xf32>, tensor<8x4xf32>, tensor<8xf32>) -> tensor<6x8xf32>
  %1 = lite.fully_connected %x, %w, %b
      : (tensor<2x3x4xf32>, tensor<8x4xf32>, tensor<8xf32>) -> tensor<6x8xf32>
  // CHECK: lite.fully_connected %[[X]], %[[W]], %[[B]] {fused_activation_function = #lite.activation<RELU>, keep_num_dims = true} : (tensor<2x3x4xf32>, tensor<8x4xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
  %2 = lite.fully_connected %x, %w, %b
      {fused_activation_function = #lite.activation<RELU>, keep_num_dims = true}
      : (tensor<2x3x4xf32>, tensor<8x4xf32>, tensor<8xf32>) -> tensor<2x3x8xf32>
  // CHECK: lite.fully_connected %[[X]], %[[W]] {keep_num_dims = true} : (tensor<2x3x4xf32>, tensor<8x4xf32>) -> tensor<2x?x8xf32>
  %3 = lite.fully_connected %x, %w {keep_num_dims = true}
      : (tensor<2x3x4xf32>, tensor<8x4xf32>) -> tensor<2x?x8xf32>
  return
}

// CHECK-LABEL: func.func @fully_connected_quantized
// CHECK-SAME: (%[[X:.*]]: tensor<?x16xi8>, %[[W:.*]]: tensor<4x16xi8>, %[[B:.*]]: tensor<4xi32>, %[[U:.*]]: tensor<*xi8>)
func.func @fully_connected_quantized(%x: tensor<?x16xi8>,
                                     %w: tensor<4x16xi8>, %b: tensor<4xi32>,
                                     %u: tensor<*xi8>) {
  // CHECK: lite.fully_connected %[[X]], %[[W]], %[[B]] {asymmetric_quantize_inputs = true, weights_format = #lite.weights_format<SHUFFLED4x16INT8>} : (tensor<?x16xi8>, tensor<4x16xi8>, tensor<4xi32>) -> tensor<?x4xi32>
  %0 = lite.fully_connected %x, %w, %b
      {weights_format = #lite.weights_format<SHUFFLED4x16INT8>,
       asymmetric_quantize_inputs = true}
      : (tensor<?x16xi8>, tensor<4x16xi8>, tensor<4xi32>) -> tensor<?x4xi32>
  // CHECK: lite.fully_connected %[[U]], %[[W]] : (tensor<*xi8>, tensor<4x16xi8>) -> tensor<?x4xi8>
  %1 = lite.fully_connected %u, %w
      : (tensor<*xi8>, tensor<4x16xi8>) -> tensor<?x4xi8>
  // CHECK: lite.fully_connected %[[U]], %[[U]], %[[U]] {keep_num_dims = true} : (tensor<*xi8>, tensor<*xi8>, tensor<*xi8>) -> tensor<*xi8>
  %2 = lite.fully_connected %u, %u, %u {keep_num_dims = true}
      : (tensor<*xi8>, tensor<*xi8>, tensor<*xi8>) -> tensor<*xi8>
  return
}

// CHECK-LABEL: func.func @batch_matmul
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>, %[[Y:.*]]: tensor<4x5xf32>, %[[XT:.*]]: tensor<2x1x4x3xf32>, %[[YT:.*]]: tensor<1x5x4xf32>)
func.func @batch_matmul(%x: tensor<2x3x4xf32>, %y: tensor<4x5xf32>,
                        %xt: tensor<2x1x4x3xf32>, %yt: tensor<1x5x4xf32>) {
  // CHECK: lite.batch_matmul %[[X]], %[[Y]] : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  // CHECK-NOT: adj_
  %0 = lite.batch_matmul %x, %y {adj_x = false, adj_y = false}
      : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  // CHECK: lite.batch_matmul %[[XT]], %[[Y]] {adj_x = true} : (tensor<2x1x4x3xf32>, tensor<4x5xf32>) -> tensor<2x1x3x5xf32>
  %1 = lite.batch_matmul %xt, %y {adj_x = true}
      : (tensor<2x1x4x3xf32>, tensor<4x5xf32>) -> tensor<2x1x3x5xf32>
  // CHECK: lite.batch_matmul %[[X]], %[[YT]] {adj_y = true} : (tensor<2x3x4xf32>, tensor<1x5x4xf32>) -> tensor<?x3x5xf32>
  %2 = lite.batch_matmul %x, %yt {adj_y = true}
      : (tensor<2x3x4xf32>, tensor<1x5x4xf32>) -> tensor<?x3x5xf32>
  // CHECK: lite.batch_matmul %[[XT]], %[[YT]] {adj_x = true, adj_y = true} : (tensor<2x1x4x3xf32>, tensor<1x5x4xf32>) -> tensor<2x1x3x5xf32>
  %3 = lite.batch_matmul %xt, %yt {adj_x = true, adj_y = true}
      : (tensor<2x1x4x3xf32>, tensor<1x5x4xf32>) -> tensor<2x1x3x5xf32>
  return
}

// CHECK-LABEL: func.func @batch_matmul_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x8xi32>, %[[Y:.*]]: tensor<8x2xi32>, %[[U:.*]]: tensor<*xi32>)
func.func @batch_matmul_dynamic(%x: tensor<?x?x8xi32>, %y: tensor<8x2xi32>,
                                %u: tensor<*xi32>) {
  // CHECK: lite.batch_matmul %[[X]], %[[Y]] {asymmetric_quantize_inputs = true} : (tensor<?x?x8xi32>, tensor<8x2xi32>) -> tensor<?x?x2xi32>
  %0 = lite.batch_matmul %x, %y {asymmetric_quantize_inputs = true}
      : (tensor<?x?x8xi32>, tensor<8x2xi32>) -> tensor<?x?x2xi32>
  // CHECK: lite.batch_matmul %[[U]], %[[Y]] : (tensor<*xi32>, tensor<8x2xi32>) -> tensor<*xi32>
  %1 = lite.batch_matmul %u, %y
      : (tensor<*xi32>, tensor<8x2xi32>) -> tensor<*xi32>
  return
}

// Index vectors of unknown rank (as imported graphs may have).
// CHECK-LABEL: func.func @unranked_index_vectors
func.func @unranked_index_vectors(%x: tensor<*xf32>, %s: tensor<*xi32>, %v: tensor<f32>) {
  // CHECK: lite.reshape %{{.*}}, %{{.*}} : (tensor<*xf32>, tensor<*xi32>) -> tensor<*xf32>
  %0 = lite.reshape %x, %s : (tensor<*xf32>, tensor<*xi32>) -> tensor<*xf32>
  // CHECK: lite.fill %{{.*}}, %{{.*}} : (tensor<*xi32>, tensor<f32>) -> tensor<*xf32>
  %1 = lite.fill %s, %v : (tensor<*xi32>, tensor<f32>) -> tensor<*xf32>
  return
}
