// The list kernels' run-time checks (TensorFlow's TensorArray errors).
// RUN: echo '{"i": 2, "n": 4}' > %t.ok.json
// RUN: sluice-run %s --inputs=%t.ok.json | FileCheck %s --check-prefix=OK
// RUN: echo '{"i": 4, "n": 4}' > %t.write.json
// RUN: not sluice-run %s --inputs=%t.write.json 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: echo '{"i": -1, "n": 4}' > %t.negative.json
// RUN: not sluice-run %s --inputs=%t.negative.json 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: echo '{"i": 1, "n": -2}' > %t.reserve.json
// RUN: not sluice-run %s --inputs=%t.reserve.json 2>&1 | FileCheck %s --check-prefix=RESERVE
// RUN: echo '{"i": 2, "n": 4}' > %t.read.json
// RUN: not sluice-run %s --function=read_past_end --inputs=%t.read.json 2>&1 | FileCheck %s --check-prefix=READ
// RUN: not sluice-run %s --function=gather_past_end --inputs=%t.read.json 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: sluice-run %s --function=grow --inputs=%t.read.json | FileCheck %s --check-prefix=GROW
// RUN: echo '{"l": {"dtype": "float32", "shape": [2, 2], "data": [1, 2, 3, 4]}, "x": [1, 2, 3]}' > %t.shape.json
// RUN: not sluice-run %s --function=item_shape --inputs=%t.shape.json 2>&1 | FileCheck %s --check-prefix=SHAPE

// OK: {"outputs":[{"data":[0,0,0,0,1.5,2.5,0,0],"dtype":"float32","name":"list","shape":[4,2]},{"data":[1.5,2.5],"dtype":"float32","name":"item","shape":[2]},{"data":[4],"dtype":"int32","name":"length","shape":[]}]}
// WRITE: error: tried to write element 4 of a list of 4 element(s) that is not resizable
// NEGATIVE: error: tried to write element -1 of a list of 4 element(s)
// RESERVE: error: cannot reserve a list of -2 elements
// READ: error: tried to read element 4 of a list of 4 element(s)
// GATHER: error: tried to read element 5 of a list of 4 element(s)
// GROW: {"outputs":[{"data":[0,0,0,0,0,0,0,0,0,0,7,7],"dtype":"float32","name":"grown","shape":[6,2]}]}
// SHAPE: error: cannot write float32[3] into a list whose elements are [2]
func.func @main(%i: tensor<i32> {sluice.name = "i"}, %n: tensor<i32> {sluice.name = "n"})
    -> (tensor<?x2xf32> {sluice.name = "list"}, tensor<2xf32> {sluice.name = "item"},
        tensor<i32> {sluice.name = "length"}) {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<?x2xf32>
  %x = lite.constant dense<[1.5, 2.5]> : tensor<2xf32>
  %l1 = lite.list_set_item %l[%i], %x : (tensor<?x2xf32>, tensor<i32>, tensor<2xf32>) -> tensor<?x2xf32>
  %y = lite.list_get_item %l1[%i] : (tensor<?x2xf32>, tensor<i32>) -> tensor<2xf32>
  %len = lite.list_length %l1 : (tensor<?x2xf32>) -> tensor<i32>
  return %l1, %y, %len : tensor<?x2xf32>, tensor<2xf32>, tensor<i32>
}

func.func @read_past_end(%i: tensor<i32> {sluice.name = "i"}, %n: tensor<i32> {sluice.name = "n"}) -> tensor<2xf32> {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<?x2xf32>
  %at = lite.add %n, %i : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %past = lite.sub %at, %i : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %y = lite.list_get_item %l[%past] : (tensor<?x2xf32>, tensor<i32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

func.func @gather_past_end(%i: tensor<i32> {sluice.name = "i"}, %n: tensor<i32> {sluice.name = "n"}) -> tensor<2x2xf32> {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<?x2xf32>
  %is = lite.constant dense<[0, 5]> : tensor<2xi32>
  %y = lite.list_gather %l[%is] : (tensor<?x2xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// A resizable list grows to the index written + 1.
func.func @grow(%i: tensor<i32> {sluice.name = "i"}, %n: tensor<i32> {sluice.name = "n"})
    -> (tensor<?x2xf32> {sluice.name = "grown"}) {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<?x2xf32>
  %x = lite.constant dense<7.0> : tensor<2xf32>
  %five = lite.constant dense<5> : tensor<i32>
  %l1 = lite.list_set_item %l[%five], %x {resizable} : (tensor<?x2xf32>, tensor<i32>, tensor<2xf32>) -> tensor<?x2xf32>
  return %l1 : tensor<?x2xf32>
}

func.func @item_shape(%l: tensor<?x?xf32> {sluice.name = "l"}, %x: tensor<?xf32> {sluice.name = "x"}) -> tensor<?x?xf32> {
  %i = lite.constant dense<0> : tensor<i32>
  %l1 = lite.list_set_item %l[%i], %x : (tensor<?x?xf32>, tensor<i32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %l1 : tensor<?x?xf32>
}

// A list reserved without an element shape takes the shape of its first
// write; reading it before is an error.
// RUN: sluice-run %s --function=pending --inputs=%t.read.json | FileCheck %s --check-prefix=PENDING
// RUN: not sluice-run %s --function=read_pending --inputs=%t.read.json 2>&1 | FileCheck %s --check-prefix=READPENDING
// PENDING: {"outputs":[{"data":[0,0,0,1,2,3,0,0,0,0,0,0],"dtype":"float32","name":"written","shape":[4,3]}]}
// READPENDING: error: tried to read from a list of 4 element(s) that was never written: the shape of its elements is unknown
func.func @pending(%i: tensor<i32> {sluice.name = "i"}, %n: tensor<i32> {sluice.name = "n"})
    -> (tensor<*xf32> {sluice.name = "written"}) {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  %one = lite.constant dense<1> : tensor<i32>
  %x = lite.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %l1 = lite.list_set_item %l[%one], %x : (tensor<*xf32>, tensor<i32>, tensor<3xf32>) -> tensor<*xf32>
  return %l1 : tensor<*xf32>
}

func.func @read_pending(%i: tensor<i32> {sluice.name = "i"}, %n: tensor<i32> {sluice.name = "n"}) -> tensor<*xf32> {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  %y = lite.list_get_item %l[%i] : (tensor<*xf32>, tensor<i32>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}
