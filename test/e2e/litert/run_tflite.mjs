// run_tflite.mjs - runs a .tflite in Google's LiteRT (@litertjs/core 2.5.3,
// WASM CPU) under Node and prints its outputs as sluice-run does (e2e tests).
//
//   node run_tflite.mjs MODEL.tflite [--inputs=IN.json] [--log] [--time=N]
//   node run_tflite.mjs --batch FILE|- [--log]     lines "MODEL [IN.json]"
//
// Inputs and output JSON are sluice-run's (dtypes bool, int8, uint8, int32,
// int64, float32, float64); names and order are the signature subgraph's
// input/output tensors, "argN"/"outputN" where unnamed. Any failure, including
// a runtime log line containing "ERROR", exits 1 with a message; batch mode
// loads the runtime once and prints one line per entry ({"error": ...} if it
// failed). --log echoes the runtime's log. The package's public wrapper wants
// a browser and float32/int32/uint8, so this drives the Emscripten module
// under it (loadModel, compileModel, LiteRtTensorBuffer) directly.
// --time=N (benchmarks) invokes the compiled model N more times on the same
// input buffers and prints {"best_seconds": S, "runs": N} to stderr: the
// fastest invocation, model loading and buffer set-up excluded.

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wasmDir = path.join(here, 'node_modules', '@litertjs', 'core', 'wasm');

class HarnessError extends Error {}
const fail = (message) => { throw new HarnessError(message); };

// ---------------------------------------------------------------------------
// JSON input, numbers kept as text (int64 must not go through a double).

class Num { constructor(text) { this.text = text; } }

function parseJSON(text) {
  let i = 0;
  const ws = () => { while (i < text.length && ' \t\n\r'.includes(text[i])) ++i; };
  const bad = (what) => fail(`inputs are not valid JSON: ${what} at offset ${i}`);
  function value() {
    ws();
    const c = text[i];
    if (c === '{') {
      ++i; const obj = new Map(); ws();
      if (text[i] === '}') { ++i; return obj; }
      for (;;) {
        ws(); if (text[i] !== '"') bad('expected a key');
        const key = string(); ws();
        if (text[i++] !== ':') bad("expected ':'");
        obj.set(key, value()); ws();
        if (text[i] === ',') { ++i; continue; }
        if (text[i] === '}') { ++i; return obj; }
        bad("expected ',' or '}'");
      }
    }
    if (c === '[') {
      ++i; const arr = []; ws();
      if (text[i] === ']') { ++i; return arr; }
      for (;;) {
        arr.push(value()); ws();
        if (text[i] === ',') { ++i; continue; }
        if (text[i] === ']') { ++i; return arr; }
        bad("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const [word, v] of [['true', true], ['false', false], ['null', null]])
      if (text.startsWith(word, i)) { i += word.length; return v; }
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) bad('unexpected character');
    i += m[0].length;
    return new Num(m[0]);
  }
  function string() {
    const start = i;
    ++i;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) bad('unterminated string');
    ++i;
    return JSON.parse(text.slice(start, i));
  }
  const v = value(); ws();
  if (i !== text.length) bad('trailing characters');
  return v;
}

// ---------------------------------------------------------------------------
// Just enough of a FlatBuffer reader for the TFLite schema's Model: subgraph
// input/output tensor names and signature_defs (LiteRT verifies the buffer).

function readModelInfo(bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (p) => dv.getUint32(p, true);
  const table = (p) => ({ pos: p, vt: p - dv.getInt32(p, true) });
  const fieldPos = (t, id) => {
    const vtSize = dv.getUint16(t.vt, true);
    if (4 + 2 * id >= vtSize) return 0;
    const off = dv.getUint16(t.vt + 4 + 2 * id, true);
    return off ? t.pos + off : 0;
  };
  const ref = (p) => p + u32(p);
  const vec = (t, id) => {
    const p = fieldPos(t, id);
    if (!p) return [];
    const v = ref(p), n = u32(v);
    return Array.from({ length: n }, (_, k) => v + 4 + 4 * k);
  };
  const str = (t, id) => {
    const p = fieldPos(t, id);
    if (!p) return '';
    const s = ref(p);
    return new TextDecoder().decode(bytes.subarray(s + 4, s + 4 + u32(s)));
  };
  const uint = (t, id) => { const p = fieldPos(t, id); return p ? u32(p) : 0; };
  const ints = (t, id) => vec(t, id).map((p) => dv.getInt32(p, true));

  const model = table(u32(0));
  const subgraphs = vec(model, 2).map((p) => table(ref(p)));
  const signatures = vec(model, 7).map((p) => {
    const s = table(ref(p));
    const maps = (id) => vec(s, id).map((q) => {
      const m = table(ref(q));
      return { name: str(m, 0), tensor: uint(m, 1) };
    });
    return { key: str(s, 2), inputs: maps(0), outputs: maps(1), subgraph: uint(s, 4) };
  });
  const graph = (index) => {
    const g = subgraphs[index];
    if (!g) fail(`the model has no subgraph ${index}`);
    const tensors = vec(g, 0).map((p) => table(ref(p)));
    const names = (list) => list.map((t) => (tensors[t] ? str(tensors[t], 3) : ''));
    const inputs = ints(g, 1), outputs = ints(g, 2);
    const inputShapes = inputs.map((t) => (tensors[t] ? ints(tensors[t], 0) : []));
    return { inputs, outputs, inputNames: names(inputs), outputNames: names(outputs),
             inputShapes };
  };
  return { signatures, graph };
}

// ---------------------------------------------------------------------------
// The runtime.

const DTYPES = {
  // LiteRT ElementType -> [dtype name, TypedArray]
  1: ['float32', Float32Array], 2: ['int32', Int32Array], 3: ['uint8', Uint8Array],
  4: ['int64', BigInt64Array], 6: ['bool', Uint8Array], 9: ['int8', Int8Array],
  11: ['float64', Float64Array],
};
const ELEMENT_TYPE_NAMES = ['NONE', 'FLOAT32', 'INT32', 'UINT8', 'INT64', 'STRING', 'BOOL',
  'INT16', 'COMPLEX64', 'INT8', 'FLOAT16', 'FLOAT64', 'COMPLEX128', 'UINT64', 'RESOURCE',
  'VARIANT', 'UINT32', 'UINT16', 'INT4', 'BFLOAT16'];
const elementTypeName = (t) => ELEMENT_TYPE_NAMES[t] ?? `element type ${t}`;

const runtimeLog = [];
let echoLog = false;
const logLine = (line) => {
  runtimeLog.push(String(line));
  if (echoLog) process.stderr.write(`[litert] ${line}\n`);
};
// The glue and the package log through console.* as well as print/printErr.
for (const level of ['log', 'info', 'warn', 'error', 'debug'])
  console[level] = (...args) => logLine(args.join(' '));

async function loadRuntime() {
  // The choice loadLiteRt() makes: the relaxed-SIMD build if the engine has
  // relaxed SIMD (Node 20 has not), else the compat build.
  let file = 'litert_wasm_compat_internal.js';
  try {
    const { supportsFeature } = await import('@litertjs/core');
    if (await supportsFeature('relaxedSimd')) file = 'litert_wasm_internal.js';
  } catch (e) {
    fail(`cannot load @litertjs/core from ${path.join(here, 'node_modules')}: ${e.message}` +
         ' (run `npm ci --prefix test/e2e/litert`)');
  }
  const glue = path.join(wasmDir, file);
  const source = fs.readFileSync(glue, 'utf8');
  // The glue's Node branch wants CommonJS require/__dirname; it defines a
  // global-style `var ModuleFactory`, returned here instead of leaked.
  const factory = new Function('require', '__filename', '__dirname',
                               `${source}\nreturn ModuleFactory;`)(
    createRequire(glue), glue, wasmDir);
  const wasm = await factory({ print: logLine, printErr: logLine });
  wasm.setupLogging();
  const environment = wasm.LiteRtEnvironment.create(null);
  return { wasm, environment };
}

const vectorToArray = (v) => {
  const a = [];
  for (let i = 0, n = v.size(); i < n; ++i) a.push(v.get(i));
  v.delete();
  return a;
};

function tensorTypeInfo(type) {
  const layout = type.layout();
  const dims = vectorToArray(layout.dimensions());
  layout.delete();
  const elementType = type.elementType().value;
  type.delete();
  return { elementType, dims };
}

// Loads and compiles a model; the result owns wasm memory (release()).
async function compile(runtime, modelPath) {
  const { wasm, environment } = runtime;
  let bytes;
  try {
    bytes = new Uint8Array(fs.readFileSync(modelPath));
  } catch (e) {
    fail(`cannot read ${modelPath}: ${e.message}`);
  }
  const ptr = wasm._malloc(bytes.byteLength);
  wasm.HEAPU8.set(bytes, ptr);
  const owned = [];
  const release = () => {
    for (const o of owned.reverse()) o.delete();
    wasm._free(ptr);
  };
  try {
    // LiteRT verifies the FlatBuffer; read it only once LiteRT accepted it.
    const model = wasm.loadModel(environment, ptr, bytes.byteLength);
    owned.push(model);
    let info;
    try {
      info = readModelInfo(bytes);
    } catch (e) {
      if (e instanceof HarnessError) throw e;
      fail(`cannot read ${modelPath} as a TFLite model (${e.message})`);
    }
    if (model.getNumSignatures() < 1) fail('the model has no signature');
    const signature = model.getSignature(0);
    owned.push(signature);
    const key = signature.key();
    const liteInputs = vectorToArray(signature.inputNames());
    const liteOutputs = vectorToArray(signature.outputNames());
    // Sluice's view: the signature's subgraph, its input/output tensors in
    // order, named by their tensor names.
    const def = info.signatures.find((s) => s.key === key);
    const graph = info.graph(def ? def.subgraph : 0);
    // LiteRT.js 2.5.3 binds one buffer per tensor: an input that is also an
    // output (or a tensor listed twice) is read as zeros or garbage.
    const tensorName = (t) => {
      const i = graph.inputs.indexOf(t), o = graph.outputs.indexOf(t);
      return i >= 0 ? graph.inputNames[i] || `arg${i}` : graph.outputNames[o] || `output${o}`;
    };
    for (const [list, what] of [[graph.inputs, 'input'], [graph.outputs, 'output']])
      list.forEach((t, k) => {
        if (list.indexOf(t) !== k)
          fail(`tensor ${t} ('${tensorName(t)}') is listed twice among the subgraph's ` +
               `${what}s, which LiteRT.js does not handle`);
      });
    for (const t of graph.outputs)
      if (graph.inputs.includes(t))
        fail(`input '${tensorName(t)}' (tensor ${t}) is also an output; LiteRT.js would ` +
             'not feed it (it reads zeros): the model must compute outputs into their own tensors');
    // position in LiteRT's signature -> position in the subgraph's list
    const mapOrder = (liteNames, defMaps, tensors, tensorNames, what) =>
      liteNames.map((name, j) => {
        let k;
        if (def) {
          const entry = defMaps.find((m) => m.name === name);
          k = entry ? tensors.indexOf(entry.tensor) : -1;
        } else {
          k = tensorNames[j] === name ? j : tensorNames.indexOf(name);
        }
        if (k < 0)
          fail(`cannot match LiteRT's signature ${what} '${name}' with a subgraph ${what}`);
        return k;
      });
    const inputOrder = mapOrder(liteInputs, def?.inputs, graph.inputs, graph.inputNames, 'input');
    const outputOrder = mapOrder(liteOutputs, def?.outputs, graph.outputs, graph.outputNames,
                                 'output');
    if (liteInputs.length !== graph.inputs.length || liteOutputs.length !== graph.outputs.length)
      fail(`LiteRT's signature '${key}' has ${liteInputs.length} input(s) and ` +
           `${liteOutputs.length} output(s), the subgraph ${graph.inputs.length} and ` +
           `${graph.outputs.length}`);
    // inputs[k]: subgraph input k, with LiteRT's type and its signature index
    const inputs = [];
    inputOrder.forEach((k, j) => {
      inputs[k] = {
        // The signature's name, as sluice-run names an imported model's
        // arguments; else the tensor's.
        name: liteInputs[j] || graph.inputNames[k] || `arg${k}`,
        signatureIndex: j,
        staticShape: graph.inputShapes[k],
        ...tensorTypeInfo(model.getInputTensorType(0, j)),
      };
    });
    const outputNames = [];
    outputOrder.forEach((k, j) => {
      outputNames[j] = liteOutputs[j] || graph.outputNames[k] || `output${k}`;
    });
    const compiled = await wasm.compileModel(environment, model, {
      accelerator: 'wasm',
      // One thread: runs are reproducible (multi-threaded runs of the same
      // model in one process were seen to fail at random).
      cpuOptions: { numThreads: 1 },
      gpuOptions: {},
      webNNOptions: {},
    });
    owned.push(compiled);
    return { modelPath, inputs, outputOrder, outputNames, compiled, release };
  } catch (e) {
    release();
    if (!(e instanceof HarnessError) && e?.message) e.message = `${modelPath}: ${e.message}`;
    throw e;
  }
}

// ---------------------------------------------------------------------------
// Inputs.

function flatten(value, depth, shape, flat) {
  if (!Array.isArray(value)) {
    if (depth !== shape.length && shape.length !== 0) fail('ragged nested array');
    flat.push(value);
    return;
  }
  if (depth === shape.length) {
    if (flat.length !== 0) fail('ragged nested array');
    shape.push(value.length);
  } else if (depth > shape.length || shape[depth] !== value.length) {
    fail('ragged nested array');
  }
  for (const element of value) flatten(element, depth + 1, shape, flat);
}

// One element as sluice-run reads it: a bool is 0/1, an integer literal is
// exact, a float for an integer dtype must be integral, "nan"/"inf"/"-inf"
// only for floats. Returns a Number (floats) or a BigInt (integers).
function readElement(value, dtype, index) {
  const isFloat = dtype === 'float32' || dtype === 'float64';
  let number;
  if (typeof value === 'boolean') {
    number = value ? 1 : 0;
  } else if (value instanceof Num) {
    if (/^-?\d+$/.test(value.text) && !isFloat) {
      const n = BigInt(value.text);
      if (n >= -(2n ** 63n) && n < 2n ** 63n) return n;
    }
    // sluice-run (llvm::json) reads an integral number as an integer first,
    // so "-0.0" is +0 there: do the same.
    number = Number(value.text) + 0;
  } else if (typeof value === 'string' && isFloat && ['nan', 'inf', '-inf'].includes(value)) {
    number = value === 'nan' ? NaN : value === 'inf' ? Infinity : -Infinity;
  } else {
    fail(`element #${index} is not a number`);
  }
  if (isFloat) return number;
  if (number !== Math.floor(number))
    fail(`element #${index} (${formatDouble(number)}) is not an integer`);
  return BigInt(number);
}

const DTYPE_NAMES = ['bool', 'int8', 'uint8', 'int32', 'int64', 'float32', 'float64'];

function tensorFromJSON(value, dtype, expected) {
  let data = value, declaredShape;
  if (value instanceof Map) {
    const name = value.get('dtype');
    if (name !== undefined) {
      if (!DTYPE_NAMES.includes(name)) fail(`unknown dtype '${name}'`);
      if (name !== dtype) fail(`has dtype ${name} but ${dtype} is expected`);
    }
    const shape = value.get('shape');
    if (Array.isArray(shape)) {
      declaredShape = shape.map((s) => {
        if (!(s instanceof Num) || !/^\d+$/.test(s.text))
          fail('shape entries must be non-negative integers');
        return Number(s.text);
      });
    }
    data = value.get('data');
    if (data === undefined) fail('missing "data"');
  }
  const nested = [], flat = [];
  flatten(data, 0, nested, flat);
  const shape = declaredShape ?? nested;
  if (shape.length !== expected.length ||
      shape.some((s, d) => expected[d] >= 0 && expected[d] !== s)) {
    const show = (dims) => `[${dims.map((d) => (d < 0 ? '?' : d)).join(', ')}]`;
    fail(`has shape ${show(shape)} but the program expects ${show(expected)}`);
  }
  const count = shape.reduce((a, b) => a * b, 1);
  if (flat.length !== count)
    fail(`has ${flat.length} values but shape [${shape.join(', ')}] needs ${count}`);
  return { shape, values: flat.map((v, i) => readElement(v, dtype, i)) };
}

function parseInputs(text, unit) {
  const count = unit.inputs.length;
  if (text === undefined || text.trim() === '') {
    if (count === 0) return [];
    fail(`the model takes ${count} input(s) but no inputs were given (--inputs=FILE.json)`);
  }
  const json = parseJSON(text);
  let values;
  if (Array.isArray(json)) {
    if (json.length !== count)
      fail(`the model takes ${count} input(s), the inputs array has ${json.length}`);
    values = json;
  } else if (json instanceof Map) {
    values = unit.inputs.map((input) => {
      if (!json.has(input.name)) fail(`missing input '${input.name}'`);
      return json.get(input.name);
    });
    for (const key of json.keys())
      if (!unit.inputs.some((input) => input.name === key))
        fail(`unknown input '${key}' (inputs: ${unit.inputs.map((x) => x.name).join(', ')})`);
  } else {
    fail('inputs must be a JSON object keyed by input name or an array');
  }
  return unit.inputs.map((input, k) => {
    const entry = DTYPES[input.elementType];
    if (!entry)
      fail(`input '${input.name}' has type ${elementTypeName(input.elementType)}, ` +
           'which the harness does not support');
    try {
      const tensor = tensorFromJSON(values[k], entry[0], input.dims);
      // LiteRT.js 2.5.3 accepts an input of another shape where the
      // signature has -1, logs "Automatically resized input tensor", and
      // returns outputs of the unresized shape: a silently wrong result.
      if (tensor.shape.length !== input.staticShape.length ||
          tensor.shape.some((s, d) => s !== input.staticShape[d]))
        fail(`has shape [${tensor.shape.join(', ')}] but the model's tensor has shape ` +
             `[${input.staticShape.join(', ')}]; LiteRT.js cannot resize inputs`);
      return tensor;
    } catch (e) {
      if (e instanceof HarnessError) fail(`input '${input.name}' ${e.message}`);
      throw e;
    }
  });
}

function toTypedArray(values, elementType) {
  const [dtype, Array_] = DTYPES[elementType];
  const out = new Array_(values.length);
  values.forEach((v, i) => {
    switch (dtype) {
      case 'float32': case 'float64': out[i] = v; break;
      case 'int64': out[i] = BigInt.asIntN(64, v); break;
      case 'bool': out[i] = v !== 0n ? 1 : 0; break;
      default: out[i] = Number(v);  // the TypedArray wraps like a C cast
    }
  });
  return out;
}

// ---------------------------------------------------------------------------
// Output formatting: llvm::json's (sorted keys, doubles as %.17g).

function quote(s) {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0);
    if (ch === '"' || ch === '\\') out += '\\' + ch;
    else if (c >= 0x20) out += ch;
    else if (ch === '\t') out += '\\t';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else out += '\\u' + c.toString(16).padStart(4, '0');
  }
  return out + '"';
}

// 17 significant digits of |v|, rounded half to even as glibc's printf does
// (toExponential rounds ties away from zero): [digit string, exponent].
function digits17(a) {
  const e18 = a.toExponential(17);
  if (e18[18] !== '5') {
    const e = a.toExponential(16);
    return [e[0] + e.slice(2, 18), parseInt(e.slice(19), 10)];
  }
  // Possibly a tie: use the exact decimal expansion of the double.
  const bits = new DataView(new Float64Array([a]).buffer).getBigUint64(0, true);
  let exponent = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & ((1n << 52n) - 1n);
  if (exponent === 0) exponent = 1; else mantissa |= 1n << 52n;
  exponent -= 1075;
  const exact = exponent >= 0 ? (mantissa << BigInt(exponent)).toString()
                              : (mantissa * 5n ** BigInt(-exponent)).toString();
  let x = exact.length - 1 - Math.max(0, -exponent);
  let head = BigInt(exact.slice(0, 17).padEnd(17, '0'));
  const rest = exact.slice(17);
  if (rest && (rest[0] > '5' ||
               (rest[0] === '5' && (/[1-9]/.test(rest.slice(1)) || (head & 1n) === 1n))))
    head += 1n;
  let s = head.toString();
  if (s.length > 17) { s = s.slice(0, 17); ++x; }
  return [s, x];
}

function formatDouble(v) {
  if (Number.isNaN(v)) return '"nan"';
  if (v === Infinity) return '"inf"';
  if (v === -Infinity) return '"-inf"';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  const sign = v < 0 ? '-' : '';
  let [d, x] = digits17(Math.abs(v));
  d = d.replace(/0+$/, '');
  let body;
  if (x < -4 || x >= 17) {
    body = d[0] + (d.length > 1 ? '.' + d.slice(1) : '') + 'e' + (x < 0 ? '-' : '+') +
           String(Math.abs(x)).padStart(2, '0');
  } else if (x >= 0) {
    body = d.length <= x + 1 ? d + '0'.repeat(x + 1 - d.length)
                             : d.slice(0, x + 1) + '.' + d.slice(x + 1);
  } else {
    body = '0.' + '0'.repeat(-x - 1) + d;
  }
  return sign + body;
}

function formatTensor(name, dtype, shape, data) {
  let items;
  if (dtype === 'bool') items = Array.from(data, (b) => (b ? 'true' : 'false'));
  else if (dtype === 'float32' || dtype === 'float64') items = Array.from(data, formatDouble);
  else items = Array.from(data, (n) => String(n));
  return `{"data":[${items.join(',')}],"dtype":"${dtype}","name":${quote(name)},` +
         `"shape":[${shape.join(',')}]}`;
}

// ---------------------------------------------------------------------------
// One run.

function checkLog(from, what) {
  const errors = runtimeLog.slice(from).filter((line) => line.includes('ERROR'));
  if (errors.length) fail(`LiteRT logged an error ${what}:\n  ${errors.join('\n  ')}`);
}

async function run(runtime, unit, inputsText, timedRuns = 0) {
  const { wasm, environment } = runtime;
  const tensors = parseInputs(inputsText, unit);
  const buffers = [];
  const logStart = runtimeLog.length;
  try {
    // LiteRT wants its signature's order.
    const ordered = [];
    unit.inputs.forEach((input, k) => { ordered[input.signatureIndex] = k; });
    for (const k of ordered) {
      const input = unit.inputs[k];
      const data = toTypedArray(tensors[k].values, input.elementType);
      const dims = new wasm.VectorInt32();
      for (const d of tensors[k].shape) dims.push_back(d);
      const layout = wasm.LiteRtLayout.create(dims);
      dims.delete();
      const type = wasm.LiteRtRankedTensorType.create({ value: input.elementType }, layout);
      layout.delete();
      const bytes = type.bytes();
      if (bytes !== data.byteLength)
        fail(`input '${input.name}': LiteRT expects ${bytes} bytes, the data has ${data.byteLength}`);
      const buffer = wasm.LiteRtTensorBuffer.createManaged(
        environment, wasm.LiteRtTensorBufferType.HOST_MEMORY, type, Math.max(bytes, 1));
      type.delete();
      buffers.push(buffer);
      const ptr = buffer.lock(wasm.LiteRtTensorBufferLockMode.WRITE);
      wasm.HEAPU8.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), ptr);
      buffer.unlock();
    }
    const inputBuffers = buffers.slice();
    const results = await unit.compiled.run(0, inputBuffers);
    buffers.push(...results);
    checkLog(logStart, 'while running the model');
    if (timedRuns > 0) {
      let best = Infinity;
      for (let r = 0; r < timedRuns; ++r) {
        const start = process.hrtime.bigint();
        const again = await unit.compiled.run(0, inputBuffers);
        const seconds = Number(process.hrtime.bigint() - start) / 1e9;
        for (const buffer of again) buffer.delete();
        best = Math.min(best, seconds);
      }
      checkLog(logStart, 'while timing the model');
      process.stderr.write(`{"best_seconds": ${best}, "runs": ${timedRuns}}\n`);
    }
    const outputs = [];
    results.forEach((buffer, j) => {
      const { elementType, dims } = tensorTypeInfo(buffer.tensorType());
      const entry = DTYPES[elementType];
      if (!entry)
        fail(`output '${unit.outputNames[j]}' has type ${elementTypeName(elementType)}, ` +
             'which the harness does not support');
      const [dtype, Array_] = entry;
      const count = dims.reduce((a, b) => a * b, 1);
      if (dims.some((d) => d < 0)) fail(`output '${unit.outputNames[j]}' has shape [${dims}]`);
      const ptr = buffer.lock(wasm.LiteRtTensorBufferLockMode.READ);
      const raw = wasm.HEAPU8.slice(ptr, ptr + count * Array_.BYTES_PER_ELEMENT);
      buffer.unlock();
      outputs[unit.outputOrder[j]] = formatTensor(unit.outputNames[j], dtype, dims,
                                                  new Array_(raw.buffer));
    });
    return `{"outputs":[${outputs.join(',')}]}`;
  } finally {
    for (const buffer of buffers) buffer.delete();
  }
}

// ---------------------------------------------------------------------------
// Command line.

const usage = 'usage: node run_tflite.mjs MODEL.tflite [--inputs=IN.json] [--log] [--time=N]\n' +
              '       node run_tflite.mjs --batch FILE|- [--log]   (lines "MODEL [IN.json]")';

// LiteRT's C++ errors arrive as JS Errors (or wasm traps) whose message is
// often just "Failed to ..."; the reason is in the ERROR lines it logged.
function describe(e, logStart) {
  if (e instanceof HarnessError) return e.message;
  const message = e?.message ? e.message : String(e);
  const errors = runtimeLog.slice(logStart).filter((line) => line.includes('ERROR'));
  return errors.length ? `${message}\n  ${errors.join('\n  ')}` : message;
}

async function runOne(runtime, modelPath, inputsPath, cache, timedRuns = 0) {
  const logStart = runtimeLog.length;
  let inputsText;
  if (inputsPath !== undefined) {
    try {
      inputsText = fs.readFileSync(inputsPath, 'utf8');
    } catch (e) {
      fail(`cannot read ${inputsPath}: ${e.message}`);
    }
  }
  // Batch mode keeps the last compiled model for the next line.
  let unit = cache?.unit;
  if (!unit || unit.modelPath !== modelPath) {
    if (unit) { unit.release(); cache.unit = undefined; }
    unit = await compile(runtime, modelPath);
    try {
      checkLog(logStart, 'while loading the model');
    } catch (e) {
      unit.release();
      throw e;
    }
    if (cache) cache.unit = unit;
  }
  return await run(runtime, unit, inputsText, timedRuns);
}

async function main(argv) {
  let modelPath, inputsPath, batch, timedRuns = 0;
  for (let i = 0; i < argv.length; ++i) {
    const arg = argv[i];
    if (arg.startsWith('--inputs=')) inputsPath = arg.slice('--inputs='.length);
    else if (arg === '--inputs' && i + 1 < argv.length) inputsPath = argv[++i];
    else if (arg.startsWith('--batch=')) batch = arg.slice('--batch='.length);
    else if (arg === '--batch' && i + 1 < argv.length) batch = argv[++i];
    else if (arg === '--log') echoLog = true;
    else if (arg.startsWith('--time=')) {
      timedRuns = Number(arg.slice('--time='.length));
      if (!Number.isInteger(timedRuns) || timedRuns < 1) fail(`--time needs a positive count`);
    }
    else if (arg === '--help' || arg === '-h') { process.stdout.write(usage + '\n'); return 0; }
    else if (!arg.startsWith('-') && modelPath === undefined) modelPath = arg;
    else fail(`unexpected argument '${arg}'\n${usage}`);
  }
  if ((batch === undefined) === (modelPath === undefined) ||
      (batch !== undefined && (inputsPath !== undefined || timedRuns > 0)))
    fail(usage);

  let runtime = await loadRuntime();
  if (batch === undefined) {
    process.stdout.write(await runOne(runtime, modelPath, inputsPath, undefined, timedRuns) +
                         '\n');
    return 0;
  }

  let text;
  try {
    text = fs.readFileSync(batch === '-' ? 0 : batch, 'utf8');
  } catch (e) {
    fail(`cannot read ${batch}: ${e.message}`);
  }
  let status = 0;
  const cache = {};
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/).filter(Boolean);
    if (fields.length === 0 || fields[0].startsWith('#')) continue;
    let result;
    const logStart = runtimeLog.length;
    try {
      if (fields.length > 2) fail(`batch line has ${fields.length} fields: ${line}`);
      result = await runOne(runtime, fields[0], fields[1], cache);
    } catch (e) {
      status = 1;
      result = `{"error":${quote(describe(e, logStart))}}`;
      // A wasm trap may leave the module unusable; start afresh.
      if (!(e instanceof HarnessError)) {
        cache.unit = undefined;
        runtime = await loadRuntime();
      }
    }
    process.stdout.write(result + '\n');
  }
  return status;
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (e) => {
    process.stderr.write(`run_tflite: ${describe(e, 0)}\n`);
    process.exit(1);
  });
