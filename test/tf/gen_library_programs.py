#!/usr/bin/env python3
"""Writes test/tf/library: programs that ordinary Keras / TF library code writes.

Where test/tf/corpus (gen_corpus.py) holds hand-written control flow, this
corpus holds the graphs TF's libraries produce when a model is written the
usual way: Keras recurrent and convolutional layers, tf.scan, a greedy
decoder, tf.image's padded non-max suppression and the small ops (pad,
one_hot, softmax, ...) around them. Every program is built with TF's own
API, written and judged by TensorFlow through gen_corpus.Writer (the
GraphDef TF wrote, read back into a fresh graph and run by a
tf.compat.v1.Session for the expected outputs), in the corpus format of
tfcorpus.py, so tf_differential.py judges Sluice's engines on it:

    .venv/bin/python test/tf/gen_library_programs.py [--out DIR]
    .venv/bin/python test/tf/tf_differential.py --bin build/bin \\
        --corpus test/tf/library --jobs 1 --table

Two APIs, each written in a process of its own (control flow v1 is a
process-wide switch, and TF numbers the functions it traces process-wide):
  *_tf2  a tf.function with static input shapes (batch 2, a few time steps),
         frozen as a converter sees it (convert_variables_to_constants_v2,
         gen_corpus.write_tf2 with frozen=True; control flow stays
         functional: While/If and TensorList ops). Keras is Keras 3 (the
         `keras` package), every layer with seeded initializers.
  *_tf1  the same computation where TF1 code has a natural form of it,
         built in a tf.compat.v1 graph with control flow v1
         (Switch/Merge/Enter/Exit, TensorArrayV3) and frozen with
         gen_corpus.freeze_tf1: bidirectional_dynamic_rnn for the Keras
         RNNs, tf.nn ops + dynamic_rnn for the CRNN, tf.scan, the decoder's
         tf.while_loop, NonMaxSuppressionV4 (TF1's padded NMS op).

Families (test/tf/library/FAMILY/NAME.{pbtxt,json}):
  rnn_*       Bidirectional(LSTM(4, return_sequences=True)) on [2, 5, 3],
              also behind Masking(0.0) with post- and pre-padded steps;
              Bidirectional(GRU(4)) (last states);
  crnn_*      Conv2D(4, 3, same, relu) + MaxPool2D + Reshape + GRU(4) + Dense;
  convlstm_*  ConvLSTM2D(2, 3, padding="same") on [2, 3, 6, 6, 1];
  cumsum_*    tf.scan with tf.cumsum inside; tf.math.cumsum exclusive and
              reverse;
  decoder_*   greedy decoding: tf.while_loop of at most 6 steps, argmax of a
              small dense cell's logits written to a dynamic_size
              TensorArray, stopping once every sequence emitted the end id;
  nms_*       tf.image.non_max_suppression_padded on 6 boxes, max_output_size
              3 (single image and a batch of 2);
  ops_*       tf.broadcast_to, tf.pad (CONSTANT, REFLECT, SYMMETRIC),
              tf.nn.softmax, tf.nn.log_softmax, tf.one_hot.

All seeds are fixed (Keras initializers, numpy inputs); the same TensorFlow
writes the same programs and outputs. Each program runs in well under a
second.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

import numpy as np  # noqa: E402

import gen_corpus  # noqa: E402  (sets TF's environment before TF is imported)
import tfcorpus  # noqa: E402
from gen_corpus import f32, i32, rng_f32  # noqa: E402

tf = None  # imported in main(), after the environment is set

OUT = os.path.join(HERE, "library")
TRANSCENDENTAL = "transcendental"


def padded(x, lengths, pre=False):
    """x [batch, time, features] with the steps past each length (before
    it, with pre) set to 0.0, the Masking layer's mask_value."""
    x = x.copy()
    steps = x.shape[1]
    for b, n in enumerate(lengths):
        if pre:
            x[b, :steps - n] = 0.0
        else:
            x[b, n:] = 0.0
    return x


# ---------------------------------------------------------------------------
# tf.function programs (control flow v2), frozen.
# ---------------------------------------------------------------------------

def tf2_programs(w):
    T = tf
    S = T.TensorSpec
    import keras
    keras.utils.set_random_seed(23)
    init = keras.initializers

    def write(name, family, description, fn, signature, runs, tolerance="exact"):
        cf = gen_corpus.concrete(fn, signature)
        gen_corpus.write_tf2(w, name, family, description, cf, runs, tolerance=tolerance,
                             frozen=True)

    def model_fn(model):
        return lambda x: model(x)

    def recurrent(kind, units, seed, **kw):
        layer = getattr(keras.layers, kind)
        return layer(units, kernel_initializer=init.GlorotUniform(seed),
                     recurrent_initializer=init.Orthogonal(seed=seed + 1),
                     bias_initializer=init.RandomUniform(-0.2, 0.2, seed=seed + 2), **kw)

    # --- rnn: Bidirectional LSTM / GRU -------------------------------------
    # The backward layer is given (with seeds of its own): Bidirectional's
    # copy of the forward layer would start from the same seeded weights.
    def bi_lstm(masking):
        layers = [keras.Input((5, 3), batch_size=2)]
        if masking:
            layers.append(keras.layers.Masking(mask_value=0.0))
        layers.append(keras.layers.Bidirectional(
            recurrent("LSTM", 4, 100, return_sequences=True),
            backward_layer=recurrent("LSTM", 4, 110, return_sequences=True,
                                     go_backwards=True)))
        return keras.Sequential(layers)
    x = rng_f32(201, [2, 5, 3])
    write("lib_rnn_bidirectional_lstm_tf2", "rnn_tf2",
          "Keras Bidirectional(LSTM(4, return_sequences=True)) on [2, 5, 3] (frozen)",
          model_fn(bi_lstm(False)), [S([2, 5, 3], T.float32, name="x")],
          [{"x": x}, {"x": rng_f32(202, [2, 5, 3], 3.0)}], TRANSCENDENTAL)
    write("lib_rnn_masked_bidirectional_lstm_tf2", "rnn_tf2",
          "Keras Masking(0.0) + Bidirectional(LSTM(4, return_sequences=True)) on "
          "[2, 5, 3] with padded steps (post-padded lengths 3 and 5, pre-padded 2 and 4, "
          "none) (frozen)",
          model_fn(bi_lstm(True)), [S([2, 5, 3], T.float32, name="x")],
          [{"x": padded(x, [3, 5])}, {"x": padded(x, [2, 4], pre=True)}, {"x": x}],
          TRANSCENDENTAL)

    bi_gru = keras.Sequential([
        keras.Input((5, 3), batch_size=2),
        keras.layers.Bidirectional(recurrent("GRU", 4, 120),
                                   backward_layer=recurrent("GRU", 4, 130, go_backwards=True))])
    write("lib_rnn_bidirectional_gru_tf2", "rnn_tf2",
          "Keras Bidirectional(GRU(4)) on [2, 5, 3]: the two last states (frozen)",
          model_fn(bi_gru), [S([2, 5, 3], T.float32, name="x")],
          [{"x": rng_f32(203, [2, 5, 3])}, {"x": rng_f32(204, [2, 5, 3], 3.0)}],
          TRANSCENDENTAL)

    # --- crnn: Conv2D + MaxPool2D + Reshape + GRU + Dense ---------------------
    crnn = keras.Sequential([
        keras.Input((8, 6, 1), batch_size=2),
        keras.layers.Conv2D(4, 3, padding="same", activation="relu",
                            kernel_initializer=init.GlorotUniform(140),
                            bias_initializer=init.RandomUniform(-0.1, 0.1, seed=141)),
        keras.layers.MaxPool2D(),
        keras.layers.Reshape((4, 12)),
        recurrent("GRU", 4, 142),
        keras.layers.Dense(3, kernel_initializer=init.GlorotUniform(145),
                           bias_initializer=init.RandomUniform(-0.1, 0.1, seed=146))])
    write("lib_crnn_tf2", "crnn_tf2",
          "a tiny Keras CRNN: Conv2D(4, 3, same, relu) + MaxPool2D + Reshape((4, 12)) + "
          "GRU(4) + Dense(3) on [2, 8, 6, 1] (frozen)",
          model_fn(crnn), [S([2, 8, 6, 1], T.float32, name="x")],
          [{"x": rng_f32(205, [2, 8, 6, 1])}, {"x": rng_f32(206, [2, 8, 6, 1], 2.0)}],
          TRANSCENDENTAL)

    # --- convlstm: ConvLSTM2D -----------------------------------------------
    convlstm = keras.Sequential([
        keras.Input((3, 6, 6, 1), batch_size=2),
        keras.layers.ConvLSTM2D(2, 3, padding="same",
                                kernel_initializer=init.GlorotUniform(150),
                                recurrent_initializer=init.Orthogonal(seed=151),
                                bias_initializer=init.RandomUniform(-0.2, 0.2, seed=152))])
    write("lib_convlstm2d_tf2", "convlstm_tf2",
          "Keras ConvLSTM2D(2, 3, padding='same') on [2, 3, 6, 6, 1]: the last state "
          "(frozen)",
          model_fn(convlstm), [S([2, 3, 6, 6, 1], T.float32, name="x")],
          [{"x": rng_f32(207, [2, 3, 6, 6, 1])}], TRANSCENDENTAL)

    # --- cumsum ---------------------------------------------------------------
    def scan_cumsum(x):
        return T.scan(lambda acc, row: acc * 0.5 + T.cumsum(row), x,
                      initializer=T.zeros([3]))
    write("lib_cumsum_in_scan_tf2", "cumsum_tf2",
          "tf.scan over the rows of [4, 3] with tf.cumsum of each row inside",
          scan_cumsum, [S([4, 3], T.float32, name="x")],
          [{"x": rng_f32(208, [4, 3])}, {"x": f32([1, 2, 3], [4, 5, 6], [-1, 0, 1], [8, -8, 2])}])

    def cumsum_exclusive_reverse(x):
        return T.math.cumsum(x, axis=1, exclusive=True, reverse=True)
    write("lib_cumsum_exclusive_reverse_tf2", "cumsum_tf2",
          "tf.math.cumsum(x, axis=1, exclusive=True, reverse=True) on [2, 5]",
          cumsum_exclusive_reverse, [S([2, 5], T.float32, name="x")],
          [{"x": f32([1, 2, 3, 4, 5], [0.5, -1, 2, -4, 8])}, {"x": rng_f32(209, [2, 5])}])

    # --- decoder: greedy decoding -------------------------------------------
    vocab, end_id, steps = 5, 0, 6
    embed = keras.layers.Embedding(vocab, 4, embeddings_initializer=init.RandomUniform(
        -1, 1, seed=160))
    cell_x = keras.layers.Dense(4, kernel_initializer=init.GlorotUniform(161))
    cell_h = keras.layers.Dense(4, kernel_initializer=init.Orthogonal(seed=162),
                                bias_initializer=init.RandomUniform(-0.5, 0.5, seed=163))
    readout = keras.layers.Dense(vocab, kernel_initializer=init.GlorotUniform(164),
                                 bias_initializer=init.RandomUniform(-0.5, 0.5, seed=165))
    # Built (their weights made) before tracing: not inside the loop's body.
    embed.build((2,))
    cell_x.build((2, 4))
    cell_h.build((2, 4))
    readout.build((2, 4))

    def greedy_decode(h0, start):
        tokens = T.TensorArray(T.int32, size=0, dynamic_size=True)

        def cond(i, h, token, finished, tokens):
            return T.logical_and(i < steps, T.logical_not(T.reduce_all(finished)))

        def body(i, h, token, finished, tokens):
            h = T.tanh(cell_x(embed(token)) + cell_h(h))
            token = T.argmax(readout(h), axis=-1, output_type=T.int32)
            token = T.where(finished, T.fill(T.shape(token), end_id), token)
            tokens = tokens.write(i, token)
            return i + 1, h, token, T.logical_or(finished, T.equal(token, end_id)), tokens
        n, h, _, _, tokens = T.while_loop(
            cond, body, [T.constant(0), h0, start, T.zeros([2], T.bool), tokens])
        return T.transpose(tokens.stack()), n, h
    signature = [S([2, 4], T.float32, name="h0"), S([2], T.int32, name="start")]
    cf = gen_corpus.concrete(greedy_decode, signature)
    def decode(h0, start):
        tokens, n, _ = cf(T.constant(h0), T.constant(start))
        return tokens.numpy(), n.numpy()
    runs = decoder_runs(decode, steps, vocab)
    gen_corpus.write_tf2(w, "lib_greedy_decoder_tf2", "decoder_tf2",
                         f"greedy decoder: a tf.while_loop of at most {steps} steps over a "
                         f"dense tanh cell (Keras Embedding + Dense), tf.argmax of its logits "
                         f"written to a TensorArray(dynamic_size=True), stopping once every "
                         f"sequence emitted end id {end_id} (frozen)", cf, runs,
                         tolerance=TRANSCENDENTAL, frozen=True)

    # --- nms: tf.image.non_max_suppression_padded -----------------------------
    def nms(boxes, scores):
        return T.image.non_max_suppression_padded(boxes, scores, max_output_size=3,
                                                  iou_threshold=0.5,
                                                  pad_to_max_output_size=True)
    write("lib_nms_padded_tf2", "nms_tf2",
          "tf.image.non_max_suppression_padded on 6 boxes, max_output_size 3, "
          "pad_to_max_output_size (indices and count)",
          nms, [S([6, 4], T.float32, name="boxes"), S([6], T.float32, name="scores")],
          nms_runs())

    def nms_batched(boxes, scores):
        return T.image.non_max_suppression_padded(boxes, scores, max_output_size=3,
                                                  iou_threshold=0.5, score_threshold=0.25,
                                                  pad_to_max_output_size=True)
    runs = nms_runs()
    write("lib_nms_padded_batched_tf2", "nms_tf2",
          "tf.image.non_max_suppression_padded on a batch of 2 x 6 boxes, max_output_size "
          "3, score_threshold 0.25",
          nms_batched, [S([2, 6, 4], T.float32, name="boxes"),
                        S([2, 6], T.float32, name="scores")],
          [{"boxes": np.stack([runs[0]["boxes"], runs[1]["boxes"]]),
            "scores": np.stack([runs[0]["scores"], runs[1]["scores"]])}])

    # --- ops: small programs ------------------------------------------------------
    write("lib_ops_broadcast_to_tf2", "ops_tf2", "tf.broadcast_to [3, 1] -> [2, 3, 4]",
          lambda x: T.broadcast_to(x, [2, 3, 4]), [S([3, 1], T.float32, name="x")],
          [{"x": f32([1], [-2], [3.5])}])
    pad_x = np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 7.5
    for mode, paddings in (("CONSTANT", [[1, 0], [0, 2], [2, 1]]),
                           ("REFLECT", [[0, 1], [1, 2], [2, 3]]),
                           ("SYMMETRIC", [[1, 2], [0, 3], [4, 1]])):
        kw = {"constant_values": -1.5} if mode == "CONSTANT" else {}
        write(f"lib_ops_pad_{mode.lower()}_tf2", "ops_tf2",
              f"tf.pad(x, {paddings}, mode='{mode}'{', constant_values=-1.5' if kw else ''}) "
              f"on [2, 3, 4]",
              lambda x, mode=mode, paddings=paddings, kw=kw: T.pad(x, paddings, mode=mode, **kw),
              [S([2, 3, 4], T.float32, name="x")], [{"x": pad_x}])
    logits = [{"logits": rng_f32(210, [2, 5], 3.0)},
              {"logits": f32([100, -100, 0, 50, 99], [-3, -3, -3, -3, -3])}]
    write("lib_ops_softmax_tf2", "ops_tf2", "tf.nn.softmax on logits [2, 5]",
          lambda logits: T.nn.softmax(logits), [S([2, 5], T.float32, name="logits")], logits,
          TRANSCENDENTAL)
    write("lib_ops_log_softmax_tf2", "ops_tf2", "tf.nn.log_softmax on logits [2, 5]",
          lambda logits: T.nn.log_softmax(logits), [S([2, 5], T.float32, name="logits")],
          logits, TRANSCENDENTAL)
    write("lib_ops_one_hot_tf2", "ops_tf2",
          "tf.one_hot(indices [2, 3], depth 4, on 2.0, off -1.0); -1 and 4 give a row "
          "of off values",
          lambda indices: T.one_hot(indices, 4, on_value=2.0, off_value=-1.0),
          [S([2, 3], T.int32, name="indices")],
          [{"indices": i32([[0, 3, 1], [2, -1, 4]])}])


def decoder_runs(decode, steps, vocab):
    """Runs of the greedy decoder: the first seeded start states (h0 [2, 4],
    start tokens [2]) whose decoding stops early (after more than one
    step), then the first that runs
    all `steps` steps emitting more than one distinct token.
    `decode(h0, start)` is TF's (tokens, number of steps)."""
    early = full = None
    for seed in range(1000, 3000):
        rng = np.random.RandomState(seed)
        run = {"h0": rng.uniform(-1, 1, [2, 4]).astype(np.float32),
               "start": rng.randint(1, vocab, [2]).astype(np.int32)}
        tokens, n = decode(run["h0"], run["start"])
        if 1 < int(n) < steps and early is None:
            early = run
        if int(n) == steps and len(set(np.ravel(tokens).tolist())) > 1 and full is None:
            full = run
        if early is not None and full is not None:
            return [early, full]
    raise RuntimeError("no decoder inputs that stop early and that run every step")


def nms_runs():
    """Two images of 6 boxes [y1, x1, y2, x2]: in the first, three boxes
    survive (IoUs well away from 0.5); in the second the boxes overlap so
    that only two do (the padded index is 0)."""
    boxes = f32([0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, 2, 1, 3], [0.05, 2, 1, 3.05],
                [4, 4, 5, 5], [1, 0, 0, 1])  # the last box is given flipped
    scores = f32(0.9, 0.8, 0.3, 0.95, 0.5, 0.1)
    boxes2 = f32([0, 0, 2, 2], [0.1, 0.1, 2, 2], [0, 0, 1.9, 2.1], [3, 3, 4, 4],
                 [3, 3.1, 4, 4], [0.2, 0, 2, 2])
    scores2 = f32(0.6, 0.7, 0.2, 0.4, 0.45, 0.3)
    return [{"boxes": boxes, "scores": scores}, {"boxes": boxes2, "scores": scores2}]


# ---------------------------------------------------------------------------
# TF1 graph mode, control flow v1, frozen.
# ---------------------------------------------------------------------------

def tf1_programs(w):
    T = tf
    ph = gen_corpus.ph
    glorot = T.compat.v1.glorot_uniform_initializer

    def add(name, family, description, build, runs, tolerance="exact"):
        graph, gd, feeds, fetches, init = gen_corpus.tf1_graph(build)
        if init:
            gd = gen_corpus.freeze_tf1(graph, gd, fetches, init)
            description += " (frozen)"
        w.write(name, family, "tf1", description, gd, feeds, fetches, runs, tolerance)

    # --- rnn: bidirectional_dynamic_rnn ------------------------------------------
    x = rng_f32(201, [2, 5, 3])

    def bi_lstm(with_lengths):
        def build():
            inputs = ph(T.float32, [2, 5, 3], "x")
            feeds = [inputs]
            lengths = None
            if with_lengths:
                lengths = ph(T.int32, [2], "lengths")
                feeds.append(lengths)
            with T.compat.v1.variable_scope("birnn", initializer=glorot(seed=17)):
                (fw, bw), _ = T.compat.v1.nn.bidirectional_dynamic_rnn(
                    T.compat.v1.nn.rnn_cell.LSTMCell(4), T.compat.v1.nn.rnn_cell.LSTMCell(4),
                    inputs, sequence_length=lengths, dtype=T.float32)
            return feeds, [T.concat([fw, bw], -1)], T.compat.v1.global_variables_initializer()
        return build
    add("lib_rnn_bidirectional_lstm_tf1", "rnn_tf1",
        "tf.compat.v1.nn.bidirectional_dynamic_rnn with two LSTMCell(4) on [2, 5, 3], "
        "outputs concatenated", bi_lstm(False),
        [{"x": x}, {"x": rng_f32(202, [2, 5, 3], 3.0)}], TRANSCENDENTAL)
    add("lib_rnn_masked_bidirectional_lstm_tf1", "rnn_tf1",
        "bidirectional_dynamic_rnn with LSTMCell(4) and sequence_length (TF1's masking: "
        "lengths 3 and 5, 2 and 4, 5 and 5)", bi_lstm(True),
        [{"x": padded(x, [3, 5]), "lengths": i32([3, 5])},
         {"x": padded(x, [2, 4]), "lengths": i32([2, 4])},
         {"x": x, "lengths": i32([5, 5])}], TRANSCENDENTAL)

    def bi_gru():
        inputs = ph(T.float32, [2, 5, 3], "x")
        with T.compat.v1.variable_scope("birnn", initializer=glorot(seed=19)):
            _, (fw, bw) = T.compat.v1.nn.bidirectional_dynamic_rnn(
                T.compat.v1.nn.rnn_cell.GRUCell(4), T.compat.v1.nn.rnn_cell.GRUCell(4),
                inputs, dtype=T.float32)
        return [inputs], [T.concat([fw, bw], -1)], T.compat.v1.global_variables_initializer()
    add("lib_rnn_bidirectional_gru_tf1", "rnn_tf1",
        "bidirectional_dynamic_rnn with two GRUCell(4) on [2, 5, 3]: the final states "
        "concatenated", bi_gru,
        [{"x": rng_f32(203, [2, 5, 3])}, {"x": rng_f32(204, [2, 5, 3], 3.0)}], TRANSCENDENTAL)

    # --- crnn: tf.nn conv + pool, dynamic_rnn GRU, dense ----------------------------
    def crnn():
        inputs = ph(T.float32, [2, 8, 6, 1], "x")
        v = T.compat.v1.get_variable
        with T.compat.v1.variable_scope("crnn", initializer=glorot(seed=21)):
            conv = T.nn.relu(T.nn.bias_add(
                T.nn.conv2d(inputs, v("filter", [3, 3, 1, 4]), 1, "SAME"),
                v("conv_bias", [4], initializer=T.compat.v1.random_uniform_initializer(
                    -0.1, 0.1, seed=22))))
            pooled = T.nn.max_pool2d(conv, 2, 2, "VALID")
            seq = T.reshape(pooled, [2, 4, 12])
            _, state = T.compat.v1.nn.dynamic_rnn(T.compat.v1.nn.rnn_cell.GRUCell(4), seq,
                                                  dtype=T.float32)
            out = T.matmul(state, v("dense", [4, 3])) + v(
                "dense_bias", [3], initializer=T.compat.v1.random_uniform_initializer(
                    -0.1, 0.1, seed=23))
        return [inputs], [out], T.compat.v1.global_variables_initializer()
    add("lib_crnn_tf1", "crnn_tf1",
        "a tiny TF1 CRNN: tf.nn.conv2d + bias + relu, max_pool2d, reshape, dynamic_rnn "
        "GRUCell(4), dense on [2, 8, 6, 1]", crnn,
        [{"x": rng_f32(205, [2, 8, 6, 1])}, {"x": rng_f32(206, [2, 8, 6, 1], 2.0)}],
        TRANSCENDENTAL)

    # --- cumsum: tf.scan with cumsum (TensorArrays in a v1 loop) -------------------
    def scan_cumsum():
        inputs = ph(T.float32, [4, 3], "x")
        return [inputs], [T.scan(lambda acc, row: acc * 0.5 + T.cumsum(row), inputs,
                                 initializer=T.zeros([3]))]
    add("lib_cumsum_in_scan_tf1", "cumsum_tf1",
        "tf.scan (v1 while loop) over the rows of [4, 3] with tf.cumsum of each row inside",
        scan_cumsum,
        [{"x": rng_f32(208, [4, 3])}, {"x": f32([1, 2, 3], [4, 5, 6], [-1, 0, 1], [8, -8, 2])}])

    # --- decoder -------------------------------------------------------------------
    vocab, end_id, steps = 5, 0, 6
    rng = np.random.RandomState(172)  # weights with which some inputs stop early
    weights = {"embed": rng.uniform(-1, 1, [vocab, 4]), "w_x": rng.uniform(-0.8, 0.8, [4, 4]),
               "w_h": rng.uniform(-0.8, 0.8, [4, 4]), "b_h": rng.uniform(-0.5, 0.5, [4]),
               "w_out": rng.uniform(-1, 1, [4, vocab]), "b_out": rng.uniform(-0.5, 0.5, [vocab])}

    def decoder():
        h0 = ph(T.float32, [2, 4], "h0")
        start = ph(T.int32, [2], "start")
        # Ref variables (TF1's own): freezing a resource variable that a
        # loop gathers from leaves GatherV2's axis outside the loop's frame,
        # a graph TF itself then refuses to run.
        v = {k: T.compat.v1.get_variable(k, initializer=value.astype(np.float32),
                                         use_resource=False)
             for k, value in weights.items()}

        def cond(i, h, token, finished, tokens):
            return T.logical_and(i < steps, T.logical_not(T.reduce_all(finished)))

        def body(i, h, token, finished, tokens):
            h = T.tanh(T.matmul(T.gather(v["embed"], token), v["w_x"]) +
                       T.matmul(h, v["w_h"]) + v["b_h"])
            token = T.argmax(T.matmul(h, v["w_out"]) + v["b_out"], axis=-1,
                             output_type=T.int32)
            token = T.where(finished, T.fill(T.shape(token), end_id), token)
            tokens = tokens.write(i, token)
            return i + 1, h, token, T.logical_or(finished, T.equal(token, end_id)), tokens
        n, h, _, _, tokens = T.while_loop(
            cond, body, [T.constant(0), h0, start, T.zeros([2], T.bool),
                         T.TensorArray(T.int32, size=0, dynamic_size=True)])
        return [h0, start], [T.transpose(tokens.stack()), n, h], \
            T.compat.v1.global_variables_initializer()
    graph, gd, feeds, fetches, init = gen_corpus.tf1_graph(decoder)
    frozen = gen_corpus.freeze_tf1(graph, gd, fetches, init)

    def decode(h0, start):
        outputs, error = gen_corpus.run_session(frozen, feeds, fetches[:2], [],
                                                {"h0": tfcorpus.to_json(h0),
                                                 "start": tfcorpus.to_json(start)})
        assert error is None, error
        return [tfcorpus.from_json(t) for t in outputs]
    w.write("lib_greedy_decoder_tf1", "decoder_tf1", "tf1",
            f"greedy decoder in TF1: a v1 tf.while_loop of at most {steps} steps over a "
            f"dense tanh cell, tf.argmax of its logits written to a "
            f"TensorArray(dynamic_size=True) (TensorArrayV3), stopping once every sequence "
            f"emitted end id {end_id} (frozen)", frozen, feeds, fetches,
            decoder_runs(decode, steps, vocab), TRANSCENDENTAL)

    # --- nms ---------------------------------------------------------------------------
    def nms_v4():
        boxes = ph(T.float32, [6, 4], "boxes")
        scores = ph(T.float32, [6], "scores")
        idx, n = T.raw_ops.NonMaxSuppressionV4(
            boxes=boxes, scores=scores, max_output_size=3, iou_threshold=0.5,
            score_threshold=float("-inf"), pad_to_max_output_size=True)
        return [boxes, scores], [idx, n]
    add("lib_nms_v4_tf1", "nms_tf1",
        "NonMaxSuppressionV4 (TF1's non_max_suppression_padded) on 6 boxes, "
        "max_output_size 3, padded", nms_v4, nms_runs())

    def nms_library():
        boxes = ph(T.float32, [6, 4], "boxes")
        scores = ph(T.float32, [6], "scores")
        idx, n = T.image.non_max_suppression_padded(boxes, scores, max_output_size=3,
                                                    iou_threshold=0.5,
                                                    pad_to_max_output_size=True)
        return [boxes, scores], [idx, n]
    add("lib_nms_padded_tf1", "nms_tf1",
        "tf.image.non_max_suppression_padded called in a TF1 graph (its implementation is "
        "a tf.function: a call of a function with functional While loops inside)",
        nms_library, nms_runs())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=OUT)
    parser.add_argument("--part", choices=["tf1", "tf2"],
                        help="(internal) write one part in this process")
    args = parser.parse_args()
    if args.part is None:
        start = time.monotonic()
        if os.path.isdir(args.out):
            shutil.rmtree(args.out)
        total = 0
        for part in ("tf2", "tf1"):
            done = subprocess.run([sys.executable, __file__, "--out", args.out, "--part", part],
                                  capture_output=True, text=True)
            if done.returncode != 0:
                sys.stderr.write(done.stderr)
                sys.exit(f"the {part} part failed (exit {done.returncode})")
            total += int(done.stdout.split()[-1])
        print(f"wrote {total} programs to {args.out} in {time.monotonic() - start:.1f} s")
        return
    global tf
    import tensorflow
    tf = tensorflow
    gen_corpus.tf = tensorflow
    tf.get_logger().setLevel("ERROR")
    if args.part == "tf1":
        tf.compat.v1.disable_control_flow_v2()
    w = gen_corpus.Writer(args.out)
    if args.part == "tf1":
        tf1_programs(w)
    else:
        tf2_programs(w)
    print(w.count)


if __name__ == "__main__":
    main()
