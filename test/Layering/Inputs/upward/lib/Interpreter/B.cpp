#include "sluice/Dialect/Lite/IR/LiteOps.h"
