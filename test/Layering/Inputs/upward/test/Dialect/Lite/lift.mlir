// A test of the conversion layer's lift in the directory of the dialect.
// RUN: sluice-opt %s -executor-lift-control-flow | FileCheck %s
