# SPDX-License-Identifier: MIT
"""Runs the command and code blocks of README.md, docs/*.md and CONTRIBUTING.md as a reader would, and checks what
they print against what the pages show (the conventions: CONTRIBUTING.md, "Docs that run").

Every ```sh and ```python block runs, page after page (PAGES, the other pages of docs/, then CONTRIBUTING.md) and in
the order of each page, unless one of the HTML comments on the lines before its fence is `<!-- no-run: REASON -->`. A sh block runs command by command (a
line ending in a backslash goes on), each of which must exit 0, or N when its comment says `# exit N`; a command
whose comment says `# needs PROGRAM` runs only when PROGRAM is on PATH. A page's python blocks run one after the other
in one interpreter, so a later block uses the names of an earlier one. What a block prints is checked against the
page where the page shows it: a trailing comment `#=> TEXT` on a line, and the lines of a plain ``` block right after
`<!-- output -->`, must each be found in the block's output in order, `...` standing for any text.

All of it runs in one temporary folder: examples/, experiments/ and python/ there are copies of the source tree's
(what the blocks write beside them stays there), scripts/ links to it and build/ to the build tree; `ricochet` is
build/ricochet on PATH, the python blocks see RICOCHET_LIBRARY and PYTHONPATH=python, HOME is that folder's home/ (a
virtual environment made in ~ goes there) and `/tmp/` in a block means that folder's tmp/ (nothing is left behind,
and two runs of the test do not meet). Runs the pages give at full length are shortened, so that the whole takes
under three minutes: the examples of SHORTER are copied with those keys changed, and the text of every block with
the substitutions of SHORTEN.

Usage: docs.py SOURCE_DIR BUILD_DIR [PAGE ...]   (the pages relative to SOURCE_DIR; default: PAGES)
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# The pages in the order they run (a later one may read what an earlier one wrote); then every other docs/*.md.
PAGES = ["README.md", "docs/cli.md", "docs/formats.md", "docs/python.md"]

# Examples the pages run at full length, copied into the temporary folder with these keys changed (a dict is merged
# into the example's, anything else replaces the value).
SHORTER = {
    # 10^6 collisions of 4000 spheres (about 10 s): the equilibration's 10^5 and as many again
    "examples/edmd/hard_spheres.json": {"stop": {"collisions": 200000}},
    # 5,000 balls for 2.8 s (about 15 s of CPU): the first 0.3 s
    "examples/rigid/hopper.json": {"stop": {"time": 0.3}},
    # 500,000 collisions of 1000 disks: 60,000, past the equilibration's 50,000
    "examples/edmd/binary_disks.json": {"stop": {"collisions": 60000}},
    # 2,000 spheres poured to rest (20-25 s): the first 60,000 collisions, as tests/data/golden/hashes.txt runs it
    "examples/edmd/granular_pile.json": {"stop": {"collisions": 60000}},
    # 27 runs of 60,000 collisions (10,000 to equilibrate): 15,000 (5,000)
    "examples/sweep/hard_sphere_eos.json": {"scene": {"equilibration": {"collisions": 5000},
                                                      "stop": {"collisions": 15000}}},
    # 200 units of time of 1000 spheres measuring transport: 40
    "examples/edmd/transport.json": {"stop": {"time": 40}},
    # 10,000 disks compressed to phi = 0.718 by t = 51, then run to t = 300 (2.5 minutes): to t = 55, frame 3
    "examples/edmd/hexatic.json": {"stop": {"time": 55}},
}

# (what the page says, what runs instead) in the text of every block.
SHORTEN = [
    # the shortened hard-sphere run reaches t = 3.7, before a checkpoint at 10
    ("--checkpoint-every 10 --out /tmp/hs", "--checkpoint-every 1 --out /tmp/hs"),
    # Python's sweep of 9 runs of 200,000 collisions of 4000 spheres: 120,000 each (past the equilibration's 10^5)
    ('"stop.collisions": [200000]', '"stop.collisions": [120000]'),
    # thousands of rounds of replica exchange: a tenth
    ("rounds=2000", "rounds=200"), ("--rounds 2000", "--rounds 200"), ("--rounds 3000", "--rounds 300"),
    ("rounds=1500", "rounds=150"),
    # the shortened hexatic run has frames 0 to 3 (its last at t = 55)
    ("--frames 12 --color psi6", "--frames 3 --color psi6"),
]

MARK = re.compile(r"<!--\s*(no-run|output)\b(.*?)-->")
EXIT = re.compile(r"#.*\bexit (\d+)")
NEEDS = re.compile(r"#.*\bneeds ([\w.-]+)")
SAYS = re.compile(r"#=>\s?(.*)$")


class Block:
    def __init__(self, page, line, language, text, mark):
        self.page, self.line, self.language, self.text, self.mark = page, line, language, text, mark
        self.expected = []  # lines the output must hold, in order

    def where(self):
        return "%s:%d" % (self.page, self.line)


def blocks_of(page, text):
    """The fenced blocks of a page, each with the marker on the line before its fence (or None); the lines of an
    output block are added to the expectations of the runnable block before it."""
    lines, found, k = text.split("\n"), [], 0
    while k < len(lines):
        fence = lines[k]
        if not fence.startswith("```"):
            k += 1
            continue
        end = next((j for j in range(k + 1, len(lines)) if lines[j].startswith("```")), len(lines))
        j = k - 1
        while j >= 0 and (not lines[j].strip() or lines[j].lstrip().startswith("<!--")):
            j -= 1
        mark = MARK.search("\n".join(lines[j + 1:k]))
        block = Block(page, k + 1, fence[3:].strip(), "\n".join(lines[k + 1:end]),
                      (mark.group(1), mark.group(2).strip(": ")) if mark else None)
        if block.mark and block.mark[0] == "output":
            runnable = [b for b in found if b.language in ("sh", "python")]
            if not runnable:
                raise SystemExit("%s: an output block follows no runnable block" % block.where())
            runnable[-1].expected += block.text.split("\n")
        else:
            for line in block.text.split("\n"):
                says = SAYS.search(line)
                if says:
                    block.expected.append(says.group(1).strip())
            found.append(block)
        k = end + 1
    return found


def pattern(expected):
    return re.compile(".*".join(re.escape(part) for part in expected.split("...")))


def missing(expected, output):
    """The first expected line not found in output after the ones before it, or None."""
    lines, at = output.split("\n"), 0
    for want in expected:
        p = pattern(want)
        while at < len(lines) and not p.search(lines[at]):
            at += 1
        if at == len(lines):
            return want
        at += 1
    return None


def commands(text):
    """The commands of a sh block: its lines, a trailing backslash joining the next."""
    joined, pending = [], ""
    for line in text.split("\n"):
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        line = pending + line
        pending = ""
        if line.strip() and not line.lstrip().startswith("#"):
            joined.append(line)
    return joined


# The interpreter the python blocks of one page run in: it reads a block's code per line of JSON on stdin, runs it
# in one namespace with its output captured, and writes the output and the error (or null) as a line of JSON on
# file descriptor `fd`, so that what the block's own processes print cannot be taken for the answer.
INTERPRETER = r"""
import contextlib, io, json, os, sys, traceback
answers = os.fdopen(int(sys.argv[1]), "w")
namespace = {"__name__": "__main__"}
for request in sys.stdin:
    code = json.loads(request)
    out = io.StringIO()
    error = None
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code["text"], code["where"], "exec"), namespace)
    except BaseException:
        error = traceback.format_exc()
    answers.write(json.dumps({"out": out.getvalue(), "error": error}) + "\n")
    answers.flush()
"""


class Python:
    def __init__(self, work, environment):
        read, write = os.pipe()
        self.process = subprocess.Popen(["/usr/bin/python3", "-c", INTERPRETER, str(write)], cwd=work,
                                        env=environment, stdin=subprocess.PIPE, text=True, pass_fds=[write])
        os.close(write)
        self.answers = os.fdopen(read)

    def run(self, block, text):
        self.process.stdin.write(json.dumps({"text": text, "where": block.where()}) + "\n")
        self.process.stdin.flush()
        answer = self.answers.readline()
        if not answer:
            return "", "the interpreter ended (exit %s)" % self.process.wait()
        answer = json.loads(answer)
        return answer["out"], answer["error"]

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def run_sh(block, text, work, environment):
    out, errors = "", []
    for command in commands(text):
        needs = NEEDS.search(command)
        if needs and not shutil.which(needs.group(1), path=environment["PATH"]):
            print("    (not run: no %s on PATH) %s" % (needs.group(1), command.strip()[:80]))
            continue
        want = EXIT.search(command)
        want = int(want.group(1)) if want else 0
        done = subprocess.run(["sh", "-c", command], cwd=work, env=environment, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
        out += done.stdout
        if done.returncode != want:
            errors.append("`%s` exited %d, the page says %d:\n%s" % (command, done.returncode, want,
                                                                      done.stderr[-2000:]))
    return out, "\n".join(errors) or None


def merged(value, change):
    if not isinstance(change, dict) or not isinstance(value, dict):
        return change
    return dict(value, **{key: merged(value.get(key), c) for key, c in change.items()})


def workspace(source, build):
    work = tempfile.mkdtemp(prefix="ricochet_docs_")
    for name in ("examples", "experiments", "python"):
        shutil.copytree(os.path.join(source, name), os.path.join(work, name),
                        ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    os.symlink(os.path.join(source, "scripts"), os.path.join(work, "scripts"))
    os.symlink(build, os.path.join(work, "build"))
    for name in ("tmp", "home", "docs/img"):
        os.makedirs(os.path.join(work, name))
    for path, change in SHORTER.items():
        with open(os.path.join(work, path), encoding="utf-8") as f:
            example = merged(json.load(f), change)
        with open(os.path.join(work, path), "w", encoding="utf-8") as f:
            json.dump(example, f, indent=1)
    environment = dict(os.environ, HOME=os.path.join(work, "home"),
                       PATH=build + os.pathsep + os.environ.get("PATH", ""),
                       RICOCHET_LIBRARY=os.path.join(build, "libricochet.so"), PYTHONPATH="python",
                       MPLBACKEND="Agg")
    return work, environment


def prepared(text, work):
    for said, done in SHORTEN:
        text = text.replace(said, done)
    return text.replace("/tmp/", os.path.join(work, "tmp") + "/")


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    source, build = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    others = sorted(os.path.join("docs", name) for name in os.listdir(os.path.join(source, "docs"))
                    if name.endswith(".md"))
    pages = sys.argv[3:] or PAGES + [page for page in others if page not in PAGES] + ["CONTRIBUTING.md"]
    work, environment = workspace(source, build)
    failures, ran, skipped = [], 0, 0
    started = time.monotonic()
    try:
        for page in pages:
            with open(os.path.join(source, page), encoding="utf-8") as f:
                blocks = blocks_of(page, f.read())
            python = None
            for block in blocks:
                if block.language not in ("sh", "python"):
                    continue
                if block.mark and block.mark[0] == "no-run":
                    if not block.mark[1]:
                        failures.append("%s: <!-- no-run --> gives no reason" % block.where())
                    skipped += 1
                    continue
                text = prepared(block.text, work)
                began = time.monotonic()
                if block.language == "python":
                    python = python or Python(work, environment)
                    out, error = python.run(block, text)
                else:
                    out, error = run_sh(block, text, work, environment)
                ran += 1
                print("%-24s %6.1f s  %s" % (block.where(), time.monotonic() - began,
                                             "ok" if not error else "FAILED"), flush=True)
                if error:
                    failures.append("%s (%s): %s" % (block.where(), block.language, error))
                    continue
                want = missing(block.expected, out)
                if want is not None:
                    failures.append("%s: the page says it prints\n    %s\nbut it printed:\n%s"
                                    % (block.where(), want, out[-3000:]))
            if python:
                python.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("%d blocks ran, %d not run (no-run), %.0f s" % (ran, skipped, time.monotonic() - started))
    for failure in failures:
        print("FAILED " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
