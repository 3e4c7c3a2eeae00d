#!/usr/bin/env python3
"""Writes the TFLite models TensorFlow's converter makes for Sluice's tests.

test/tf/tflite/NAME.tflite, converted by tf.lite.TFLiteConverter from the
tf.Modules below (TensorFlow 2.21). They hold what only the converter
writes: variables as VAR_HANDLE / READ_VARIABLE / ASSIGN_VARIABLE with a
CALL_ONCE initializer subgraph, and resources passed into WHILE subgraphs.
test/python/test_tflite_variables.py runs them in LiteRT and in Sluice.

usage: .venv/bin/python test/tf/gen_tflite.py [--out DIR]
"""
import argparse
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def counter_module(tf):
    class Counter(tf.Module):
        """Two variables updated in a loop: total = total * 0.5 + x and
        steps += 1, n times; returns both."""

        def __init__(self):
            self.total = tf.Variable([1.0, 2.0], name="total")
            self.steps = tf.Variable(0, name="steps")

        @tf.function(input_signature=[tf.TensorSpec([2], tf.float32, name="x"),
                                      tf.TensorSpec([], tf.int32, name="n")])
        def __call__(self, x, n):
            def body(i):
                self.total.assign(self.total * 0.5 + x)
                self.steps.assign_add(1)
                return i + 1
            tf.while_loop(lambda i: i < n, body, [0])
            return {"total": self.total.read_value(), "steps": self.steps.read_value()}
    return Counter()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(HERE, "tflite"))
    args = parser.parse_args()
    import tensorflow as tf
    tf.get_logger().setLevel("ERROR")
    os.makedirs(args.out, exist_ok=True)
    module = counter_module(tf)
    converter = tf.lite.TFLiteConverter.from_concrete_functions(
        [module.__call__.get_concrete_function()], module)
    converter.experimental_enable_resource_variables = True
    path = os.path.join(args.out, "counter_variables.tflite")
    with open(path, "wb") as f:
        f.write(converter.convert())
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
