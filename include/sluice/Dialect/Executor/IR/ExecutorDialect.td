//===- ExecutorDialect.td - TensorFlow v1 dataflow dialect ---*- tablegen -*-===//
//
// The executor dialect: TensorFlow's v1 dataflow graph with its control-flow
// primitives (switch, merge, enter, exit, next_iteration, loop_cond), executed
// by frames, tags and deadness as described in
// shared/seeds/tf-control-flow-implementation.txt.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_EXECUTOR_IR_EXECUTORDIALECT_TD
#define SLUICE_DIALECT_EXECUTOR_IR_EXECUTORDIALECT_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Executor_Dialect : Dialect {
  let name = "executor";
  let cppNamespace = "::sluice::executor";
  let summary = "TensorFlow v1 dataflow graphs with frames, tags and deadness";
  let description = [{
    An `executor.graph` holds a dataflow graph in a graph region: nodes run
    when their inputs arrive, so a `next_iteration` result may feed a `merge`
    defined earlier and loops are written as cycles. Values carry a deadness
    bit and a frame/iteration tag at run time; `switch` makes one of its
    outputs dead, `merge` forwards its live input, `enter`/`exit` move values
    between frames and `next_iteration` to the next iteration of a frame.
    Computation lives in `executor.island`s that wrap ops of other dialects.
    Every node takes trailing `!executor.control` operands for control edges
    and produces one control result.
  }];
  let useDefaultTypePrinterParser = 1;
}

class Executor_Type<string name, string typeMnemonic>
    : TypeDef<Executor_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def Executor_ControlType : Executor_Type<"Control", "control"> {
  let summary = "a control token: carries only arrival and deadness";
  let description = [{
    The result of every executor node and the type of control edges. A node
    with a control operand runs only after that operand's producer ran, and
    is dead when the producer was dead.
  }];
}

#endif // SLUICE_DIALECT_EXECUTOR_IR_EXECUTORDIALECT_TD
