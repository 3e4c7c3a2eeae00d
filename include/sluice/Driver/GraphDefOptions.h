//===- GraphDefOptions.h - --feeds/--fetches for the tools ------*- C++ -*-===//
//
// The command-line options every tool that reads GraphDefs offers, declared
// once. A tool constructs one in main() before parsing its command line, so
// the options belong to the tool, not to the library.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DRIVER_GRAPHDEFOPTIONS_H
#define SLUICE_DRIVER_GRAPHDEFOPTIONS_H

#include "sluice/Target/GraphDef/GraphDefImport.h"

#include "llvm/Support/CommandLine.h"

namespace sluice {

struct GraphDefCommandLineOptions {
  /// `prefix` starts each description (e.g. "GraphDef input: "); the options
  /// join `category` when one is given.
  GraphDefCommandLineOptions(llvm::StringRef prefix,
                             llvm::cl::OptionCategory *category = nullptr);

  /// The import options the command line asked for.
  GraphDefImportOptions get() const;

private:
  // The descriptions outlive the options that point at them.
  std::string feedsDescription, fetchesDescription, initDescription,
      verboseDescription;

public:
  llvm::cl::opt<std::string> feeds;
  llvm::cl::opt<std::string> fetches;
  llvm::cl::opt<std::string> init;
  llvm::cl::opt<bool> verbose;
  /// A SavedModel directory's signature and meta graph tags.
  llvm::cl::opt<std::string> signature;
  llvm::cl::opt<std::string> tags;
  /// How deep regions, inlined functions and TFLite subgraphs may nest, in
  /// any input.
  llvm::cl::opt<unsigned> maxNesting;
};

} // namespace sluice

#endif // SLUICE_DRIVER_GRAPHDEFOPTIONS_H
