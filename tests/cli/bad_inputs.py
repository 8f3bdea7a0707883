# SPDX-License-Identifier: MIT
"""Runs the table of bad inputs (tests/cli/bad_inputs.txt) through the ricochet tool: each case must exit with its code,
name what is wrong on stderr (the text of the table), end within 60 seconds, write nothing outside its own
directory, and leave no output file under its own name that is not complete (a failed run leaves only NAME.partial).

Usage: /usr/bin/python3 tests/cli/bad_inputs.py PATH/TO/ricochet   (the Python standard library only)
"""
import codecs
import os
import shutil
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
tool = os.path.abspath(sys.argv[1])


def input_bytes(text):
    """The case's input: escapes decoded (\\n, \\r, octal), DEEP and NUL made, @NAME read from tests/data/regressions."""
    if text == "DEEP":
        return ('{"stop": {"time": 1}, "comment": ' + "[" * 1200 + "]" * 1200 + "}").encode()
    if text == "NUL":
        return b'{"dimension": 1,\0 "balls": []}'
    if text.startswith("@"):
        with open(os.path.join(root, "tests", "data", "regressions", text[1:]), "rb") as f:
            return f.read()
    return codecs.decode(text, "unicode_escape").encode("latin-1")


def run_case(number, line, scratch):
    want, message, command, text = [part.strip() for part in line.split("|", 3)]
    case = os.path.join(scratch, "case%03d" % number)
    os.makedirs(case)
    path, out = os.path.join(case, "input"), os.path.join(case, "out")
    if text != "-":
        with open(path, "wb") as f:
            f.write(input_bytes(text))
    else:
        os.makedirs(out, exist_ok=True)
    arguments = [path if word == "IN" else out if word == "OUT" else
                 word.replace("OUT/", out + "/").replace("IN/", path + "/") for word in command.split()]
    try:
        done = subprocess.run([tool] + arguments, cwd=case, capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return "did not end within 60 s"
    stderr = done.stderr.decode(errors="replace")
    problems = []
    if done.returncode != int(want):
        problems.append("exit %d, expected %s" % (done.returncode, want))
    if message not in stderr:
        problems.append("stderr does not say %r" % message)
    if not stderr.startswith("ricochet: "):
        problems.append("stderr is not a ricochet message")
    if done.stdout:
        problems.append("stdout is not empty")
    for directory, _, names in os.walk(case):
        for name in names:
            full = os.path.join(directory, name)
            if full != path and not name.endswith(".partial") and os.path.getsize(full) > 0:
                problems.append("left %s under its own name" % os.path.relpath(full, case))
    if problems:
        return "; ".join(problems) + "\n    stderr: " + stderr.strip()
    return None


def main():
    scratch = tempfile.mkdtemp(prefix="ricochet_bad_inputs_")
    failures = cases = 0
    try:
        with open(os.path.join(root, "tests", "cli", "bad_inputs.txt"), encoding="utf-8") as f:
            lines = [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]
        for number, line in enumerate(lines):
            cases += 1
            problem = run_case(number, line, scratch)
            if problem:
                failures += 1
                print("FAILED: %s\n    %s" % (line[:110], problem))
        strays = [name for name in os.listdir(scratch) if not name.startswith("case")]
        if strays:
            failures += 1
            print("FAILED: files written outside the cases' directories: %s" % strays)
    finally:
        shutil.rmtree(scratch)
    print("bad inputs: %d cases, %d failed" % (cases, failures))
    return 1 if failures or cases < 60 else 0


if __name__ == "__main__":
    sys.exit(main())
