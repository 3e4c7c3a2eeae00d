/*===- SluiceStatus.h - status codes of compiled Sluice models ----*- C -*-===*
 *
 * The codes a natively compiled model's entry points return. Plain C, shared
 * by the lowering (which writes them) and by every generated model header
 * (which repeats this block under the same include guard).
 *
 *===----------------------------------------------------------------------===*/

#ifndef SLUICE_STATUS_DEFINED
#define SLUICE_STATUS_DEFINED

typedef enum sluice_status {
  SLUICE_OK = 0,
  /* A gather or slice index outside the tensor it indexes. */
  SLUICE_ERROR_INDEX_OUT_OF_RANGE = 1,
  /* Dynamic shapes that do not broadcast, reshape or concatenate. */
  SLUICE_ERROR_SHAPE_MISMATCH = 2,
  /* An integer division or modulo by zero. */
  SLUICE_ERROR_DIVISION_BY_ZERO = 3,
  /* Any other operand the operator rejects at run time (a negative fill
     dimension, a range with step 0, an integer power with a negative
     exponent, ...). */
  SLUICE_ERROR_INVALID_ARGUMENT = 4,
  /* State the operator needs is missing: a variable read before it was
     ever assigned (TensorFlow's FailedPrecondition). */
  SLUICE_ERROR_FAILED_PRECONDITION = 5
} sluice_status;

#endif /* SLUICE_STATUS_DEFINED */
