//===- GraphDefOptions.cpp - --feeds/--fetches/--init for the tools -------===//

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
      initDescription((prefix +
                       "nodes run once before the fetches, comma-separated "
                       "(variable initializers; default: the NoOp 'init' of a "
                       "graph with variables, when --fetches is given; --init= "
                       "for none)")
                          .str()),
      verboseDescription(
          (prefix + "report the nodes left out because no fetch needs them "
                    "(TensorFlow does not run them either)")
              .str()),
      feeds("feeds", cl::desc(feedsDescription)),
      fetches("fetches", cl::desc(fetchesDescription)),
      init("init", cl::desc(initDescription)),
      verbose("verbose", cl::desc(verboseDescription)),
      signature("signature",
                cl::desc("SavedModel input (a directory): the signature "
                         "imported as main (default: serving_default); "
                         "several, comma-separated, become functions named "
                         "by their keys (a .tflite with one SignatureDef "
                         "each)")),
      tags("tags", cl::desc("SavedModel input: the tags of its meta graph, "
                            "comma-separated (default: serve)")),
      maxNesting(
          "max-nesting",
          cl::desc("How deep regions (lite.if/lite.while, lifted v1 conds and "
                   "loops), GraphDef library functions and TFLite "
                   "subgraphs may nest in any input; deeper is refused"),
          cl::init(kDefaultMaxNesting)) {
  if (category) {
    feeds.addCategory(*category);
    fetches.addCategory(*category);
    init.addCategory(*category);
    verbose.addCategory(*category);
    signature.addCategory(*category);
    tags.addCategory(*category);
    maxNesting.addCategory(*category);
  }
}

GraphDefImportOptions GraphDefCommandLineOptions::get() const {
  GraphDefImportOptions options;
  options.feeds = splitTensorList(feeds);
  options.fetches = splitTensorList(fetches);
  if (init.getNumOccurrences())
    options.init = splitTensorList(init);
  options.reportPruned = verbose;
  options.maxNesting = maxNesting;
  options.signatures = splitTensorList(signature);
  options.tags = splitTensorList(tags);
  return options;
}
