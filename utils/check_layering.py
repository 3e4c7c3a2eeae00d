#!/usr/bin/env python3
"""Checks that Sluice's layers point one way: down.

The layer order is defined here, once (LAYERS, lowest first). Every path
under lib/ and include/sluice/ belongs to the layer of its longest matching
prefix, and so does the library a lib/ CMakeLists.txt defines. Two kinds of
edge must not point to a higher layer:
  link     a library's LINK_LIBS naming a Sluice library (CMake);
  include  a source or header including "sluice/..." (C++ and TableGen).
Edges within a layer are allowed. tools/, python/, test/ and unittests/ sit
above every layer and are not checked for these.

Tests mirror lib/: a directory test/<path> whose <path> is (or contains) a
lib/ directory tests that layer, so one more edge must point down:
  test     a lit test under such a directory running a pass (by its
           Passes.td argument) that a higher layer defines, as the lift's
           tests did under test/Dialect/Lite before they moved to
           test/Conversion/ExecutorToLite.

A third kind of edge points up from every layer: a run-time reach into the
source tree (the built code knowing where the checkout is, which an
installed Sluice does not have):
  source   a CMakeLists.txt of lib/ or tools/ handing a library or tool the
           source directory (PROJECT_SOURCE_DIR or CMAKE_SOURCE_DIR in a
           compile definition).

Prints one line per violation and
    layering: N libraries, N files, N violations
and exits 1 when there is a violation (or a path no layer claims).

usage: check_layering.py [ROOT]   (ROOT: the repository, default: this one)
"""
import os
import re
import sys

# (name, path prefixes relative to lib/ and include/sluice/), lowest first.
LAYERS = [
    ("ir", ["Dialect/Lite/IR", "Dialect/Executor/IR", "Runtime"]),
    ("kernels", ["Kernels"]),
    ("transforms", ["Dialect/Lite/Transforms", "Dialect/Executor/Analysis",
                    "Dialect/Executor/Transforms", "Analysis"]),
    ("conversion", ["Conversion"]),
    ("target", ["Target", "Codegen", "Interpreter"]),
    ("api", ["Driver", "API"]),
]

LIBRARY = re.compile(r"add_(?:mlir_(?:dialect_|translation_)?)?library\(\s*(\w+)")
LINK_LIBS = re.compile(r"LINK_LIBS\s+(?:PUBLIC|PRIVATE)?([^)]*)\)", re.S)
TARGET_LINK = re.compile(r"target_link_libraries\(\s*(\w+)\s+(?:PUBLIC|PRIVATE|INTERFACE)"
                         r"([^)]*)\)", re.S)
INCLUDE = re.compile(r'^\s*(?:#\s*include|include)\s+"sluice/([^"]+)"', re.M)
PASS = re.compile(r'Pass<"([\w-]+)"')
RUN_FLAG = re.compile(r"(?<![\w-])--?([a-z][\w-]*)")
SOURCE_DIR_DEFINITION = re.compile(r"(?:COMPILE_DEFINITIONS|add_compile_definitions|"
                                   r"target_compile_definitions)[^)]*\$\{(?:PROJECT|CMAKE)_SOURCE_DIR\}",
                                   re.S)


def layer_of(relative):
    """(index, name) of the layer owning `relative` (a path under lib/ or
    include/sluice/), or None."""
    best = None
    for index, (name, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if relative == prefix or relative.startswith(prefix + "/"):
                if best is None or len(prefix) > best[2]:
                    best = (index, name, len(prefix))
    return best[:2] if best else None


def test_layer(relative):
    """The layer a test directory test/<relative> tests: the highest layer of
    the lib/ paths it names or contains (test/Dialect/Lite tests IR and
    transforms), or None for a suite that mirrors no layer (e2e, tf, ...)."""
    related = lambda prefix: (prefix == relative or prefix.startswith(relative + "/")
                              or relative.startswith(prefix + "/"))
    owned = [(index, name) for index, (name, prefixes) in enumerate(LAYERS)
             if any(related(prefix) for prefix in prefixes)]
    return max(owned) if owned else None


def pass_layers(root):
    """{pass argument: (layer index, name)} from every Passes.td."""
    passes = {}
    include = os.path.join(root, "include", "sluice")
    for directory, _, names in os.walk(include):
        if "Passes.td" not in names:
            continue
        layer = layer_of(os.path.relpath(directory, include))
        with open(os.path.join(directory, "Passes.td")) as f:
            for argument in PASS.findall(f.read()):
                passes[argument] = layer
    return passes


def misplaced_tests(root):
    """The `test` violations: lit tests running a pass of a higher layer
    than the one their directory mirrors."""
    passes = pass_layers(root)
    violations = []
    for directory, subdirectories, names in os.walk(os.path.join(root, "test")):
        subdirectories[:] = [d for d in subdirectories if d != "Inputs"]
        relative = os.path.relpath(directory, os.path.join(root, "test"))
        own = test_layer(relative)
        if own is None:
            continue
        for file in names:
            if not file.endswith((".mlir", ".test", ".pbtxt")):
                continue
            path = os.path.join(directory, file)
            with open(path, errors="replace") as f:
                runs = " ".join(re.findall(r"RUN:(.*)", f.read()))
            for argument in sorted(set(RUN_FLAG.findall(runs))):
                layer = passes.get(argument)
                if layer is not None and layer[0] > own[0]:
                    violations.append(f"{os.path.relpath(path, root)}: test: runs -{argument} "
                                      f"({layer[1]}) from a test of the {own[1]} layer")
    return violations


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    violations = []
    libraries = {}  # name -> (layer, CMakeLists path)
    links = []      # (library, linked library, CMakeLists path)
    for directory, _, files in os.walk(os.path.join(root, "lib")):
        if "CMakeLists.txt" not in files:
            continue
        path = os.path.join(directory, "CMakeLists.txt")
        relative = os.path.relpath(directory, os.path.join(root, "lib"))
        with open(path) as f:
            text = f.read()
        for match in LIBRARY.finditer(text):
            name = match.group(1)
            layer = layer_of(relative)
            if layer is None:
                violations.append(f"{os.path.relpath(path, root)}: library {name} is in no layer "
                                  f"(add lib/{relative} to LAYERS in {os.path.basename(__file__)})")
                continue
            libraries[name] = (layer, path)
            # The LINK_LIBS of this add_*_library call: up to its closing
            # parenthesis.
            body = text[match.end():text.find(")", match.end()) + 1]
            for libs in LINK_LIBS.findall(body):
                links += [(name, lib, path) for lib in libs.split() if lib.startswith("Sluice")]
        for target, libs in TARGET_LINK.findall(text):
            links += [(target, lib, path) for lib in libs.split() if lib.startswith("Sluice")]
    for name, linked, path in links:
        if name not in libraries or linked not in libraries:
            continue
        (low, low_name), (high, high_name) = libraries[name][0], libraries[linked][0]
        if high > low:
            violations.append(f"{os.path.relpath(path, root)}: link: {name} ({low_name}) links "
                              f"{linked} ({high_name}), a higher layer")

    files = 0
    for base in ("lib", os.path.join("include", "sluice")):
        for directory, _, names in os.walk(os.path.join(root, base)):
            for file in names:
                if not file.endswith((".cpp", ".h", ".td", ".inc")):
                    continue
                path = os.path.join(directory, file)
                relative = os.path.relpath(path, os.path.join(root, base))
                own = layer_of(relative)
                files += 1
                if own is None:
                    violations.append(f"{os.path.relpath(path, root)}: in no layer")
                    continue
                with open(path, errors="replace") as f:
                    text = f.read()
                for included in INCLUDE.findall(text):
                    other = layer_of(included)
                    if other is not None and other[0] > own[0]:
                        violations.append(f"{os.path.relpath(path, root)}: include: "
                                          f"sluice/{included} ({other[1]}) from the {own[1]} "
                                          "layer")
    for base in ("lib", "tools"):
        for directory, _, names in os.walk(os.path.join(root, base)):
            if "CMakeLists.txt" not in names:
                continue
            path = os.path.join(directory, "CMakeLists.txt")
            with open(path) as f:
                if SOURCE_DIR_DEFINITION.search(f.read()):
                    violations.append(f"{os.path.relpath(path, root)}: source: hands the code "
                                      "the source directory, which an installed Sluice has not")
    violations += misplaced_tests(root)
    for line in violations:
        print(line)
    print(f"layering: {len(libraries)} libraries, {files} files, {len(violations)} violations")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
