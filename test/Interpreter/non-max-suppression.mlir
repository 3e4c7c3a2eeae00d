// non_max_suppression_v4 on operands known only at run time, in the
// interpreter and in native code: TF's greedy selection in order of score
// (ties by index; a box of no area overlaps nothing; corners in either
// order), padded with zeros; its run-time refusals.
// Boxes: 0 and 1 overlap (IoU 0.81), 2 is 1 flipped, 3 has no area.
// RUN: echo '[[[0, 0, 1, 1], [0, 0.1, 1, 1.1], [1, 1.1, 0, 0.1], [2, 2, 2, 3], [3, 3, 4, 4]], [0.9, 0.9, 0.75, 0.8, 0.1], 4, 0.5, 0.05]' > %t.nms.json
// RUN: sluice-run %s --inputs=%t.nms.json | FileCheck %s --check-prefix=NMS
// RUN: sluice-run %s --inputs=%t.nms.json --engine=native | FileCheck %s --check-prefix=NMS
// NMS: {"outputs":[{"data":[0,3,4,0],"dtype":"int32","name":"output0","shape":[4]},{"data":[3],"dtype":"int32","name":"output1","shape":[]}]}
// An IoU threshold of 1 suppresses nothing; max_output_size 2 stops early.
// RUN: echo '[[[0, 0, 1, 1], [0, 0.1, 1, 1.1], [1, 1.1, 0, 0.1], [2, 2, 2, 3], [3, 3, 4, 4]], [0.9, 0.9, 0.75, 0.8, 0.1], 2, 1, 0.05]' > %t.two.json
// RUN: sluice-run %s --inputs=%t.two.json | FileCheck %s --check-prefix=TWO
// RUN: sluice-run %s --inputs=%t.two.json --engine=native | FileCheck %s --check-prefix=TWO
// TWO: {"outputs":[{"data":[0,1],"dtype":"int32","name":"output0","shape":[2]},{"data":[2],"dtype":"int32","name":"output1","shape":[]}]}
// An IoU of NaN zeroes a score as in TF's kernel: the box is dropped at a
// score threshold of 0 and comes back, after the others above 0, at -inf;
// the last two are TF's own answers (TF 2.21).
// RUN: echo '[[[0, 0, 1, 1], ["nan", 0, 1, 1], [3, 3, 4, 4]], [0.9, 0.8, 0.7], 3, 0.5, 0]' > %t.nan.json
// RUN: sluice-run %s --inputs=%t.nan.json | FileCheck %s --check-prefix=NAN
// RUN: sluice-run %s --inputs=%t.nan.json --engine=native | FileCheck %s --check-prefix=NAN
// NAN: {"outputs":[{"data":[0,2,0],"dtype":"int32","name":"output0","shape":[3]},{"data":[2],"dtype":"int32","name":"output1","shape":[]}]}
// RUN: echo '[[[0, 0, 1, 1], ["nan", 0, 1, 1], [3, 3, 4, 4]], [0.9, 0.8, 0.7], 3, 0.5, "-inf"]' > %t.requeue.json
// RUN: sluice-run %s --inputs=%t.requeue.json | FileCheck %s --check-prefix=REQUEUE
// RUN: sluice-run %s --inputs=%t.requeue.json --engine=native | FileCheck %s --check-prefix=REQUEUE
// REQUEUE: {"outputs":[{"data":[0,2,1],"dtype":"int32","name":"output0","shape":[3]},{"data":[3],"dtype":"int32","name":"output1","shape":[]}]}
// RUN: echo '[[[0, 0, 1, 1]], [0.9], 2147483647, 0.5, 0]' > %t.huge.json
// RUN: not sluice-run %s --inputs=%t.huge.json 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: error: a result of shape [2147483647]
// RUN: not sluice-run %s --inputs=%t.huge.json --engine=native 2>&1 | FileCheck %s --check-prefix=INVALID
// RUN: echo '[[[0, 0, 1, 1]], [0.9], 1, 1.5, 0]' > %t.iou.json
// RUN: not sluice-run %s --inputs=%t.iou.json 2>&1 | FileCheck %s --check-prefix=IOU
// IOU: error: non_max_suppression: iou_threshold 1.500000e+00 is outside [0, 1]
// RUN: not sluice-run %s --inputs=%t.iou.json --engine=native 2>&1 | FileCheck %s --check-prefix=INVALID
// RUN: echo '[[[0, 0, 1, 1]], [0.9], -1, 0.5, 0]' > %t.negative.json
// RUN: not sluice-run %s --inputs=%t.negative.json 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: non_max_suppression: max_output_size -1 is negative
// RUN: not sluice-run %s --inputs=%t.negative.json --engine=native 2>&1 | FileCheck %s --check-prefix=INVALID
// RUN: echo '[[[0, 0, 1, 1]], [0.9, 0.8], 1, 0.5, 0]' > %t.scores.json
// RUN: not sluice-run %s --inputs=%t.scores.json 2>&1 | FileCheck %s --check-prefix=SCORES
// SCORES: error: non_max_suppression: scores [2] are not one per box of 1
// RUN: not sluice-run %s --inputs=%t.scores.json --engine=native 2>&1 | FileCheck %s --check-prefix=INVALID
// INVALID: SLUICE_ERROR_INVALID_ARGUMENT
func.func @main(%boxes: tensor<?x4xf32>, %scores: tensor<?xf32>, %max: tensor<i32>, %iou: tensor<f32>, %min: tensor<f32>) -> (tensor<?xi32>, tensor<i32>) {
  %i, %n = lite.non_max_suppression_v4 %boxes, %scores, %max, %iou, %min : (tensor<?x4xf32>, tensor<?xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<?xi32>, tensor<i32>)
  return %i, %n : tensor<?xi32>, tensor<i32>
}
