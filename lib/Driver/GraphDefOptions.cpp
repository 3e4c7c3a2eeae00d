//===- GraphDefOptions.cpp - --feeds/--fetches for the tools --------------===//

#include "sluice/Driver/GraphDefOptions.h"

using namespace sluice;
namespace cl = llvm::cl;

GraphDefCommandLineOptions::GraphDefCommandLineOptions(
    llvm::StringRef prefix, cl::OptionCategory *category)
    : feedsDescription((prefix + "tensors fed as arguments, comma-separated "
                                 "node or node:port (default: every "
                                 "Placeholder)")
                           .str()),
      fetchesDescription(
          (prefix + "tensors returned, comma-separated node or node:port, "
                    "^node for a node that must run (default: the _Retval "
                    "nodes, else every unconsumed data output except switch "
                    "outputs and nodes used as control inputs)")
              .str()),
      verboseDescription(
          (prefix + "report the nodes left out because no fetch needs them "
                    "(TensorFlow does not run them either)")
              .str()),
      feeds("feeds", cl::desc(feedsDescription)),
      fetches("fetches", cl::desc(fetchesDescription)),
      verbose("verbose", cl::desc(verboseDescription)) {
  if (category) {
    feeds.addCategory(*category);
    fetches.addCategory(*category);
    verbose.addCategory(*category);
  }
}

GraphDefImportOptions GraphDefCommandLineOptions::get() const {
  GraphDefImportOptions options;
  options.feeds = splitTensorList(feeds);
  options.fetches = splitTensorList(fetches);
  options.reportPruned = verbose;
  return options;
}
