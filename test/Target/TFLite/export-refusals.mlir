// RUN: sluice-translate %s -split-input-file --mlir-to-tflite -verify-diagnostics -o /dev/null

// Elementwise ops TFLite cannot hold (no builtin in LiteRT 2.3's schema, no
// exact decomposition into builtins): the exporter names the op, its
// operand types and the reason its record gives (`tfliteRefusal`).

// An op with a builtin is exported without a word.
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lite.neg %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @main(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{cannot be exported: 'lite.bitwise_and' is not a TFLite builtin operator (on 'tensor<4xi32>', 'tensor<4xi32>'): LiteRT 2.3's schema has no BITWISE_AND builtin}}
  %r = lite.bitwise_and %x, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

func.func @main(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{cannot be exported: 'lite.bitwise_or' is not a TFLite builtin operator (on 'tensor<4xi32>', 'tensor<4xi32>'): LiteRT 2.3's schema has no BITWISE_OR builtin}}
  %r = lite.bitwise_or %x, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

func.func @main(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{cannot be exported: 'lite.left_shift' is not a TFLite builtin operator (on 'tensor<4xi32>', 'tensor<4xi32>'): LiteRT 2.3's schema has no LEFT_SHIFT builtin}}
  %r = lite.left_shift %x, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot be exported: 'lite.erf' is not a TFLite builtin operator (on 'tensor<4xf32>'): LiteRT 2.3's schema has no ERF builtin}}
  %r = lite.erf %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot be exported: 'lite.softplus' is not a TFLite builtin operator (on 'tensor<4xf32>'): LiteRT 2.3's schema has no SOFTPLUS builtin}}
  %r = lite.softplus %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
