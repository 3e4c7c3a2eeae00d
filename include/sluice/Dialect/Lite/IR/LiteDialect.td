//===- LiteDialect.td - TFLite-like tensor dialect -----------*- tablegen -*-===//
//
// The lite dialect: tensor ops with TFLite semantics plus region-based
// lite.if / lite.while. This file holds the dialect, the TFLite enums it
// shares with the FlatBuffer schema (builtin operator codes, options union
// members, activation functions) and the tensor type constraints.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_LITEDIALECT_TD
#define SLUICE_DIALECT_LITE_IR_LITEDIALECT_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"

def Lite_Dialect : Dialect {
  let name = "lite";
  let cppNamespace = "::sluice::lite";
  let summary = "TFLite tensor ops and region-based control flow";
  let description = [{
    Ops follow TFLite's semantics (numpy broadcasting for binary elementwise
    ops, fused activation functions, TFLite dtypes). Control flow is
    structured: `lite.if` and `lite.while` hold their branches, condition and
    body as regions that may use values defined above them. Every op that has
    a TFLite builtin records its operator code and options table, so the
    FlatBuffer import and export are driven by the op definitions.
  }];
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    /// Lets the inliner move lite ops (LiteInliner.cpp).
    void registerInlinerInterface();
    /// Attaches each op's gradient rule (LiteGradients.cpp).
    void registerGradientInterfaces();
  }];
  let hasConstantMaterializer = 1;
  let hasOperationAttrVerify = 1;
}

//===----------------------------------------------------------------------===//
// TFLite enums (values are TFLite schema v3's)
//===----------------------------------------------------------------------===//

// BuiltinOperator (every classic TFLite builtin's code) and BuiltinOptions
// (the options union's members), generated from lib/Target/TFLite/schema.fbs
// at build time (utils/gen_lite_builtins.py).
include "sluice/Dialect/Lite/IR/LiteBuiltinOperators.td"

// ActivationFunctionType: applied to the result of ops that fuse one.
def Lite_ActivationFunctionType : I32EnumAttr<"ActivationFunctionType",
    "fused activation function", [
  I32EnumAttrCase<"NONE", 0>,
  I32EnumAttrCase<"RELU", 1>,
  I32EnumAttrCase<"RELU_N1_TO_1", 2>,
  I32EnumAttrCase<"RELU6", 3>,
  I32EnumAttrCase<"TANH", 4>,
  I32EnumAttrCase<"SIGN_BIT", 5>
  ]> {
  let cppNamespace = "::sluice::lite";
  let genSpecializedAttr = 0;
}

def Lite_ActivationAttr : EnumAttr<Lite_Dialect, Lite_ActivationFunctionType,
                                   "activation"> {
  let assemblyFormat = "`<` $value `>`";
}

// The fused activation of an op, NONE unless written.
def Lite_FusedActivation : DefaultValuedAttr<Lite_ActivationAttr,
    "::sluice::lite::ActivationFunctionType::NONE">;

// Padding: how a window op (convolution, pooling) treats the borders.
// SAME pads the input so the output has ceil(size / stride) positions,
// VALID does not pad.
def Lite_Padding : I32EnumAttr<"Padding", "window padding", [
  I32EnumAttrCase<"SAME", 0>,
  I32EnumAttrCase<"VALID", 1>
  ]> {
  let cppNamespace = "::sluice::lite";
  let genSpecializedAttr = 0;
}

def Lite_PaddingAttr : EnumAttr<Lite_Dialect, Lite_Padding, "padding"> {
  let assemblyFormat = "`<` $value `>`";
}

// MirrorPadMode: whether mirror_pad repeats the border element.
def Lite_MirrorPadMode : I32EnumAttr<"MirrorPadMode", "mirror padding", [
  I32EnumAttrCase<"REFLECT", 0>,
  I32EnumAttrCase<"SYMMETRIC", 1>
  ]> {
  let cppNamespace = "::sluice::lite";
  let genSpecializedAttr = 0;
}

def Lite_MirrorPadModeAttr : EnumAttr<Lite_Dialect, Lite_MirrorPadMode,
                                      "mirror_pad_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

// FullyConnectedOptionsWeightsFormat.
def Lite_WeightsFormat : I32EnumAttr<"WeightsFormat",
    "layout of fully_connected weights", [
  I32EnumAttrCase<"DEFAULT", 0>,
  I32EnumAttrCase<"SHUFFLED4x16INT8", 1>
  ]> {
  let cppNamespace = "::sluice::lite";
  let genSpecializedAttr = 0;
}

def Lite_WeightsFormatAttr : EnumAttr<Lite_Dialect, Lite_WeightsFormat,
                                      "weights_format"> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Buffer decisions (sluice/Analysis/BufferAliasing.h)
//===----------------------------------------------------------------------===//

// The copies one slot of a lite.while, or one result of a lite.if, needs.
def Lite_SlotCopies : I32BitEnumAttr<"SlotCopies",
    "copies of a loop slot or an if result", [
  I32BitEnumAttrCaseNone<"none">,
  I32BitEnumAttrCaseBit<"entry", 0>,
  I32BitEnumAttrCaseBit<"body", 1>,
  I32BitEnumAttrCaseBit<"ping_pong", 2>,
  I32BitEnumAttrCaseBit<"then_branch", 3, "then">,
  I32BitEnumAttrCaseBit<"else_branch", 4, "else">
  ]> {
  let cppNamespace = "::sluice::lite";
  let genSpecializedAttr = 0;
  let separator = " | ";
}

def Lite_SlotAttr : AttrDef<Lite_Dialect, "Slot"> {
  let mnemonic = "slot";
  let summary = "the buffer decision for one loop slot or if result";
  let description = [{
    What BufferAliasing decided for one slot of a `lite.while` or one result
    of a `lite.if`, as -lite-plan-buffers records it in the op's `lite.buffers`
    array (one entry per slot or result):

    - `copies`: `none` (one buffer: the values flowing in and out share it),
      or some of `entry` (the initial value is copied into the loop's
      buffer), `body` (the body's value is copied at the yield), `ping_pong`
      (the body writes the next value into a second buffer; the two
      alternate), `then`/`else` (that branch copies its value into the
      result).
    - `buffer`: the slot whose buffer holds this slot's next value when it
      is not its own: passed by pointer without `body` (a swap, a rotation,
      a value computed over a slot that only forwards another), copied from
      that slot's argument with `body`.

    ```mlir
    lite.buffers = [#lite.slot<none>, #lite.slot<entry | ping_pong>,
                    #lite.slot<none, buffer = 3>]
    ```
  }];
  let parameters = (ins EnumParameter<Lite_SlotCopies>:$copies,
                        DefaultValuedParameter<"int64_t", "-1">:$buffer);
  let assemblyFormat = "`<` $copies (`,` `buffer` `=` $buffer^)? `>`";
  let extraClassDeclaration = [{
    /// Whether the decision includes `copy`.
    bool has(SlotCopies copy) const {
      return ::sluice::lite::bitEnumContainsAll(getCopies(), copy);
    }
    /// The slot whose buffer holds the next value, if not the slot's own.
    std::optional<unsigned> getBufferSlot() const {
      if (getBuffer() < 0)
        return std::nullopt;
      return static_cast<unsigned>(getBuffer());
    }
  }];
}

// An i32 attribute read back as a signed int32_t: axes and masks may be
// negative (upstream's I32Attr getter returns uint32_t).
def Lite_I32Attr : TypedSignlessIntegerAttrBase<I32, "int32_t",
                                                "32-bit integer attribute"> {
  let convertFromStorage =
      "static_cast<int32_t>($_self.getValue().getSExtValue())";
}

//===----------------------------------------------------------------------===//
// Tensor types: TFLite's dtypes as MLIR element types
//===----------------------------------------------------------------------===//

// bool, int8, uint8, int16, int32, int64, float16, float32, float64.
def Lite_Tensor : TensorOf<[I1, I8, UI8, I16, I32, I64, F16, F32, F64]>;
def Lite_NumericTensor : TensorOf<[I8, UI8, I16, I32, I64, F16, F32, F64]>;
def Lite_SignedTensor : TensorOf<[I8, I16, I32, I64, F16, F32, F64]>;
def Lite_IntegerTensor : TensorOf<[I8, UI8, I16, I32, I64]>;
def Lite_FloatTensor : TensorOf<[F16, F32, F64]>;
def Lite_BoolTensor : TensorOf<[I1]>;
// Shapes, axes, indices, begin/end/stride vectors. A vector may also be
// unranked (an imported graph may not say); kernels check the rank at run
// time.
def Lite_IndexTensor : TensorOf<[I32, I64]>;
def Lite_IndexVector : AnyTypeOf<[1DTensorOf<[I32, I64]>,
                                  UnrankedTensorOf<[I32, I64]>],
    "1D or unranked tensor of 32/64-bit signless integers">;
def Lite_ShapeVector : AnyTypeOf<[1DTensorOf<[I32]>, UnrankedTensorOf<[I32]>],
    "1D or unranked tensor of 32-bit signless integers">;
// The predicate of lite.if / the result of a while condition.
def Lite_Predicate : 0DTensorOf<[I1]>,
    BuildableType<"::mlir::RankedTensorType::get({}, $_builder.getI1Type())">;

#endif // SLUICE_DIALECT_LITE_IR_LITEDIALECT_TD
