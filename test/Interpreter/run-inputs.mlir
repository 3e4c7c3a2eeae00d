// sluice-run's inputs and outputs: names, JSON forms and every input error.
// RUN: echo '{"x": [[1, 2], [3, 4]], "arg1": {"dtype": "float32", "shape": [], "data": [0.5]}}' > %t.ok.json
// RUN: sluice-run %s --inputs=%t.ok.json | FileCheck %s --check-prefix=OK
// RUN: echo '[[[1, 2], [3, 4]], 0.5]' > %t.array.json
// RUN: sluice-run %s --inputs=%t.array.json | FileCheck %s --check-prefix=OK
// RUN: not sluice-run %s 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: echo '{"x": [[1, 2], [3, 4]]}' > %t.missing.json
// RUN: not sluice-run %s --inputs=%t.missing.json 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: echo '{"x": [[1, 2], [3, 4]], "arg1": 1, "y": 2}' > %t.unknown.json
// RUN: not sluice-run %s --inputs=%t.unknown.json 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: echo '{"x": [1, 2, 3, 4], "arg1": 1}' > %t.shape.json
// RUN: not sluice-run %s --inputs=%t.shape.json 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: echo '{"x": {"dtype": "int32", "shape": [2, 2], "data": [1, 2, 3, 4]}, "arg1": 1}' > %t.dtype.json
// RUN: not sluice-run %s --inputs=%t.dtype.json 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: echo '{"x": ' > %t.bad.json
// RUN: not sluice-run %s --inputs=%t.bad.json 2>&1 | FileCheck %s --check-prefix=BADJSON
// RUN: not sluice-run %s --inputs=%t.does-not-exist.json 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not sluice-run %s --function=nope 2>&1 | FileCheck %s --check-prefix=NOFUNC

// OK: {"outputs":[{"data":[1.5,2.5,3.5,4.5],"dtype":"float32","name":"sum","shape":[2,2]}]}
// NONE: sluice-run: @main takes 2 argument(s) but no inputs were given
// MISSING: sluice-run: missing input 'arg1'
// UNKNOWN: sluice-run: unknown input 'y'
// SHAPE: sluice-run: input 'x' has shape [4] but the program expects [2, 2]
// DTYPE: sluice-run: input 'x' has dtype int32 but float32 is expected
// BADJSON: sluice-run: inputs are not valid JSON
// NOFILE: sluice-run: cannot open input file
// NOFUNC: sluice-run: no function @nope
func.func @main(%x: tensor<2x2xf32> {sluice.name = "x"}, %y: tensor<f32>)
    -> (tensor<2x2xf32> {sluice.name = "sum"}) {
  %0 = lite.add %x, %y : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
