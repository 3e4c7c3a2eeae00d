//===- ResourceLimits.h - the bounds every reader and engine keeps -*- C++
//-*-===//
//
// A hostile program must not exhaust the machine: these are the limits, and
// their defaults, that the importers, the interpreter and compiled code
// enforce (docs/usage.md, "Resource limits"). Tools expose them as
// --max-nesting, --max-memory and --max-iterations.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_RUNTIME_RESOURCELIMITS_H
#define SLUICE_RUNTIME_RESOURCELIMITS_H

#include <cstdint>
#include <limits>

namespace sluice {

/// The most elements one tensor created from run-time values may have, in
/// every engine (TFLite's sizes are `int`).
inline constexpr int64_t kMaxElements = std::numeric_limits<int32_t>::max();

/// The longest shape vector (the rank of the tensor it describes) shape
/// inference reads: a tile's multiples or a fill's dims of more entries
/// describe no tensor any engine makes, and reading them entry by entry would
/// take memory in proportion to a length a malformed model sets freely.
inline constexpr int64_t kMaxRank = 64;

/// How deep regions (lite.if, lite.while, v1 conds and loops), function
/// bodies inlined by the GraphDef importer and TFLite subgraphs run by IF and
/// WHILE may nest by default. Deeper programs are refused with a diagnostic
/// before anything recurses over them. The importers, the lift, the
/// interpreter and export recurse once per level: 1,000 levels overflowed
/// the TFLite importer's 8 MB stack under AddressSanitizer, 256 do not.
inline constexpr unsigned kDefaultMaxNesting = 256;

/// The bytes of tensors a run may create by default: in the interpreter,
/// those alive at once; in compiled code, any one tensor.
inline constexpr int64_t kDefaultMaxMemoryBytes = int64_t(4) << 30;

} // namespace sluice

#endif // SLUICE_RUNTIME_RESOURCELIMITS_H
