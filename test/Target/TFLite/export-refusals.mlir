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

// -----

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot be exported: 'lite.log1p' is not a TFLite builtin operator (on 'tensor<4xf32>'): LiteRT 2.3's schema has no LOG1P builtin}}
  %r = lite.log1p %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot be exported: 'lite.expm1' is not a TFLite builtin operator (on 'tensor<4xf32>'): LiteRT 2.3's schema has no EXPM1 builtin}}
  %r = lite.expm1 %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot be exported: 'lite.tan' is not a TFLite builtin operator (on 'tensor<4xf32>'): LiteRT 2.3's schema has no TAN builtin}}
  %r = lite.tan %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot be exported: 'lite.asin' is not a TFLite builtin operator (on 'tensor<4xf32>'): LiteRT 2.3's schema has no ASIN builtin}}
  %r = lite.asin %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot be exported: 'lite.acos' is not a TFLite builtin operator (on 'tensor<4xf32>'): LiteRT 2.3's schema has no ACOS builtin}}
  %r = lite.acos %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot be exported: 'lite.atan' is not a TFLite builtin operator (on 'tensor<4xf32>'): LiteRT 2.3's schema has no ATAN builtin}}
  %r = lite.atan %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot be exported: 'lite.sinh' is not a TFLite builtin operator (on 'tensor<4xf32>'): LiteRT 2.3's schema has no SINH builtin}}
  %r = lite.sinh %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot be exported: 'lite.cosh' is not a TFLite builtin operator (on 'tensor<4xf32>'): LiteRT 2.3's schema has no COSH builtin}}
  %r = lite.cosh %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot be exported: 'lite.asinh' is not a TFLite builtin operator (on 'tensor<4xf32>'): LiteRT 2.3's schema has no ASINH builtin}}
  %r = lite.asinh %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot be exported: 'lite.acosh' is not a TFLite builtin operator (on 'tensor<4xf32>'): LiteRT 2.3's schema has no ACOSH builtin}}
  %r = lite.acosh %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot be exported: 'lite.atanh' is not a TFLite builtin operator (on 'tensor<4xf32>'): LiteRT 2.3's schema has no ATANH builtin}}
  %r = lite.atanh %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @main(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{cannot be exported: 'lite.truncate_div' is not a TFLite builtin operator (on 'tensor<4xi32>', 'tensor<4xi32>'): LiteRT 2.3's schema has no TRUNCATE_DIV builtin}}
  %r = lite.truncate_div %x, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot be exported: 'lite.truncate_mod' is not a TFLite builtin operator (on 'tensor<4xf32>', 'tensor<4xf32>'): LiteRT 2.3's schema has no TRUNCATE_MOD builtin}}
  %r = lite.truncate_mod %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot be exported: 'lite.xlog1py' is not a TFLite builtin operator (on 'tensor<4xf32>', 'tensor<4xf32>'): LiteRT 2.3's schema has no LOG1P builtin}}
  %r = lite.xlog1py %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
