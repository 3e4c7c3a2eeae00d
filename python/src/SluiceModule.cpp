//===- SluiceModule.cpp - the _sluice extension module --------------------===//
//
// pybind11 bindings of sluice::Program (sluice/API/Program.h): sluice.load,
// sluice.Program, sluice.TensorSpec and sluice.SluiceError. The library
// reports failures as ProgramErrors; this file is the one place they become
// Python exceptions. python/sluice/__init__.py re-exports everything.
//
//===----------------------------------------------------------------------===//

#include "NumpyTensors.h"

#include "sluice/API/Compare.h"
#include "sluice/API/Program.h"
#include "sluice/Codegen/Native/EntryPoints.h"
#include "sluice/Dialect/Lite/IR/RankFunctions.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <mutex>

namespace py = pybind11;
using namespace sluice;

namespace {

/// sluice.SluiceError, created when the module is initialised.
PyObject *sluiceErrorType = nullptr;

/// Text from the library (diagnostics quote the user's files) as a Python
/// str; bytes that are not UTF-8 are replaced rather than refused.
py::str toPythonString(const std::string &text) {
  return py::reinterpret_steal<py::str>(
      PyUnicode_DecodeUTF8(text.data(), text.size(), "replace"));
}

/// A diagnostic as a dict: severity, file, line, column, message, notes.
py::dict toPythonEntry(const ProgramDiagnostic &entry) {
  py::dict dict;
  dict["severity"] =
      std::string(ProgramDiagnostic::getSeverityName(entry.severity));
  dict["file"] = toPythonString(entry.file);
  dict["line"] = entry.line;
  dict["column"] = entry.column;
  dict["message"] = toPythonString(entry.message);
  py::list notes;
  for (const ProgramDiagnostic &note : entry.notes)
    notes.append(toPythonEntry(note));
  dict["notes"] = notes;
  return dict;
}

/// Raises sluice.SluiceError with `text`, also kept as its `diagnostics`,
/// and `entries` (the structured diagnostics) as its `entries`.
[[noreturn]] void
raiseSluiceError(const std::string &text,
                 const std::vector<ProgramDiagnostic> &entries = {}) {
  py::str message = toPythonString(text);
  py::object error = py::handle(sluiceErrorType)(message);
  error.attr("diagnostics") = message;
  py::list list;
  for (const ProgramDiagnostic &entry : entries)
    list.append(toPythonEntry(entry));
  error.attr("entries") = list;
  PyErr_SetObject(sluiceErrorType, error.ptr());
  throw py::error_already_set();
}

[[noreturn]] void raiseSluiceError(const ProgramError &error) {
  raiseSluiceError(error.getText(), error.entries);
}

/// A path argument: str or os.PathLike.
std::string toPath(const py::object &path) {
  return py::str(py::module_::import("os").attr("fspath")(path));
}

/// A list of tensor names: None, "a,b:1" or an iterable of str.
std::vector<std::string> toTensorList(const py::object &names,
                                      const char *what) {
  if (names.is_none())
    return {};
  if (py::isinstance<py::str>(names))
    return splitTensorList(names.cast<std::string>());
  std::vector<std::string> list;
  for (py::handle name : py::iter(names)) {
    if (!py::isinstance<py::str>(name))
      throw py::type_error(std::string(what) +
                           " must be a str or an iterable of str");
    list.push_back(name.cast<std::string>());
  }
  return list;
}

/// The shape a TensorSpec shows: a tuple with None for dynamic sizes, or
/// None when the rank is unknown.
py::object shapeTuple(const std::optional<llvm::SmallVector<int64_t>> &shape) {
  if (!shape)
    return py::none();
  py::list sizes;
  for (int64_t size : *shape) {
    if (mlir::ShapedType::isDynamic(size))
      sizes.append(py::none());
    else
      sizes.append(size);
  }
  return py::tuple(sizes);
}

/// sluice.TensorSpec: an argument or result of a function.
struct TensorSpec {
  std::string name;
  py::object dtype;
  py::object shape;
  std::string type;

  explicit TensorSpec(const TensorSignature &signature)
      : name(signature.name),
        dtype(signature.dtype
                  ? py::object(python::getNumpyDType(*signature.dtype))
                  : py::object(py::none())),
        shape(shapeTuple(signature.shape)) {
    llvm::raw_string_ostream os(type);
    os << signature.type;
  }

  std::string repr() const {
    return "TensorSpec(name=" + py::repr(py::str(name)).cast<std::string>() +
           ", dtype=" +
           (dtype.is_none() ? std::string("None")
                            : py::str(dtype).cast<std::string>()) +
           ", shape=" + py::repr(shape).cast<std::string>() + ")";
  }
};

/// Runs `fn` without the GIL, so that other Python threads run meanwhile,
/// holding `mutex` (the lock of a program and the programs made from it,
/// which share one MLIR context and must not be used by two threads at
/// once). The GIL is released first: a thread waiting for the mutex never
/// holds it. `fn` must not touch Python objects.
template <typename Fn>
decltype(auto) withoutGIL(const std::shared_ptr<std::mutex> &mutex, Fn &&fn) {
  py::gil_scoped_release release;
  std::lock_guard<std::mutex> guard(*mutex);
  return fn();
}

/// sluice.Program: a Program, the file it came from and the lock it shares
/// with the Programs made from it.
struct PythonProgram {
  Program program;
  std::string source;
  std::shared_ptr<std::mutex> mutex = std::make_shared<std::mutex>();
  /// How it was loaded (Program.compare gives them to TensorFlow).
  GraphDefImportOptions importOptions = {};

  std::string repr() const {
    std::string functions;
    for (auto function : program.getModule().getOps<mlir::func::FuncOp>())
      if (function.isPublic())
        functions +=
            (functions.empty() ? "@" : ", @") + function.getSymName().str();
    return "<sluice.Program from '" + source +
           "': " + (functions.empty() ? "no public function" : functions) +
           (program.hasExecutorOps() ? ", v1 control flow" : "") + ">";
  }

  std::string mlir() const {
    return withoutGIL(mutex, [&] { return program.getMLIR(); });
  }

  py::list getSpecs(const std::string &function, bool outputs) const {
    ProgramError error;
    auto signature = outputs ? program.getOutputSignature(function, error)
                             : program.getInputSignature(function, error);
    if (mlir::failed(signature))
      raiseSluiceError(error);
    py::list specs;
    for (const TensorSignature &value : *signature)
      specs.append(py::cast(TensorSpec(value)));
    return specs;
  }

  /// A new Program: a copy of this one that `transform(copy, error)`
  /// changed, in this program's family (its context and lock). Programs
  /// are never changed in place from Python.
  template <typename Transform>
  PythonProgram derive(Transform &&transform) const {
    ProgramError error;
    std::optional<Program> result = withoutGIL(mutex, [&] {
      Program clone = program.clone();
      return mlir::succeeded(transform(clone, error))
                 ? std::optional<Program>(std::move(clone))
                 : std::nullopt;
    });
    if (!result)
      raiseSluiceError(error);
    return PythonProgram{std::move(*result), source, mutex, importOptions};
  }

  /// Runs `function` on the named `inputs` (put in its argument order) with
  /// `runOrdered(ordered, error)`, and returns its outputs by name.
  template <typename RunOrdered>
  py::dict runNamed(const py::object &inputs, const std::string &function,
                    RunOrdered &&runOrdered) const {
    std::vector<NamedTensor> named = toNamedTensors(inputs);
    ProgramError error;
    mlir::FailureOr<llvm::SmallVector<interp::Tensor>> results =
        mlir::failure();
    mlir::FailureOr<llvm::SmallVector<TensorSignature>> names = mlir::failure();
    withoutGIL(mutex, [&] {
      auto ordered = program.orderInputs(function, named, error);
      if (mlir::succeeded(ordered))
        results = runOrdered(*ordered, error);
      if (mlir::succeeded(results))
        names = program.getOutputSignature(function, error);
    });
    if (mlir::failed(names))
      raiseSluiceError(error);
    py::dict outputs;
    for (auto [signature, tensor] : llvm::zip_equal(*names, *results))
      outputs[py::str(signature.name)] = python::arrayFromTensor(tensor);
    return outputs;
  }

  PythonProgram lift() const {
    return derive(
        [](Program &copy, ProgramError &error) { return copy.lift(error); });
  }

  PythonProgram runPipeline(const std::string &pipeline) const {
    return derive([&](Program &copy, ProgramError &error) {
      return copy.runPipeline(pipeline, error);
    });
  }

  PythonProgram gradient(const std::string &function,
                         const py::object &wrt) const {
    std::vector<unsigned> positions;
    if (!wrt.is_none())
      for (py::handle position : wrt)
        positions.push_back(position.cast<unsigned>());
    return derive([&](Program &copy, ProgramError &error) {
      return mlir::LogicalResult(copy.gradient(error, function, positions));
    });
  }

  py::bytes toTFLite(const py::object &function, bool planBuffers) const {
    ProgramError error;
    TFLiteExportOptions options;
    options.entryFunctions = toTensorList(function, "function");
    options.planBuffers = planBuffers;
    mlir::FailureOr<std::string> model =
        withoutGIL(mutex, [&] { return program.exportTFLite(error, options); });
    if (mlir::failed(model))
      raiseSluiceError(error);
    return py::bytes(*model);
  }

  /// Program::memoryReport's JSON (sluicec --report=json) as a dict.
  py::object memoryReport(const std::string &function) const {
    ProgramError error;
    MemoryReportOptions options;
    options.entry = function;
    mlir::FailureOr<MemoryReport> report =
        withoutGIL(mutex, [&] { return program.memoryReport(error, options); });
    if (mlir::failed(report))
      raiseSluiceError(error);
    std::string text;
    llvm::raw_string_ostream(text) << report->toJSON();
    return py::module_::import("json").attr("loads")(text);
  }

  std::string compile(const py::object &pathObject, const py::object &prefix,
                      const std::string &targetCpu, unsigned optLevel) const {
    std::string objectPath = toPath(pathObject);
    llvm::SmallString<128> headerPath(objectPath);
    llvm::sys::path::replace_extension(headerPath, "h");
    if (headerPath == objectPath)
      raiseSluiceError("the object file '" + objectPath +
                       "' would be overwritten by its header: give it "
                       "another extension (.o)");
    CompileOptions options;
    options.prefix = makeCIdentifier(
        prefix.is_none() ? llvm::sys::path::stem(objectPath).str()
                         : prefix.cast<std::string>());
    options.headerName = llvm::sys::path::stem(headerPath).str();
    options.target.cpu = targetCpu;
    options.target.optLevel = optLevel;
    ProgramError error;
    if (mlir::failed(withoutGIL(mutex, [&] {
          return program.compileNativeToFiles(objectPath, headerPath, options,
                                              error);
        })))
      raiseSluiceError(error);
    return headerPath.str().str();
  }

  py::list variables() const {
    py::list specs;
    for (const TensorSignature &value : program.getVariables())
      specs.append(py::cast(TensorSpec(value)));
    return specs;
  }

  py::array readVariable(const std::string &name) const {
    ProgramError error;
    mlir::FailureOr<interp::Tensor> value =
        withoutGIL(mutex, [&] { return program.readVariable(name, error); });
    if (mlir::failed(value))
      raiseSluiceError(error);
    return python::arrayFromTensor(*value);
  }

  void assignVariable(const std::string &name, const py::object &value) {
    py::array array = py::module_::import("numpy").attr("asarray")(value);
    std::optional<interp::Tensor> tensor = python::tensorFromArray(array);
    if (!tensor)
      raiseSluiceError("a value of dtype " +
                       py::str(array.dtype()).cast<std::string>() +
                       ", which Sluice does not support");
    ProgramError error;
    if (mlir::failed(withoutGIL(mutex, [&] {
          return program.assignVariable(name, *tensor, error);
        })))
      raiseSluiceError(error);
  }

  void resetState() {
    withoutGIL(mutex, [&] { program.resetState(); });
  }

  py::dict run(const py::object &inputs, const std::string &engineName,
               const std::string &function, const py::object &maxIterations,
               const std::string &targetCpu,
               const py::object &maxMemory) const {
    std::optional<Engine> engine = parseEngineName(engineName);
    if (!engine)
      throw py::value_error("engine must be 'interpreter' or 'native', not '" +
                            engineName + "'");
    RunOptions options;
    options.function = function;
    options.engine = *engine;
    options.target.cpu = targetCpu;
    if (!maxIterations.is_none())
      options.maxIterations = maxIterations.cast<int64_t>();
    if (!maxMemory.is_none())
      options.maxMemoryBytes = maxMemory.cast<int64_t>();

    return runNamed(
        inputs, function,
        [&](llvm::ArrayRef<interp::Tensor> ordered, ProgramError &error) {
          return program.run(ordered, options, error);
        });
  }

  PythonProgram partition(int64_t ranks, const std::string &placement,
                          uint64_t seed, bool lifted) const {
    PartitionOptions options;
    options.numRanks = ranks;
    options.placement = placement;
    options.seed = seed;
    options.lifted = lifted;
    return derive([&](Program &copy, ProgramError &error) {
      return copy.partition(options, error);
    });
  }

  py::dict runRanks(const py::object &inputs, int64_t ranks,
                    const std::string &function,
                    const py::object &maxIterations,
                    double receiveTimeout) const {
    RunOptions options;
    options.function = function;
    options.receiveTimeoutSeconds = receiveTimeout;
    if (!maxIterations.is_none())
      options.maxIterations = maxIterations.cast<int64_t>();
    // A partitioned program's arguments and results are its rank 0's.
    return runNamed(
        inputs, getRankFunctionName(function, 0),
        [&](llvm::ArrayRef<interp::Tensor> ordered, ProgramError &error) {
          return program.runRanks(ordered, options, ranks, error);
        });
  }

  /// Program.compare: (the table, the JSON) of compareEngines.
  std::pair<std::string, std::string>
  compare(const py::object &inputs, const py::object &seed,
          const py::object &engines, const std::string &function,
          const std::vector<std::string> &pythons,
          const std::string &runnersDir, double rtol, double atol,
          const py::object &maxIterations) const {
    CompareOptions options;
    options.function = function;
    if (!engines.is_none())
      options.engines = toTensorList(engines, "engines");
    options.sourcePath = source;
    options.importOptions = importOptions;
    options.pythons = pythons;
    options.runnersDir = runnersDir;
    options.rtol = rtol;
    options.atol = atol;
    if (!maxIterations.is_none())
      options.maxIterations = maxIterations.cast<int64_t>();
    bool random = inputs.is_none();
    std::vector<NamedTensor> named = toNamedTensors(inputs);
    uint64_t seedValue = seed.is_none() ? 0 : seed.cast<uint64_t>();
    ProgramError error;
    mlir::FailureOr<Comparison> comparison = withoutGIL(mutex, [&] {
      setDefaultEngineLocations(options, "");
      mlir::FailureOr<llvm::SmallVector<interp::Tensor>> ordered =
          random ? makeRandomInputs(program, function, seedValue, error)
                 : program.orderInputs(function, named, error);
      if (mlir::failed(ordered))
        return mlir::FailureOr<Comparison>(mlir::failure());
      return compareEngines(program, *ordered, options, error);
    });
    if (mlir::failed(comparison))
      raiseSluiceError(error);
    std::string header =
        random ? "inputs: random, seed " + std::to_string(seedValue) + "\n"
               : std::string("inputs: given\n");
    return {header + formatComparisonTable(*comparison),
            formatComparisonJSON(*comparison)};
  }

  /// Program.to_dot / to_svg: the picture (see PictureOptions) as `format`.
  std::string picture(const std::string &kind, const py::object &inputs,
                      const std::string &bufferModel,
                      const std::string &function,
                      const std::string &format) const {
    std::optional<PictureKind> pictureKind = parsePictureKind(kind);
    if (!pictureKind)
      throw py::value_error("picture must be 'lifted' or 'executor', not '" +
                            kind + "'");
    PictureOptions options;
    options.kind = *pictureKind;
    options.format = format;
    options.bufferModel = bufferModel;
    options.function = function;
    bool given = !inputs.is_none();
    std::vector<NamedTensor> named = toNamedTensors(inputs);
    ProgramError error;
    mlir::FailureOr<std::string> drawn = withoutGIL(mutex, [&] {
      if (given) {
        auto ordered = program.orderInputs(function, named, error);
        if (mlir::failed(ordered))
          return mlir::FailureOr<std::string>(mlir::failure());
        options.inputs = std::move(*ordered);
      }
      return program.exportPicture(options, error);
    });
    if (mlir::failed(drawn))
      raiseSluiceError(error);
    return *drawn;
  }

  /// A dict of input name to array (or anything numpy.asarray takes) as
  /// named tensors; None is no inputs.
  static std::vector<NamedTensor> toNamedTensors(const py::object &inputs) {
    std::vector<NamedTensor> named;
    if (!inputs.is_none()) {
      if (!py::isinstance<py::dict>(inputs))
        throw py::type_error("inputs must be a dict of input name to "
                             "numpy.ndarray");
      for (auto [key, value] : inputs.cast<py::dict>()) {
        if (!py::isinstance<py::str>(key))
          throw py::type_error("input names must be str, got " +
                               py::repr(key).cast<std::string>());
        std::string name = key.cast<std::string>();
        // numpy.asarray for what is not an array yet (a list, a scalar):
        // an array is taken as it is, without a call into Python.
        py::array array = py::isinstance<py::array>(value)
                              ? py::reinterpret_borrow<py::array>(value)
                              : py::array(py::module_::import("numpy").attr(
                                    "asarray")(value));
        std::optional<interp::Tensor> tensor = python::tensorFromArray(array);
        if (!tensor)
          raiseSluiceError("input '" + name + "' has dtype " +
                           py::str(array.dtype()).cast<std::string>() +
                           ", which Sluice does not support (bool, int8, "
                           "uint8, int32, int64, float32, float64)");
        named.push_back({std::move(name), std::move(*tensor)});
      }
    }
    return named;
  }
};

/// sluice.link: a dict (or iterable of pairs) of function name -> Program.
PythonProgram linkPrograms(const py::object &programs) {
  py::object items = py::isinstance<py::dict>(programs)
                         ? py::object(programs.attr("items")())
                         : programs;
  std::vector<std::pair<std::string, const Program *>> entries;
  std::vector<std::shared_ptr<std::mutex>> mutexes;
  std::vector<std::string> names;
  for (py::handle item : py::iter(items)) {
    auto pair = item.cast<py::tuple>();
    if (pair.size() != 2 || !py::isinstance<py::str>(pair[0]) ||
        !py::isinstance<PythonProgram>(pair[1]))
      throw py::type_error("link takes a dict of function name -> Program");
    const auto &program = pair[1].cast<const PythonProgram &>();
    names.push_back(pair[0].cast<std::string>());
    entries.emplace_back(names.back(), &program.program);
    if (!llvm::is_contained(mutexes, program.mutex))
      mutexes.push_back(program.mutex);
  }
  if (entries.empty())
    throw py::value_error("link takes at least one Program");
  ProgramError error;
  mlir::FailureOr<Program> linked = [&] {
    py::gil_scoped_release release;
    // Every program's lock, in one order (their addresses).
    llvm::sort(mutexes);
    std::vector<std::unique_lock<std::mutex>> locks;
    for (const std::shared_ptr<std::mutex> &mutex : mutexes)
      locks.emplace_back(*mutex);
    return Program::link(entries, error);
  }();
  if (mlir::failed(linked))
    raiseSluiceError(error);
  return PythonProgram{std::move(*linked),
                       "sluice.link(" + llvm::join(names, ", ") + ")"};
}

PythonProgram load(const py::object &pathObject, const py::object &feeds,
                   const py::object &fetches, const py::object &init,
                   const py::object &signature, const py::object &tags) {
  std::string path = toPath(pathObject);
  GraphDefImportOptions options;
  options.feeds = toTensorList(feeds, "feeds");
  options.fetches = toTensorList(fetches, "fetches");
  if (!init.is_none())
    options.init = toTensorList(init, "init");
  options.signatures = toTensorList(signature, "signature");
  options.tags = toTensorList(tags, "tags");
  ProgramError error;
  mlir::FailureOr<Program> program = [&] {
    py::gil_scoped_release release;
    return Program::load(path, options, error);
  }();
  if (mlir::failed(program))
    raiseSluiceError(error);
  return PythonProgram{std::move(*program), path,
                       std::make_shared<std::mutex>(), options};
}

} // namespace

PYBIND11_MODULE(_sluice, m) {
  m.doc() = "Sluice's compiler library (the C++ sluice::Program API). Use "
            "the `sluice` package, which re-exports everything here.";

  sluiceErrorType = PyErr_NewExceptionWithDoc(
      "sluice.SluiceError",
      "A Sluice call failed. str(error) and error.diagnostics hold the "
      "diagnostics, as the command-line tools print them: one "
      "'file:line:col: error: ...' line per problem, naming the GraphDef "
      "node, TFLite operator or MLIR op (with the source line for MLIR "
      "input), followed by messages such as \"missing input 'x'\" or the "
      "status a native run returned. error.entries holds the same "
      "diagnostics as dicts (severity, file, line, column, message, notes).",
      PyExc_Exception, nullptr);
  if (!sluiceErrorType)
    throw py::error_already_set();
  m.add_object("SluiceError", py::handle(sluiceErrorType));

  py::class_<TensorSpec>(m, "TensorSpec",
                         "An argument or a result of a program's function.")
      .def_readonly("name", &TensorSpec::name,
                    "The name run() uses as the dict key: the model's own "
                    "(a GraphDef node 'n' or tensor 'n:1', a TFLite "
                    "signature key), else 'arg<i>' / 'output<i>'.")
      .def_readonly("dtype", &TensorSpec::dtype,
                    "The numpy.dtype (bool, int8, uint8, int32, int64, "
                    "float32 or float64), or None for a type Sluice cannot "
                    "run.")
      .def_readonly("shape", &TensorSpec::shape,
                    "The shape as a tuple, None for a size only known at "
                    "run time; None if even the rank is unknown.")
      .def_readonly("type", &TensorSpec::type,
                    "The MLIR type, e.g. 'tensor<?x2xf32>'.")
      .def("__repr__", &TensorSpec::repr);

  py::class_<PythonProgram>(
      m, "Program",
      "A loaded model: a TensorFlow GraphDef, a TFLite model or an MLIR "
      "file (executor and/or lite IR). Create one with sluice.load().\n\n"
      "Programs are not changed by their methods: lift() returns a new "
      "Program. to_tflite(), compile() and run(engine='native') need lite "
      "IR: they lift a copy of a program that still holds v1 control flow. "
      "Every failure raises sluice.SluiceError.")
      .def(
          "mlir",
          [](const PythonProgram &self) { return toPythonString(self.mlir()); },
          "The program as MLIR text (executor and/or lite dialects).")
      .def(
          "__str__",
          [](const PythonProgram &self) { return toPythonString(self.mlir()); })
      .def("__repr__", &PythonProgram::repr)
      .def("lift", &PythonProgram::lift,
           "Returns a new Program with TensorFlow v1 control flow "
           "(Switch/Merge/Enter/Exit/NextIteration) lifted to region-based "
           "lite.if / lite.while, then canonicalized and CSE'd: what "
           "`sluicec` prints. This program is left as it is. A graph that "
           "cannot be lifted raises SluiceError naming the node.")
      .def("run_pipeline", &PythonProgram::runPipeline, py::arg("pipeline"),
           "Returns a new Program: this one after a pass pipeline, written "
           "as for sluice-opt's --pass-pipeline, with or without the "
           "builtin.module(...) around it: 'sluice-lift' (what lift() "
           "runs), 'canonicalize,cse', 'lite-infer-shapes', "
           "'func.func(executor-lift-control-flow)', "
           "'sluice-lower-to-llvm' (the native pipeline, down to the LLVM "
           "dialect), ... Sluice's passes and pipelines and MLIR's generic "
           "transformations are known. An unknown pass or a failing one "
           "raises SluiceError.")
      .def(
          "inputs",
          [](const PythonProgram &self, const std::string &function) {
            return self.getSpecs(function, /*outputs=*/false);
          },
          py::arg("function") = "main",
          "The arguments of `function`, in order, as TensorSpecs (the names "
          "are the keys run() takes).")
      .def(
          "outputs",
          [](const PythonProgram &self, const std::string &function) {
            return self.getSpecs(function, /*outputs=*/true);
          },
          py::arg("function") = "main",
          "The results of `function`, in order, as TensorSpecs (the names "
          "are the keys run() returns).")
      .def("gradient", &PythonProgram::gradient, py::arg("function") = "main",
           py::arg("wrt") = py::none(),
           "Returns a new Program with `function`'s gradient function "
           "added, `<function>_grad` (run it with run(function=...)): it "
           "takes `function`'s inputs and, named d<output>, the gradient of "
           "a scalar loss with respect to each float output; it returns "
           "`function`'s outputs and, named d<input>, the gradients with "
           "respect to the inputs at positions `wrt` (default: every float "
           "input). The program must be lifted (lift()). An op without a "
           "gradient rule on the way raises SluiceError naming it.")
      .def("to_tflite", &PythonProgram::toTFLite,
           py::arg("function") = py::none(), py::arg("plan_buffers") = false,
           "The program as a TFLite FlatBuffer (bytes; write it to a "
           ".tflite file). `function` (a name or a list of names) lists the "
           "functions that become its signatures, one SignatureDef each "
           "('serving_default' for main, else the function's name); "
           "default: main, or, in a program without main, every public "
           "function (the signatures of a SavedModel). With `plan_buffers`, "
           "one arena plan "
           "for the whole model is added as 'OfflineMemoryAllocation' "
           "metadata (what sluicec --plan-buffers writes). Ops or types "
           "TFLite cannot hold raise SluiceError.")
      .def("memory_report", &PythonProgram::memoryReport,
           py::arg("function") = "main",
           "What the program's loops cost in memory, as a dict: what "
           "sluicec --report=json writes (docs/usage.md), the TFLite model "
           "being `function`'s. A program either back end refuses raises "
           "SluiceError naming the op.")
      .def(
          "to_dot",
          [](const PythonProgram &self, const std::string &picture,
             const py::object &inputs, const std::string &bufferModel,
             const std::string &function) {
            return self.picture(picture, inputs, bufferModel, function, "dot");
          },
          py::arg("picture") = "lifted", py::arg("inputs") = py::none(),
          py::arg("buffer_model") = "native", py::arg("function") = "main",
          "A Graphviz picture of the control flow, as DOT text (what "
          "sluicec --emit=dot writes). picture='lifted' (default): the "
          "lifted program (a copy is lifted when needed), one cluster per "
          "function and per lite.while/lite.if region, one node per op, "
          "each lite.while slot and lite.if result marked in place or "
          "copied as the buffer analysis decides for `buffer_model` "
          "('native' or 'tflite'). picture='executor': the executor graph "
          "as imported, frames as nested clusters, Switch/Merge/Enter/Exit/"
          "NextIteration/LoopCond drawn distinctly, control edges dashed; "
          "with `inputs` (a dict, as run() takes), `function` is run in the "
          "interpreter (with fresh variables) and the nodes that were never "
          "live in that run are greyed. SluiceError for an executor picture "
          "of a program without executor graphs.")
      .def(
          "to_svg",
          [](const PythonProgram &self, const std::string &picture,
             const py::object &inputs, const std::string &bufferModel,
             const std::string &function) {
            return self.picture(picture, inputs, bufferModel, function, "svg");
          },
          py::arg("picture") = "lifted", py::arg("inputs") = py::none(),
          py::arg("buffer_model") = "native", py::arg("function") = "main",
          "to_dot()'s picture rendered as SVG text by Graphviz's dot "
          "(SluiceError when dot is not on PATH).")
      .def(
          "_repr_svg_",
          [](const PythonProgram &self) -> py::object {
            PictureOptions options;
            options.format = "svg";
            ProgramError error;
            mlir::FailureOr<std::string> drawn = withoutGIL(self.mutex, [&] {
              return self.program.exportPicture(options, error);
            });
            // No picture (no dot, a program that cannot be lifted): None,
            // and Jupyter shows repr() instead.
            if (mlir::failed(drawn))
              return py::none();
            return py::str(*drawn);
          },
          "The lifted picture as SVG (to_svg()), or None when it cannot be "
          "drawn: what Jupyter shows for a Program.")
      .def("compile", &PythonProgram::compile, py::arg("path"),
           py::arg("prefix") = py::none(), py::arg("target_cpu") = "generic",
           py::arg("opt_level") = 3,
           "Compiles the program to native code for this machine's "
           "architecture: writes the object file `path` and, next to it, "
           "the C header `path` with its extension replaced by '.h' "
           "(model.o -> model.h), and returns the header's path. Each public "
           "function @f becomes the C function <prefix>_f (prefix: the "
           "object file's name without extension), returning a "
           "sluice_status; `target_cpu` is an LLVM CPU name, 'generic' or "
           "'native', `opt_level` 0 to 3 -- as `sluicec --emit=obj "
           "--header`.")
      .def("variables", &PythonProgram::variables,
           "The program's variables (TF variables, TFLite resources) as "
           "TensorSpecs.")
      .def("read_variable", &PythonProgram::readVariable, py::arg("name"),
           "The value variable `name` holds after the interpreter runs of "
           "this Program (variables keep their values from one run to the "
           "next; the initializer runs once). Raises SluiceError for an "
           "unknown variable or one never assigned. Native runs keep their "
           "own variables (a compiled model exports <prefix>_get_<name> and "
           "<prefix>_set_<name>).")
      .def("assign_variable", &PythonProgram::assignVariable, py::arg("name"),
           py::arg("value"),
           "Gives variable `name` the numpy value `value` (its dtype, and its "
           "shape when static) for the next interpreter runs.")
      .def("reset_state", &PythonProgram::resetState,
           "Forgets the state earlier runs left, in the interpreter and in "
           "native code: the next run starts as the first did (variables "
           "unassigned, initializers run again, random generators at their "
           "start).")
      .def("run", &PythonProgram::run, py::arg("inputs") = py::none(),
           py::arg("engine") = "interpreter", py::arg("function") = "main",
           py::arg("max_iterations") = py::none(),
           py::arg("target_cpu") = "native", py::arg("max_memory") = py::none(),
           "Runs `function` and returns its results as a dict of output "
           "name to numpy.ndarray, in result order.\n\n"
           "inputs: a dict of input name (see inputs()) to numpy.ndarray "
           "(anything numpy.asarray takes); every input must be given, with "
           "the argument's exact dtype (bool, int8, uint8, int32, int64, "
           "float32, float64: nothing is converted) and a shape that fits. "
           "Missing, unknown or mismatched inputs raise SluiceError naming "
           "the input.\n"
           "engine: 'interpreter' (the reference interpreter: v1 executor "
           "graphs by frames, tags and deadness, lite ops op by op; "
           "`max_iterations` bounds any one loop, `max_memory` the bytes of "
           "tensors alive at once, 4 GiB by default) or 'native' (compiled in "
           "process for `target_cpu`, lifting a copy of a program with v1 "
           "control flow first; the compiled code is kept for further runs "
           "with the same input shapes).\n"
           "Run-time errors (an integer division by zero, an index out of "
           "range, a runaway loop, a run past its memory limit) raise "
           "SluiceError.")
      .def("partition", &PythonProgram::partition, py::arg("ranks"),
           py::arg("placement") = "device", py::arg("seed") = 0,
           py::arg("lifted") = false,
           "Returns a new Program: this one placed on `ranks` ranks and "
           "partitioned: every function f becomes f_rank0 ... f_rank<K-1>. "
           "Executor graphs are partitioned as they are (-executor-place, "
           "-executor-partition: executor.send/recv with dead tokens), or, "
           "with lifted=True, placed, lifted and partitioned lifted "
           "(-lite-partition: replicated lite.if/lite.while with "
           "lite.send/recv); a program without executor graphs is always "
           "partitioned lifted. placement: 'device' (the GraphDef's device "
           "fields), 'auto', 'random' (from `seed`) or 'scope=rank,...'. "
           "Run it with run_ranks(); sluice-run --distributed runs it under "
           "mpirun (--engine=native: compiled, MPI calls).")
      .def("run_ranks", &PythonProgram::runRanks,
           py::arg("inputs") = py::none(), py::arg("ranks") = 2,
           py::arg("function") = "main", py::arg("max_iterations") = py::none(),
           py::arg("receive_timeout") = 60.0,
           "Runs a partitioned program (partition()) in the interpreter, "
           "each rank a thread of this process, and returns rank 0's "
           "outputs as run() does. A failing rank stops the others; the "
           "SluiceError names it.")
      .def("_compare", &PythonProgram::compare, py::arg("inputs"),
           py::arg("seed"), py::arg("engines"), py::arg("function"),
           py::arg("pythons"), py::arg("runners_dir"), py::arg("rtol"),
           py::arg("atol"), py::arg("max_iterations"),
           "compareEngines (sluice/API/Compare.h): (the table, the JSON). "
           "Program.compare() in sluice/__init__.py is the interface.");

  m.def("link", &linkPrograms, py::arg("programs"),
        "One Program of several: `programs` maps a function name to a "
        "Program whose @main becomes that function (a SavedModel's "
        "signatures converted one by one). The variables and initializers "
        "the programs share (same name, same definition) are one; other "
        "functions that share a name are renamed apart. to_tflite() writes "
        "one SignatureDef per function. The Programs given are unchanged.");
  m.def("load", &load, py::arg("path"), py::arg("feeds") = py::none(),
        py::arg("fetches") = py::none(), py::arg("init") = py::none(),
        py::arg("signature") = py::none(), py::arg("tags") = py::none(),
        "Loads a model and returns a Program. `path` (str or os.PathLike) "
        "names a SavedModel directory, a TensorFlow GraphDef (.pb binary, "
        ".pbtxt text), a TFLite model (.tflite) or an MLIR file (anything "
        "else).\n\n"
        "For SavedModels (read without TensorFlow), `signature` names the "
        "signature imported as main (default 'serving_default'), or a list "
        "of several, each imported as a function named by its key (they "
        "share the variables; to_tflite() writes one SignatureDef each), "
        "and `tags` its meta graph's tags (default ['serve']); the "
        "signature's keys name the inputs and outputs, and the checkpoint's "
        "values initialise the variables.\n\n"
        "For GraphDefs, `feeds` lists the tensors that become the inputs "
        "('node' or 'node:port'; default: every Placeholder) and "
        "`fetches` the outputs (default: the _Retval nodes, else every "
        "output nothing consumes), each as a list of str or one "
        "comma-separated str -- as the tools' --feeds/--fetches. `init` "
        "names the nodes run once before the fetches (variable "
        "initializers, the tools' --init; default: the NoOp 'init' of a "
        "graph with variables when `fetches` is given; [] for none). "
        "Malformed files, unsupported ops and unknown nodes raise "
        "SluiceError naming the node and its line.");
}
