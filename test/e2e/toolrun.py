"""Runs a tool for the e2e scripts: (exit status or None, stdout, stderr)."""
import subprocess


def execute(cmd, timeout):
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {timeout} s"
    except OSError as e:
        return None, "", f"cannot run {cmd[0]}: {e}"
    return proc.returncode, proc.stdout, proc.stderr
