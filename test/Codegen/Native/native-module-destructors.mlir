// RUN: sluice-opt %s -split-input-file -native-module-destructors | FileCheck %s

// Functions tagged sluice.module_destructor are listed in llvm.global_dtors;
// private definitions get internal linkage, public ones keep theirs.
// CHECK: llvm.func internal @sluice.release_stacks()
// CHECK: llvm.func @other()
// CHECK: llvm.mlir.global_dtors dtors = [@sluice.release_stacks], priorities = [0 : i32], data = [#llvm.zero]
llvm.func @sluice.release_stacks() attributes {sluice.module_destructor, sym_visibility = "private"} {
  llvm.return
}
llvm.func @other() {
  llvm.return
}

// -----

// None tagged: no global_dtors.
// CHECK-NOT: llvm.mlir.global_dtors
llvm.func @plain() {
  llvm.return
}
