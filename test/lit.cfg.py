# lit configuration for Sluice's regression tests (check-sluice).
import os
import shutil

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "SLUICE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
# test/fuzz holds the fuzzers' seeds (utils/fuzz.sh), not tests.
config.excludes = ["CMakeLists.txt", "README.txt", "lit.cfg.py", "lit.site.cfg.py",
                   "fuzz", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.sluice_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%sluice_src_root", config.sluice_src_root))
config.substitutions.append(("%sluice_obj_root", config.sluice_obj_root))
# The GraphDefs and TFLite models written by TensorFlow, kept beside the
# repository in shared/corpus; `lit --param sluice_corpus=DIR` points
# elsewhere. The tests that read it say `REQUIRES: corpus`: without the
# directory they are reported UNSUPPORTED, and the e2e scripts given
# `--corpus %corpus` skip its runs (saying so).
sluice_corpus = os.path.abspath(lit_config.params.get(
    "sluice_corpus",
    os.path.join(os.path.dirname(config.sluice_src_root), "shared", "corpus")))
config.substitutions.append(("%corpus", sluice_corpus))
if os.path.isdir(sluice_corpus):
    config.available_features.add("corpus")

# The differentials' generated programs: the test command runs a fixed
# sample of them (every 2nd, the same ones every time); SLUICE_FULL=1 in the
# environment (or `lit --param sluice_full=1`) runs every one. Each prints
# "sample: N of M generated programs". docs/testing.md.
sluice_full = (os.environ.get("SLUICE_FULL") == "1"
               or lit_config.params.get("sluice_full") == "1")
config.substitutions.append(("%sample_every", "1" if sluice_full else "2"))
if sluice_full:
    config.available_features.add("sluice-full")

# The tools of build-asan/ (utils/sanitize.sh): ASan reserves terabytes of
# address space for its shadow, so a test that limits the address space
# (ulimit -v) cannot run there.
if "-fsanitize=address" in getattr(config, "sluice_cxx_flags", ""):
    config.available_features.add("asan")

# Graphviz's dot renders sluicec's pictures (--emit=svg|png); utils/setup.sh
# installs it. Tests that render say `REQUIRES: graphviz`.
if shutil.which("dot"):
    config.available_features.add("graphviz")

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

# FileCheck, not, count and split-file live in Debian's llvm-22-tools.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.sluice_tools_dir, config.llvm_tools_dir]
tools = ["sluice-opt", "sluice-run", "sluice-translate", "sluicec", "sluice-tblgen"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# MLIR's .td files (OpBase.td), for sluice-tblgen's tests.
config.substitutions.append(
    ("%mlir_include", os.path.join(os.path.dirname(config.llvm_tools_dir), "include")))

# A C compiler for the programs that link natively compiled models.
config.substitutions.append(
    ("%cc", shutil.which("cc") or shutil.which("clang-22") or "cc"))

# The LiteRT harness: runs a .tflite in Google's LiteRT under Node and prints
# sluice-run's JSON. Its node_modules come from `npm ci --prefix test/e2e/litert`
# (utils/setup.sh); without them the harness fails saying so.
config.substitutions.append(
    ("%litert", "%s %s" % (shutil.which("node") or "node",
                           os.path.join(config.sluice_src_root, "test", "e2e",
                                        "litert", "run_tflite.mjs"))))

# The Python of the repository's virtual environment (utils/setup.sh), which
# has numpy, TensorFlow and native LiteRT (ai_edge_litert).
venv_python = os.path.join(config.sluice_src_root, ".venv", "bin", "python")
config.substitutions.append(("%venv_python", venv_python))

# Where sluice-run --compare finds its engines (an installed Sluice never
# looks into a source tree; the tests name the checkout's): the runners'
# scripts (also for a build without the Python package, build-asan/), that
# Python, and LiteRT.js's runner when its node_modules are installed.
config.environment["SLUICE_ENGINES"] = os.path.join(
    config.sluice_src_root, "python", "sluice", "engines")
config.environment["SLUICE_PYTHON"] = venv_python
litert_js = os.path.join(config.sluice_src_root, "test", "e2e", "litert")
if os.path.isdir(os.path.join(litert_js, "node_modules", "@litertjs", "core")):
    config.environment["SLUICE_LITERT_JS"] = os.path.join(litert_js, "run_tflite.mjs")

# Cross compilers and qemu-user (Debian's gcc-aarch64-linux-gnu,
# gcc-arm-linux-gnueabihf, gcc-riscv64-linux-gnu, qemu-user-static;
# utils/setup.sh): native code for other machines, run under qemu. The test
# command runs a fixed sample of 30 programs, SLUICE_FULL=1 every one.
if all(shutil.which(tool) for tool in (
        "aarch64-linux-gnu-gcc", "arm-linux-gnueabihf-gcc", "riscv64-linux-gnu-gcc",
        "qemu-aarch64-static", "qemu-arm-static", "qemu-riscv64-static")):
    config.available_features.add("cross")
config.substitutions.append(("%cross_sample", "" if sluice_full else "--sample 30"))

# Open MPI's mpirun (Debian's openmpi-bin, utils/setup.sh): distributed runs
# (sluice-run --distributed), one process per rank, as root and with more
# ranks than cores when need be.
mpirun = shutil.which("mpirun")
if mpirun:
    config.available_features.add("mpi")
config.substitutions.append(
    ("%mpirun", "%s --oversubscribe --allow-run-as-root" % (mpirun or "mpirun")))
