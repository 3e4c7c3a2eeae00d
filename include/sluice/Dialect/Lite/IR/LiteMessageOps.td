//===- LiteMessageOps.td - messages between ranks ----------*- tablegen -*-===//
//
// A lifted program partitioned over K ranks (-lite-partition) runs as K
// functions, one per rank, that all follow the same control flow: every
// rank that takes part in a lite.if or lite.while runs it, the predicate
// travelling to the ranks that do not compute it. A value one rank computes
// and another uses crosses as a lite.send on the first and a lite.recv on the
// second, both at the point where the value is defined, so that the sends
// and receives of every pair of ranks happen in one order on both sides:
//
//   rank 0                                rank 1
//   %p = lite.less %i, %n                 (nothing to compute)
//   lite.send %p to 1 key "p"             %p = lite.recv from 0 key "p"
//   lite.if %p ...                        lite.if %p ...
//
// A message is the value (dtype, shape, data); there is no dead token: a
// branch that does not run sends nothing, on either side. The interpreter
// matches a receive to the n-th send under its key; native code sends with
// MPI (the `mpi` dialect), the tag being the op's `tag`.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_LITEMESSAGEOPS_TD
#define SLUICE_DIALECT_LITE_IR_LITEMESSAGEOPS_TD

// The messages between ranks: sends and receives keep their order.
def Lite_MessageResource : Resource<"::sluice::lite::MessageResource">;

def Lite_SendOp : Lite_Op<"send", [
    MemoryEffects<[MemWrite<Lite_MessageResource>]>]> {
  let summary = "sends a tensor to another rank";
  let description = [{
    Sends `value` to rank `peer` under `key` (the producer and the
    destination, for diagnostics and the interpreter's rendezvous) and
    `tag` (a number the partition gives each key, MPI's message tag). The
    send does not wait for the receiver to need the value. `with_shape`:
    the message carries the value's shape, for a receiver whose type does
    not fix it; the send and its receive both have it or both lack it
    (shape inference may refine the sent value's type later, not the
    message).

    ```mlir
    lite.send %p to 1 key "less:0->1" tag 3 : tensor<i1>
    lite.send %v to 1 key "v:0->1" tag 4 with_shape : tensor<?xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$value, I64Attr:$peer, StrAttr:$key,
                       I32Attr:$tag, UnitAttr:$with_shape);
  let assemblyFormat = [{
    $value `to` $peer `key` $key `tag` $tag (`with_shape` $with_shape^)?
      attr-dict `:` type($value)
  }];
  let hasVerifier = 1;
}

def Lite_RecvOp : Lite_Op<"recv", [
    MemoryEffects<[MemRead<Lite_MessageResource>,
                   MemWrite<Lite_MessageResource>]>]> {
  let summary = "receives a tensor another rank sent";
  let description = [{
    Waits for the next message rank `peer` sent under `key` and `tag` and
    returns its value, which must have the result's element type and a
    shape compatible with it. `with_shape` as on the matching lite.send;
    without it the result type must be static where native code receives
    it.

    ```mlir
    %p = lite.recv from 0 key "less:0->1" tag 3 : tensor<i1>
    ```
  }];
  let arguments = (ins I64Attr:$peer, StrAttr:$key, I32Attr:$tag,
                       UnitAttr:$with_shape);
  let results = (outs Lite_Tensor:$value);
  let assemblyFormat = [{
    `from` $peer `key` $key `tag` $tag (`with_shape` $with_shape^)?
      attr-dict `:` type($value)
  }];
  let hasVerifier = 1;
}

#endif // SLUICE_DIALECT_LITE_IR_LITEMESSAGEOPS_TD
