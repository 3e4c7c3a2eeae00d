#!/usr/bin/env python3
"""Starts an mpirun of sluice-run --distributed, sends SIGNAL to the process
of one rank once every rank runs, and reports how the run ended.

    kill_rank.py --rank R --signal KILL|STOP --within SECONDS -- MPIRUN ARGS...

Prints "ended: exit N after S s" (or "still running after S s", after
which everything is killed) and then mpirun's stderr; exits 0 when the run
ended within SECONDS, else 1. A rank's process is the sluice-run
below this mpirun whose environment has that OMPI_COMM_WORLD_RANK.
"""
import argparse
import os
import signal
import subprocess
import sys
import time


def parent_of(pid):
    """The parent pid of `pid`, or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            # pid (comm) state ppid ...: comm may hold spaces and parentheses.
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def descends_from(pid, ancestor):
    while pid and pid > 1:
        if pid == ancestor:
            return True
        pid = parent_of(pid)
    return False


def rank_processes(parent):
    """{rank: pid} of the sluice-run processes below mpirun `parent` (other
    mpiruns may run at the same time: lit runs tests in parallel)."""
    found = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        if not descends_from(int(pid), parent):
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmdline = f.read()
            with open(f"/proc/{pid}/environ", "rb") as f:
                environ = f.read().split(b"\0")
        except OSError:
            continue
        if b"sluice-run" not in cmdline.split(b"\0")[0]:
            continue
        for entry in environ:
            if entry.startswith(b"OMPI_COMM_WORLD_RANK="):
                found[int(entry.split(b"=", 1)[1])] = int(pid)
    return found


def stop_all(run, ranks):
    """Kills mpirun and every rank it started: a test must leave nothing
    running (the ranks loop for minutes)."""
    ranks = {**ranks, **rank_processes(run.pid)}
    for pid in ranks.values():
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    try:
        os.killpg(run.pid, signal.SIGKILL)
    except OSError:
        pass
    run.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rank", type=int, required=True)
    parser.add_argument("--ranks", type=int, default=2)
    parser.add_argument("--signal", choices=("KILL", "STOP"), required=True)
    parser.add_argument("--within", type=float, required=True)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, start_new_session=True)
    deadline = time.time() + 30
    ranks = {}
    while time.time() < deadline and len(ranks) < args.ranks:
        ranks = rank_processes(run.pid)
        time.sleep(0.1)
    if args.rank not in ranks:
        stop_all(run, ranks)
        print("rank processes not found")
        return 1
    time.sleep(1.0)  # every rank is inside its loop
    try:
        os.kill(ranks[args.rank], getattr(signal, "SIG" + args.signal))
    except ProcessLookupError:
        print(f"rank {args.rank} ended before the signal")
        stop_all(run, ranks)
        return 1
    start = time.time()
    try:
        _, err = run.communicate(timeout=args.within)
        print(f"ended: exit {run.returncode} after {time.time() - start:.1f} s")
        print(err)
        # A stopped rank may outlive mpirun.
        for pid in ranks.values():
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        return 0
    except subprocess.TimeoutExpired:
        print(f"still running after {args.within} s")
        stop_all(run, ranks)
        return 1


if __name__ == "__main__":
    sys.exit(main())
