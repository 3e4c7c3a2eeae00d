//===- LiteListOps.td - value-semantics lists --------------*- tablegen -*-===//
//
// Lists of tensors (TensorFlow's TensorArray and TensorList) as values: a
// list is a tensor whose dimension 0 indexes its elements, and every op that
// changes one returns the new list. A list carried by a loop is then an
// ordinary loop-carried tensor that the lift, shape inference and buffer
// planning already reason about; writing one element in place is the
// bufferizer's business, not the IR's.
//
// These ops are not TFLite builtins: -lite-legalize-lists rewrites them into
// builtins (FILL, DYNAMIC_UPDATE_SLICE, GATHER, ...) for TFLite export and
// native code, where list_set_item stays and is lowered with TF's index
// check. The interpreter runs them as they are, with TensorFlow's run-time
// checks (an index out of range, an element of the wrong shape).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_LITELISTOPS_TD
#define SLUICE_DIALECT_LITE_IR_LITELISTOPS_TD

// A list operand or result: at least one dimension (the element index).
def Lite_List : AnyTypeOf<[TensorRankOf<[I1, I8, UI8, I16, I32, I64, F16, F32,
                                         F64], [1, 2, 3, 4, 5, 6, 7, 8]>,
                           UnrankedTensorOf<[I1, I8, UI8, I16, I32, I64, F16,
                                             F32, F64]>],
    "a list: a tensor whose dimension 0 indexes the elements">;
def Lite_ScalarIndex : AnyTypeOf<[0DTensorOf<[I32, I64]>,
                                  UnrankedTensorOf<[I32, I64]>],
    "a scalar int32/int64 index">;

class Lite_ListOp<string mnemonic, list<Trait> traits = []>
    : Lite_Op<"list_" # mnemonic, !listconcat(traits, [Pure])>;

def Lite_ListReserveOp : Lite_ListOp<"reserve"> {
  let summary = "a list of `num_elements` zero elements";
  let description = [{
    A list of `num_elements` elements, each of the shape the result type
    gives after its first dimension (which must be static), all zero.
    TensorFlow reads an element never written as zeros when the element
    shape is known, and so does this list. `TensorArrayV3` and
    `TensorListReserve` import to it.

    A `resizable` list (a TensorArray with `dynamic_size`) may grow: its
    writes are `resizable` too and its length is only known at run time.

    An unranked result is a list whose element shape is not known yet: its
    first write (`list_set_item`, `list_scatter`) gives its elements their
    shape; reading it before is an error. For TFLite and native code,
    `-lite-legalize-lists` resolves the element shape from the writes.

    ```mlir
    %l = lite.list_reserve %n : (tensor<i32>) -> tensor<?x3xf32>
    ```
  }];
  let arguments = (ins Lite_ScalarIndex:$num_elements, UnitAttr:$resizable);
  let results = (outs Lite_List:$list);
  let assemblyFormat =
      "$num_elements attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Lite_ListSetItemOp : Lite_ListOp<"set_item", [Lite_ShapeRule, 
    AllTypesMatch<["list", "result"]>,
    AllElementTypesMatch<["list", "item"]>]> {
  let summary = "the list with element `index` replaced by `item`";
  let description = [{
    Returns `list` with element `index` set to `item`, which must have the
    element shape. An index outside `[0, length)` is an error unless the
    list is `resizable` (a TensorArray with `dynamic_size`), which then grows
    to `index + 1` elements, the new ones zero.

    ```mlir
    %l2 = lite.list_set_item %l[%i], %x : (tensor<4x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Lite_List:$list, Lite_ScalarIndex:$index,
                       Lite_Tensor:$item, UnitAttr:$resizable);
  let results = (outs Lite_List:$result);
  let assemblyFormat = [{
    $list `[` $index `]` `,` $item attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_ListGetItemOp : Lite_ListOp<"get_item", [Lite_ShapeRule, 
    AllElementTypesMatch<["list", "item"]>]> {
  let summary = "element `index` of a list";
  let description = [{
    Element `index` of `list`; an index outside `[0, length)` is an error.

    ```mlir
    %x = lite.list_get_item %l[%i] : (tensor<4x3xf32>, tensor<i32>) -> tensor<3xf32>
    ```
  }];
  let arguments = (ins Lite_List:$list, Lite_ScalarIndex:$index);
  let results = (outs Lite_Tensor:$item);
  let assemblyFormat = [{
    $list `[` $index `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_ListGatherOp : Lite_ListOp<"gather", [Lite_ShapeRule, 
    AllElementTypesMatch<["list", "items"]>]> {
  let summary = "the elements at `indices`, stacked";
  let description = [{
    The elements of `list` at `indices` (a vector), stacked along a new
    first dimension; every index must be in `[0, length)`.
    `TensorArrayGatherV3` and `TensorArrayStack` (a gather of every index)
    import to it.

    ```mlir
    %xs = lite.list_gather %l[%is] : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Lite_List:$list, Lite_IndexVector:$indices);
  let results = (outs Lite_List:$items);
  let assemblyFormat = [{
    $list `[` $indices `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_ListScatterOp : Lite_ListOp<"scatter", [Lite_ShapeRule, 
    AllTypesMatch<["list", "result"]>,
    AllElementTypesMatch<["list", "items"]>]> {
  let summary = "the list with the elements at `indices` replaced";
  let description = [{
    Returns `list` with element `indices[k]` set to `items[k]` for every k,
    in order. `items` has one row per index, each of the element shape. An
    index outside `[0, length)` is an error unless the list is `resizable`,
    which then grows to the largest index + 1. `TensorArrayScatterV3` and
    `TensorArrayUnstack` (a scatter over every index) import to it.

    ```mlir
    %l2 = lite.list_scatter %l[%is], %xs : (tensor<4x3xf32>, tensor<4xi32>, tensor<4x3xf32>) -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Lite_List:$list, Lite_IndexVector:$indices,
                       Lite_List:$items, UnitAttr:$resizable);
  let results = (outs Lite_List:$result);
  let assemblyFormat = [{
    $list `[` $indices `]` `,` $items attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_ListLengthOp : Lite_ListOp<"length", [Lite_ShapeRule]> {
  let summary = "the number of elements of a list";
  let description = [{
    The list's length (its dimension 0) as an int32 scalar.

    ```mlir
    %n = lite.list_length %l : (tensor<?x3xf32>) -> tensor<i32>
    ```
  }];
  let arguments = (ins Lite_List:$list);
  let results = (outs 0DTensorOf<[I32]>:$length);
  let assemblyFormat = "$list attr-dict `:` functional-type(operands, results)";
}

#endif // SLUICE_DIALECT_LITE_IR_LITELISTOPS_TD
