# The GIL is released while Sluice compiles and runs: Python threads go on,
# and two threads compiling and running at once get the right results.
"""Tests of Program methods called from several threads."""
import threading
import time

import numpy as np

import sluice
from conftest import TF_CORPUS, WHILE_COND

GRU = TF_CORPUS / "tf1_rnn" / "tf1_dynamic_rnn_gru"


def load_gru():
    return sluice.load(GRU.with_suffix(".pbtxt"), feeds="x",
                       fetches="rnn/rnn/transpose_1:0", init="init")


def gru_input():
    return {"x": np.linspace(-1, 1, 2 * 5 * 3, dtype=np.float32).reshape(2, 5, 3)}


def test_two_threads_compile_and_run_at_once(tmp_path):
    expected_gru = load_gru().run(gru_input())
    results, errors = {}, []

    def work(key, make, inputs, repeat):
        try:
            program = make()
            program.compile(tmp_path / f"{key}.o")
            for _ in range(repeat):
                results[key] = program.run(inputs, engine="native")
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [
        threading.Thread(target=work, args=("gru", load_gru, gru_input(), 3)),
        threading.Thread(target=work, args=(
            "while", lambda: sluice.load(WHILE_COND),
            {"n": np.array(7, dtype=np.int32)}, 3)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    (name, value), = results["gru"].items()
    np.testing.assert_allclose(value, expected_gru[name], rtol=1e-5, atol=1e-6)
    assert {k: v.tolist() for k, v in results["while"].items()} == \
        {"while/Exit": 7, "while/Exit_1": 9}
    assert (tmp_path / "gru.h").exists() and (tmp_path / "while.h").exists()


def test_one_program_from_two_threads():
    # A program and the programs made from it share a lock: their calls
    # from two threads take turns and each gets its own answer.
    program = sluice.load(WHILE_COND)
    results = [None] * 8

    def work(index):
        n = np.array(index, dtype=np.int32)
        engine = "native" if index % 2 else "interpreter"
        results[index] = program.run({"n": n}, engine=engine)["while/Exit"].item()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == list(range(8))


def test_python_threads_run_while_sluice_compiles(tmp_path):
    # Without releasing the GIL, the counting thread would stand still for
    # the whole compilation (hundreds of milliseconds).
    program = load_gru()
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    time.sleep(0.01)
    start = time.perf_counter()
    program.compile(tmp_path / "gru.o")
    end = time.perf_counter()
    done.set()
    counter.join()
    during = [t for t in ticks if start < t < end]
    assert end - start > 0.05, "compilation too short to tell"
    # One tick every ~1 ms while compiling; a held GIL allows none (or one,
    # at the very start).
    assert len(during) >= 10, f"{len(during)} ticks in {end - start:.3f} s"
