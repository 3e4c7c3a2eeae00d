// An input whose shape's element count overflows int64 (a regression of the
// inputs fuzzer, test/fuzz/inputs/shape-overflow.json) is refused like any
// shape its data does not fill.
// RUN: not sluice-run %s --inputs=%S/../fuzz/inputs/shape-overflow.json 2>&1 | FileCheck %s
// CHECK: sluice-run: input 'arg0' has 2 values but shape [6261240195261677040, 2] needs more than 2^63
func.func @main(%x: tensor<?x2xf32>) -> tensor<?x2xf32> {
  return %x : tensor<?x2xf32>
}
