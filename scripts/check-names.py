# SPDX-License-Identifier: MIT
"""Checks the public names against the rule of docs/naming.md: functions rc_<object>_<verb>, types rc_<object>,
enumerators RC_<TYPE>_<VALUE>. `make check-names` runs it (and .ci/run through make).

The functions are those a shared library exports (nm -D), the types and enumerators those the public headers declare.
An object is a public type (rc_<object>) or a noun of the table "Objects without a type" in docs/naming.md; there is
no list of names let off the rule. Exit status 1 and one line per broken name when any breaks it.

usage: check-names.py INCLUDE_DIR NAMING_MD LIBRARY.so...
"""
import re
import subprocess
import sys

# Verbs that begin or end a lifetime in some other convention than create/destroy (objects) and open/close (files).
FOREIGN_LIFETIME = {"init", "release", "free", "make", "new", "delete", "alloc", "dispose", "resume", "abandon"}
# Verbs that make an object from input; an object that is destroyed is made by create, one that is closed by open.
MAKERS = {"create", "open", "parse", "read", "load"}
PREPOSITIONS = {"of", "for", "to", "from", "by", "with", "in", "on", "at"}
AMERICAN = re.compile(r"[a-z]{2,}(?<!s)iz(?:e|ed|es|ing|ation|ations)$")  # not size, resize
LOWER_NAME = re.compile(r"rc_[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def read_headers(paths):
    """(types, enums, decls): every typedef'd rc_ name, {type: [enumerators]}, {function: (return type, params)}."""
    types, enums, decls = set(), {}, {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = strip_comments(f.read())
        text = re.sub(r"^\s*#.*?(?<!\\)$", " ", text, flags=re.M | re.S)
        for m in re.finditer(r"typedef\s+enum\s*\w*\s*\{(.*?)\}\s*(\w+)\s*;", text, flags=re.S):
            names = [e.split("=")[0].strip() for e in m.group(1).split(",")]
            enums[m.group(2)] = [n for n in names if n]
        for m in re.finditer(r"typedef\s[^;{}]*?\b(rc_\w+)\s*;", text):
            types.add(m.group(1))
        for m in re.finditer(r"\}\s*(rc_\w+)\s*;", text):
            types.add(m.group(1))
        for m in re.finditer(r"\(\s*\*\s*(rc_\w+)\s*\)", text):
            types.add(m.group(1))
        for m in re.finditer(r"RC_API\s+([^;(]*?)\b(rc_\w+)\s*\(([^;]*)\)\s*;", text):
            decls[m.group(2)] = (" ".join(m.group(1).split()), " ".join(m.group(3).split()))
    return types, enums, decls


def read_nouns(naming_md):
    """The nouns of the table under the heading "Objects without a type": its first column, in backquotes."""
    with open(naming_md, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^#+ Objects without a type\s*$(.*?)(?=^#)", text + "\n#", flags=re.M | re.S)
    if not m:
        return set()
    return set(re.findall(r"^\|\s*`([a-z0-9_]+)`\s*\|", m.group(1), flags=re.M))


def exported_functions(libraries):
    names = set()
    for lib in libraries:
        out = subprocess.run(["nm", "-D", "--defined-only", lib], check=True, capture_output=True, text=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if len(parts) >= 3 and parts[1] in "TW" and parts[2].startswith("rc_"):
                names.add(parts[2])
    return names


def split_object(name, objects):
    """(object, rest words) for the longest object that begins the name and leaves at least one word, else None."""
    words = name[3:].split("_")
    for n in range(len(words) - 1, 0, -1):
        if "_".join(words[:n]) in objects:
            return "_".join(words[:n]), words[n:]
    return None


def makes(decl, obj):
    """Whether a declaration (return type, parameters) hands out a new rc_<obj>: returns one, or fills an rc_<obj> **."""
    ret, params = decl
    return re.search(rf"\brc_{obj}\s*\*$", ret) is not None or re.search(rf"\brc_{obj}\s*\*\s*\*", params) is not None


def first_parameter_type(decl):
    m = re.match(r"(?:const\s+)?(rc_\w+)\s*\*", decl[1])
    return m.group(1) if m else None


def check(functions, types, enums, decls, nouns):
    problems = []
    objects = {t[3:] for t in types} | nouns
    for t in sorted(types):
        if not LOWER_NAME.match(t):
            problems.append(f"{t}: a type is rc_<object> in lower case")
    made_by = {}
    for f in functions:
        split = split_object(f, objects)
        if split:
            made_by.setdefault(split[0], set()).add(split[1][0])
    for f in sorted(functions):
        if not LOWER_NAME.match(f):
            problems.append(f"{f}: a function is rc_<object>_<verb> in lower case")
            continue
        split = split_object(f, objects)
        if split is None:
            problems.append(f"{f}: begins with no object (a public type rc_<object> or a noun of docs/naming.md)")
            continue
        obj, rest = split
        verb, words = rest[0], f[3:].split("_")
        if f not in decls:
            problems.append(f"{f}: exported but declared in no public header (RC_API in include/ricochet)")
        if verb in FOREIGN_LIFETIME:
            problems.append(f"{f}: '{verb}' is not a lifetime verb of the house (create/destroy, open/close)")
        verbs = made_by.get(obj, set())
        decl = decls.get(f, ("", ""))
        if verb in MAKERS and makes(decl, obj) and "destroy" in verbs and verb != "create":
            problems.append(f"{f}: rc_{obj} is destroyed, so it is made by rc_{obj}_create...")
        if verb in MAKERS and makes(decl, obj) and "close" in verbs and verb != "open":
            problems.append(f"{f}: rc_{obj} is closed, so it is opened by rc_{obj}_open...")
        first = first_parameter_type(decl)
        if verb not in ("create", "open") and first in types and f"rc_{obj}" in types and first != f"rc_{obj}":
            problems.append(f"{f}: acts on an {first}, so it is {first}_<verb>")
        if verb == "default" and f"rc_{obj}_" + "_".join(rest[1:]) not in types:
            problems.append(f"{f}: a default function names the type it returns (rc_{obj}_default_<type>)")
        if words[-1] in PREPOSITIONS:
            problems.append(f"{f}: ends in the preposition '{words[-1]}'")
        for w in words:
            if AMERICAN.search(w):
                problems.append(f"{f}: '{w}' is American spelling (docs/naming.md asks for British)")
        if decl[0] == "bool" and verb not in ("is", "has"):
            problems.append(f"{f}: returns bool, so it asks rc_{obj}_is_... or rc_{obj}_has_...")
    for obj, verbs in sorted(made_by.items()):
        if "destroy" in verbs and "close" in verbs:
            problems.append(f"rc_{obj}: has both rc_{obj}_destroy and rc_{obj}_close (objects destroy, files close)")
    for t, names in sorted(enums.items()):
        prefix = t.upper() + "_"
        for e in names:
            if not e.startswith(prefix):
                problems.append(f"{e}: an enumerator of {t} begins with {prefix}")
    return problems


def main(argv):
    if len(argv) < 4:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    import glob
    headers = sorted(glob.glob(argv[1].rstrip("/") + "/*.h"))
    types, enums, decls = read_headers(headers)
    problems = check(exported_functions(argv[3:]), types, enums, decls, read_nouns(argv[2]))
    for p in problems:
        print(f"check-names: {p}", file=sys.stderr)
    if problems:
        print(f"check-names: {len(problems)} names break rc_<object>_<verb> (docs/naming.md)", file=sys.stderr)
        return 1
    print(f"check-names: every public function, type and enumerator follows docs/naming.md ({len(headers)} headers)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
