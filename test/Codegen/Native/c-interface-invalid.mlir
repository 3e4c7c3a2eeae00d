// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg -native-c-interface=prefix=model -verify-diagnostics

// expected-error @+1 {{'s' of @main has element type 'f16', which C has no type for}}
func.func @main(%s: tensor<2xf16> {sluice.name = "s"}) -> tensor<2xf16> {
  return %s : tensor<2xf16>
}

// -----

// expected-error @+1 {{cannot export @main as 'model_main': the module already has a symbol of that name}}
func.func @main(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}
func.func private @model_main(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}

// -----

// expected-error @+1 {{the module has no public function to export}}
module {
  func.func private @only(%x: tensor<i32>) -> tensor<i32> {
    return %x : tensor<i32>
  }
}
