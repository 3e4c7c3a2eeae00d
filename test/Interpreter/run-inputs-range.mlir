// Integer inputs must fit their dtype: converting 5.5e67 to an int64 was
// undefined behaviour (found by sluice-fuzz-inputs under UBSan). The largest
// and smallest values of each dtype are read exactly.
// RUN: echo '[5555555555555555555555555555555555555555555555555555555555555555555, 1]' > %t.huge.json
// RUN: not sluice-run %s --inputs=%t.huge.json 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: sluice-run: input 'arg0' element #0 ({{[0-9]+}}) does not fit int64
// RUN: echo '[1, 2147483648]' > %t.int32.json
// RUN: not sluice-run %s --inputs=%t.int32.json 2>&1 | FileCheck %s --check-prefix=INT32
// INT32: sluice-run: input 'arg1' element #0 (2147483648) does not fit int32
// RUN: echo '[-9223372036854775808, -2147483648]' > %t.min.json
// RUN: sluice-run %s --inputs=%t.min.json | FileCheck %s --check-prefix=MIN
// MIN: {"outputs":[{"data":[-9223372036854775808],"dtype":"int64","name":"output0","shape":[]},{"data":[-2147483648],"dtype":"int32","name":"output1","shape":[]}]}
// RUN: echo '[9223372036854775808, 2147483647]' > %t.max.json
// RUN: not sluice-run %s --inputs=%t.max.json 2>&1 | FileCheck %s --check-prefix=INT64-MAX
// INT64-MAX: does not fit int64
func.func @main(%a: tensor<i64>, %b: tensor<i32>) -> (tensor<i64>, tensor<i32>) {
  return %a, %b : tensor<i64>, tensor<i32>
}
