#include "sluice/Interpreter/Interpreter.h"
