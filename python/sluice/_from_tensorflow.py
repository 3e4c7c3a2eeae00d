# TF's converter entry points for Sluice: SavedModels, Keras models,
# tf.functions and TF1 sessions in, a sluice.Program out.
"""The entry points of TF 2.21's TFLiteConverter, with its argument names.

Each takes what a TF user holds in the process that holds TensorFlow, turns
it into the GraphDef TF's converter sees (the function's graph with its
function library; variables frozen to constants by TF's own
convert_variables_to_constants_v2, unless `keep_variables`) and imports it
as Sluice's @main: the function's inputs are the Program's inputs (named as
TF names its placeholders, the argument or TensorSpec names), its outputs
the Program's outputs ("Identity:0", ...). Several signatures or functions
become one Program (sluice.link) with a function each, named as TF's
converter names their SignatureDefs, sharing the variables.

    from_concrete_functions(funcs, trackable_obj=None, keep_variables=False)
    from_keras_model(model, keep_variables=False)
    from_saved_model(saved_model_dir, signature_keys=None, tags=None,
                     keep_variables=False)
    from_session(sess, input_tensors, output_tensors, keep_variables=False)
    from_frozen_graph(graph_def_file, input_arrays, output_arrays,
                      input_shapes=None)

With keep_variables=True, each variable the function captures becomes a
resource variable of the Program (VarHandleOp, initialised once from the
variable's value when the Program is first run), so a function that
assigns its variables keeps doing so across runs (Program.variables(),
read_variable, and the TFLite export's VAR_HANDLE).
"""
import os
import tempfile

from ._sluice import SluiceError, link, load


def _tensorflow():
    try:
        import tensorflow as tf
    except ImportError as error:  # pragma: no cover - TF is in .venv
        raise SluiceError("this entry point reads TensorFlow objects: "
                          f"TensorFlow is not importable ({error})") from error
    return tf


def _load_graph_def(graph_def, feeds, fetches, init):
    """Imports a tf.compat.v1.GraphDef through a temporary .pb file."""
    with tempfile.TemporaryDirectory(prefix="sluice-") as directory:
        path = os.path.join(directory, "graph.pb")
        with open(path, "wb") as f:
            f.write(graph_def.SerializeToString())
        return load(path, feeds=feeds, fetches=fetches, init=init)


def _assign_initial_values(tf, graph_def, variables):
    """Adds to `graph_def` one assignment of each variable's value, under a
    NoOp "sluice_init" (returned as the init node list). `variables` lists
    (node name, is a resource variable, numpy value, dtype)."""
    assigns = []
    for name, resource, value, dtype in variables:
        const = graph_def.node.add(name=name + "/sluice_initial_value", op="Const")
        const.attr["dtype"].type = dtype.as_datatype_enum
        const.attr["value"].tensor.CopyFrom(tf.make_tensor_proto(value, dtype=dtype))
        assign = graph_def.node.add(name=name + "/sluice_assign",
                                    op="AssignVariableOp" if resource else "Assign",
                                    input=[name, const.name])
        assign.attr["dtype" if resource else "T"].type = dtype.as_datatype_enum
        assigns.append(assign.name)
    if not assigns:
        return []
    init = graph_def.node.add(name="sluice_init", op="NoOp",
                              input=["^" + assign for assign in assigns])
    return [init.name]


class _VariableNames:
    """A name per captured variable, unique among the variables of the
    functions converted together (TF names every unnamed variable
    "Variable"), so that functions linked into one Program share a variable
    exactly when they capture the same one."""

    def __init__(self):
        self.by_handle = {}  # id(variable.handle) -> (name, variable)
        self.taken = set()

    def name(self, variable):
        key = id(variable.handle)
        if key not in self.by_handle:
            base = variable.name.split(":")[0]
            name, suffix = base, 0
            while name in self.taken:
                suffix += 1
                name = f"{base}_{suffix}"
            self.taken.add(name)
            self.by_handle[key] = (name, variable)
        return self.by_handle[key][0]

    def initial_values(self, tf, graph_def):
        """Sets every variable named so far once, in name order, through
        VarHandleOps of its own (the same nodes in every function's graph,
        so the linked Programs share one initializer)."""
        variables = []
        for name, variable in sorted(self.by_handle.values(), key=lambda pair: pair[0]):
            handle = graph_def.node.add(name="sluice_variable/" + name, op="VarHandleOp")
            handle.attr["dtype"].type = variable.dtype.as_datatype_enum
            handle.attr["shape"].shape.CopyFrom(variable.shape.as_proto())
            handle.attr["shared_name"].s = name.encode()
            handle.attr["container"].s = b""
            variables.append((handle.name, True, variable.numpy(), variable.dtype))
        return _assign_initial_values(tf, graph_def, variables)


def _keep_variables(tf, function, graph_def, names):
    """Replaces the placeholders through which `function` captures tensors:
    a variable's by a VarHandleOp of the variable `names` gives it, any
    other's (a closed-over constant) by the Const it is."""
    variables_by_handle = {id(v.handle): v for v in function.graph.variables}
    nodes = {node.name: node for node in graph_def.node}
    for external, internal in function.graph.captures:
        name = internal.op.name
        node = nodes.get(name)
        if node is None or node.op != "Placeholder":
            continue
        variable = variables_by_handle.get(id(external))
        if internal.dtype == tf.resource and variable is None:
            continue  # a resource that is no variable: left to the import
        node.ClearField("input")
        node.attr.clear()
        if variable is None:
            node.op = "Const"
            node.attr["dtype"].type = internal.dtype.as_datatype_enum
            node.attr["value"].tensor.CopyFrom(
                tf.make_tensor_proto(external.numpy(), dtype=internal.dtype))
            continue
        node.op = "VarHandleOp"
        node.attr["dtype"].type = variable.dtype.as_datatype_enum
        node.attr["shape"].shape.CopyFrom(variable.shape.as_proto())
        node.attr["shared_name"].s = names.name(variable).encode()
        node.attr["container"].s = b""


def _from_functions(tf, functions, keep_variables):
    """A Program from {name: ConcreteFunction}: one function's as @main, or
    several linked (sluice.link), each as the function its name names."""
    if keep_variables:
        # Every variable any of them captures, named once, is initialised
        # by each Program alike: linked, they share it and its initializer.
        names = _VariableNames()
        graph_defs = {}
        for key, function in functions.items():
            graph_defs[key] = function.graph.as_graph_def()
            _keep_variables(tf, function, graph_defs[key], names)
        programs = {key: _load_function(tf, function, graph_defs[key],
                                        names.initial_values(tf, graph_defs[key]))
                    for key, function in functions.items()}
    else:
        programs = {key: _load_function(tf, *_frozen(tf, function), [])
                    for key, function in functions.items()}
    if len(programs) == 1:
        return next(iter(programs.values()))
    return link(programs)


def _frozen(tf, function):
    """`function` with its variables frozen to constants by TF, and its
    GraphDef."""
    from tensorflow.python.framework import convert_to_constants
    try:
        function = convert_to_constants.convert_variables_to_constants_v2(function)
    except (ValueError, tf.errors.OpError) as error:
        # TF's own freezing fails on a variable the function assigns (the
        # converter's "Variable constant folding is failed").
        raise SluiceError(
            "freezing the function's variables failed in TensorFlow "
            f"(convert_variables_to_constants_v2: {str(error).splitlines()[0]}); "
            "a function that assigns its variables converts with "
            "keep_variables=True") from error
    return function, function.graph.as_graph_def()


def _load_function(tf, function, graph_def, init):
    """Imports `graph_def`, `function`'s graph, with its inputs and outputs."""
    # The function's own inputs: its captured tensors (variables, closed-over
    # constants) come last in `inputs` and are not the Program's to feed.
    own = function.inputs[:len(function.inputs) - len(function.captured_inputs)]
    feeds = [t.op.name for t in own if t.dtype != tf.resource]
    fetches = [t.name for t in function.outputs]
    return _load_graph_def(graph_def, feeds, fetches, init)


def from_concrete_functions(funcs, trackable_obj=None, keep_variables=False):
    """A Program from tf.function ConcreteFunctions, as
    tf.lite.TFLiteConverter.from_concrete_functions(funcs, trackable_obj):
    one as @main, several as functions named as TF's converter names their
    signatures (each function's graph name), sharing the variables they
    capture. `trackable_obj` is kept alive (it owns the variables) while
    converting."""
    tf = _tensorflow()
    if not isinstance(funcs, (list, tuple)):
        funcs = [funcs]
    if not funcs:
        raise SluiceError("from_concrete_functions: no ConcreteFunction given")
    for function in funcs:
        if not hasattr(function, "graph") or not hasattr(function, "inputs"):
            raise SluiceError("from_concrete_functions: expected a ConcreteFunction "
                              "(tf.function(...).get_concrete_function(...)), got "
                              f"{type(function).__name__}")
    functions = {function.graph.name: function for function in funcs}
    if len(functions) != len(funcs):
        raise SluiceError("from_concrete_functions: two functions have one graph name "
                          f"({sorted(f.graph.name for f in funcs)}), which would name "
                          "both signatures")
    # `trackable_obj` owns the variables, which the functions hold only
    # weakly: it stays referenced here until the conversion is done.
    program = _from_functions(tf, functions, keep_variables)
    del trackable_obj
    return program


def from_keras_model(model, keep_variables=False):
    """A Program from a Keras model (Keras 3, TF's tf.keras, or Keras 2 from
    tf-keras), as tf.lite.TFLiteConverter.from_keras_model(model): the
    model called on its declared inputs (batch size as declared)."""
    tf = _tensorflow()
    inputs = getattr(model, "inputs", None)
    if not inputs:
        raise SluiceError("from_keras_model: the model has no declared inputs (build it "
                          "with keras.Input or call it once), so there is no signature")
    specs = [tf.TensorSpec(t.shape, t.dtype, name=getattr(t, "name", None) or f"input_{i}")
             for i, t in enumerate(inputs)]
    if len(specs) == 1:
        function = tf.function(lambda x: model(x, training=False)).get_concrete_function(
            specs[0])
    else:
        function = tf.function(lambda *xs: model(list(xs), training=False)).get_concrete_function(
            *specs)
    return _from_functions(tf, {"main": function}, keep_variables)


def from_saved_model(saved_model_dir, signature_keys=None, tags=None, keep_variables=False):
    """A Program from a SavedModel's signatures (default: every one, as TF
    takes them), as tf.lite.TFLiteConverter.from_saved_model(saved_model_dir,
    signature_keys, tags): one signature as @main, several as functions
    named by their keys (sluice.link; to_tflite() writes one SignatureDef
    each), sharing the variables they capture."""
    tf = _tensorflow()
    saved_model_dir = os.fspath(saved_model_dir)
    if not os.path.isfile(os.path.join(saved_model_dir, "saved_model.pb")):
        raise SluiceError(f"{saved_model_dir}: not a SavedModel directory (no saved_model.pb)")
    loaded = tf.saved_model.load(saved_model_dir, tags=tags)
    if signature_keys:
        keys = list(signature_keys)
    else:
        # Every signature, as TF's converter takes them; Keras's model.export
        # writes its endpoint twice ("serve", "serving_default"): one.
        keys = list(loaded.signatures.keys())
        if (len(keys) > 1 and hasattr(loaded, "serve")
                and not hasattr(loaded, "_default_save_signature")):
            keys = ["serving_default"]
    available = sorted(loaded.signatures.keys())
    if not keys:
        raise SluiceError(f"{saved_model_dir}: the SavedModel has no signature to convert")
    for key in keys:
        if key not in loaded.signatures:
            raise SluiceError(f"{saved_model_dir}: no signature '{key}' (it has: "
                              f"{', '.join(available) or 'none'})")
    if len(set(keys)) != len(keys):
        raise SluiceError(f"from_saved_model: a signature is asked for twice ({keys})")
    return _from_functions(tf, {key: loaded.signatures[key] for key in keys}, keep_variables)


def from_session(sess, input_tensors, output_tensors, keep_variables=False):
    """A Program from a TF1 session's graph, as
    tf.compat.v1.lite.TFLiteConverter.from_session(sess, input_tensors,
    output_tensors): its variables frozen with the session's values, or with
    keep_variables=True kept as variables set once to those values (a graph
    that assigns its variables, which freezing breaks)."""
    tf = _tensorflow()
    outputs = [t.op.name for t in output_tensors]
    feeds = [t.op.name for t in input_tensors]
    fetches = [t.name for t in output_tensors]
    if not keep_variables:
        graph_def = tf.compat.v1.graph_util.convert_variables_to_constants(
            sess, sess.graph.as_graph_def(), outputs)
        return _load_graph_def(graph_def, feeds, fetches, [])
    graph_def = sess.graph.as_graph_def()
    with sess.graph.as_default():
        variables = tf.compat.v1.global_variables()
    values = sess.run(variables)
    init = _assign_initial_values(tf, graph_def, [
        (v.op.name, v.op.type == "VarHandleOp", value, v.dtype.base_dtype)
        for v, value in zip(variables, values)])
    return _load_graph_def(graph_def, feeds, fetches, init)


def from_frozen_graph(graph_def_file, input_arrays, output_arrays, input_shapes=None):
    """A Program from a frozen GraphDef file, as
    tf.compat.v1.lite.TFLiteConverter.from_frozen_graph(graph_def_file,
    input_arrays, output_arrays, input_shapes): `input_shapes` maps an input
    name to its shape (its Placeholder's shape is replaced)."""
    graph_def_file = os.fspath(graph_def_file)
    if not input_shapes:
        return load(graph_def_file, feeds=list(input_arrays), fetches=list(output_arrays))
    tf = _tensorflow()
    graph_def = tf.compat.v1.GraphDef()
    with open(graph_def_file, "rb") as f:
        data = f.read()
    try:
        graph_def.ParseFromString(data)
    except Exception:  # a text GraphDef
        from google.protobuf import text_format
        text_format.Parse(data.decode(), graph_def)
    nodes = {node.name: node for node in graph_def.node}
    for name, shape in input_shapes.items():
        node = nodes.get(name)
        if node is None or node.op != "Placeholder":
            raise SluiceError(f"{graph_def_file}: input_shapes names '{name}', "
                              "which is not a Placeholder of the graph")
        node.attr["shape"].shape.CopyFrom(tf.TensorShape(shape).as_proto())
    return _load_graph_def(graph_def, list(input_arrays), list(output_arrays), [])


class _TargetSpec:
    """TFLiteConverter.target_spec: the op sets the model may use."""

    def __init__(self):
        self.supported_ops = {"TFLITE_BUILTINS"}
        self.supported_types = []


class TFLiteConverter:
    """A drop-in for tf.lite.TFLiteConverter: the same class methods, and
    the options that mean something for Sluice.

        converter = sluice.TFLiteConverter.from_saved_model(saved_model_dir)
        tflite_model = converter.convert()

    Options:
      target_spec.supported_ops   TFLITE_BUILTINS (Sluice writes builtin
          operators only); SELECT_TF_OPS is accepted (a model of builtins
          runs where Select TF ops do); any other op set is refused.
      experimental_enable_resource_variables   (default True, as TF's) a
          function that assigns its variables keeps them as resource
          variables; with False such a function is refused, as TF refuses it.
    Quantization and the other options (optimizations,
    representative_dataset, inference types, target_spec.supported_types)
    are refused by convert() with a message naming the option: Sluice
    writes float models.
    """

    _ACCEPTED_OPS = {"TFLITE_BUILTINS", "SELECT_TF_OPS"}

    def __init__(self, make_program):
        self._make_program = make_program
        self.target_spec = _TargetSpec()
        self.experimental_enable_resource_variables = True
        self.optimizations = []
        self.representative_dataset = None
        self.inference_input_type = None
        self.inference_output_type = None
        self.allow_custom_ops = False

    @classmethod
    def from_saved_model(cls, saved_model_dir, signature_keys=None, tags=None):
        return cls(lambda keep: from_saved_model(saved_model_dir, signature_keys, tags,
                                                 keep_variables=keep))

    @classmethod
    def from_keras_model(cls, model):
        return cls(lambda keep: from_keras_model(model, keep_variables=keep))

    @classmethod
    def from_concrete_functions(cls, funcs, trackable_obj=None):
        return cls(lambda keep: from_concrete_functions(funcs, trackable_obj,
                                                        keep_variables=keep))

    def _check_options(self):
        ops = {getattr(op, "name", str(op)) for op in self.target_spec.supported_ops}
        unknown = sorted(ops - self._ACCEPTED_OPS)
        if unknown:
            raise SluiceError(f"target_spec.supported_ops: {', '.join(unknown)} is not "
                              "supported: Sluice writes TFLite builtin operators only "
                              "(TFLITE_BUILTINS; SELECT_TF_OPS is accepted and unused)")
        refused = [name for name, value, default in [
            ("optimizations", list(self.optimizations or []), []),
            ("representative_dataset", self.representative_dataset, None),
            ("inference_input_type", self.inference_input_type, None),
            ("inference_output_type", self.inference_output_type, None),
            ("target_spec.supported_types", list(self.target_spec.supported_types or []), []),
        ] if value != default]
        if refused:
            raise SluiceError(f"{', '.join(refused)}: Sluice does not quantize or change "
                              "the model's types (it writes the float model)")

    def convert(self):
        """The .tflite model's bytes (Program.to_tflite of the conversion)."""
        self._check_options()
        try:
            program = self._make_program(False)
        except SluiceError as error:
            if ("keep_variables=True" not in str(error)
                    or not self.experimental_enable_resource_variables):
                raise
            program = self._make_program(True)
        return program.to_tflite()
