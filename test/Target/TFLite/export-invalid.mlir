// RUN: sluice-translate %s -split-input-file --mlir-to-tflite -verify-diagnostics -o /dev/null

// What the TFLite exporter refuses, each with an error on the op or value.

// expected-error@+1 {{cannot be exported: no function @main and no other public function}}
module {
  func.func private @other(%a: tensor<f32>) -> tensor<f32> {
    return %a : tensor<f32>
  }
}

// -----

// A call the inliner cannot inline (an external function) has no TFLite
// builtin.
func.func private @external(tensor<f32>) -> tensor<f32>
func.func @main(%a: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{cannot be exported: 'func.call' is not a TFLite builtin operator}}
  %r = func.call @external(%a) : (tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// expected-error@+1 {{cannot be exported: TFLite has no tensor type for 'bf16'}}
func.func @main(%a: tensor<bf16>) -> tensor<bf16> {
  return %a : tensor<bf16>
}

// -----

func.func @main() -> tensor<2xi32> {
  // expected-error@+1 {{cannot be exported: only dense constants have a TFLite buffer}}
  %c = lite.constant dense_resource<blob> : tensor<2xi32>
  return %c : tensor<2xi32>
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000100000002000000"
    }
  }
#-}

// -----

// A stack pushed before any reset stays a variable (-lite-stacks-as-lists
// carries only stacks that are reset first).
lite.variable @acc : tensor<*xf32>
func.func @main(%x: tensor<2xf32>) {
  // expected-error@+1 {{cannot be exported: TFLite has no stacks (TF1 StackV2, which tf.gradients of a loop saves forward values on) and this one cannot be carried as a list: that needs it used by stack ops in one function only, reset there before any other use, with elements of one static shape, in loop bodies and if branches only (a variable holding it would grow in a WHILE body, and LiteRT 2.3 reads a variable assigned a new shape there with its old shape)}}
  lite.stack_push @acc, %x : tensor<2xf32>
  lite.stack_reset @acc
  return
}

// -----

// LiteRT's RANDOM_UNIFORM moves its generator on differently from TF's
// after the first run: only an initializer run by CALL_ONCE may draw.
func.func @main(%s: tensor<2xi32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{cannot be exported: LiteRT's RANDOM_UNIFORM draws TensorFlow's numbers on its first run only (then it moves its generator on by n / 4 blocks, TF by 256 n), and this one may run more than once; only an initializer that lite.call_once runs may draw random numbers}}
  %r = lite.random_uniform %s {seed = 1 : i64, seed2 = 7 : i64} : (tensor<2xi32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// An initializer that main also calls directly runs more than once.
func.func private @init(%s: tensor<2xi32>) {
  // expected-error@+1 {{cannot be exported: LiteRT's RANDOM_UNIFORM}}
  %r = lite.random_uniform %s {seed = 1 : i64, seed2 = 7 : i64} : (tensor<2xi32>) -> tensor<2x3xf32>
  return
}
func.func @main(%s: tensor<2xi32>) {
  func.call @init(%s) : (tensor<2xi32>) -> ()
  return
}

// -----

// TFLite's sizes are int32: a tensor of more elements is refused, and its
// byte count does not overflow (a fuzzed TILE of 1627389954 x 1752459634
// did, under UBSan).
func.func @main(%x: tensor<2x3xi32>, %m: tensor<2xi32>) -> tensor<1627389954x1752459634xi32> {
  // expected-error@+1 {{cannot be exported: 'tensor<1627389954x1752459634xi32>' has more elements than TFLite's int32 sizes hold}}
  %r = lite.tile %x, %m : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<1627389954x1752459634xi32>
  return %r : tensor<1627389954x1752459634xi32>
}
