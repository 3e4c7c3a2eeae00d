/* Runs examples/while_cond.pbtxt compiled to native code.
 *
 *   sluicec examples/while_cond.pbtxt --emit=obj -o while_cond.o \
 *       --header while_cond.h
 *   cc -I. examples/native/while_cond_main.c while_cond.o -o while_cond
 *   ./while_cond 7
 *
 * The TensorFlow graph is a v1 while loop over (i, acc) with a cond in its
 * body: i counts to n, acc adds i when i is even and subtracts 1 otherwise.
 * sluicec lifts it, lowers it through LLVM and exports it as
 * while_cond_main(), declared in the generated header. */
#include "while_cond.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int32_t n = argc > 1 ? (int32_t)atoi(argv[1]) : 7;
  int32_t i = 0, acc = 0;
  int32_t status = while_cond_main(&n, &i, &acc);
  if (status != SLUICE_OK) {
    fprintf(stderr, "while_cond_main failed with status %d\n", (int)status);
    return 1;
  }
  printf("n = %d: while/Exit = %d, while/Exit_1 = %d\n", (int)n, (int)i,
         (int)acc);
  return 0;
}
