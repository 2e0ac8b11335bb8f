#!/usr/bin/env python3
"""Function names that two source files of one build target both give to a
file-scope function with internal linkage (in an anonymous namespace, or
`static`), in the same named namespace.

    tools/unity-names.py [SRC_DIR]     exit 1 and a list when there are any

The unity build (SPANFORGE_UNITY_BUILD) compiles up to 8 files of a target as
one, so such names meet. The same signature fails to compile; an overload of
another signature compiles and may be picked instead of the file's own (a
`char` argument finds another file's isSpace(char) before its own
isSpace(int)). Which files share a batch changes with the CMake version, so
this looks at every pair of a target's files. Variables and types are left
out: a clash of theirs fails to compile (-DSPANFORGE_UNITY_BATCH=0 shows them
all). It reads declarations with a rough tokenizer (no preprocessor), which is
enough for this code base's style.
"""
import os
import re
import sys
from collections import defaultdict

TOKEN = re.compile(
    r'R"(?P<d>[^(\s]*)\((?:.|\n)*?\)(?P=d)"'  # raw string
    r'|"(?:\\.|[^"\\\n])*"'  # string
    r"|'(?:\\.|[^'\\\n])*'"  # character
    r"|//[^\n]*|/\*(?:.|\n)*?\*/"  # comments
    r"|^[ \t]*#(?:\\\n|[^\n])*"  # preprocessor line
    r"|[A-Za-z_]\w*|::|[{}();=<>,\[\]]|\S",
    re.M,
)


def tokens(text):
    for m in TOKEN.finditer(text):
        t = m.group(0)
        if t.startswith(("//", "/*", '"', "'", 'R"')) or t.lstrip().startswith("#"):
            continue
        yield t


def function_name(stmt):
    """The function a namespace-scope statement declares or defines, or None."""
    if not stmt or stmt[0] in ("using", "namespace", "friend", "typedef", "extern", "struct",
                               "class", "enum", "union"):
        return None
    depth = 0
    for i, t in enumerate(stmt):
        if t == "<":
            depth += 1
        elif t == ">" and depth:
            depth -= 1
        elif depth == 0 and t in ("=", "[", "{"):
            return None  # a variable
        elif depth == 0 and t == "(":
            j = i - 1
            if j < 1 or not re.match(r"[A-Za-z_]\w*$", stmt[j]) or stmt[j - 1] in ("::", "operator"):
                return None  # a member defined out of line, an operator, a macro call
            return stmt[j]
    return None


def internal_functions(text):
    """Yields (namespace, name) of the functions a file declares at namespace scope inside
    `namespace {` or `static`."""
    scopes = []  # "anon", "linkage", "block" (a body, class or initializer) or a namespace name
    stmt = []
    for t in tokens(text):
        at_ns = all(s != "block" for s in scopes)
        if t == "{":
            if at_ns and stmt[:1] == ["namespace"]:
                scopes.append("anon" if len(stmt) == 1 else "".join(stmt[1:]))
            elif at_ns and stmt[:1] == ["extern"] and len(stmt) == 1:
                scopes.append("linkage")  # extern "C" { ... } (the string is dropped)
            else:
                if at_ns:
                    name = function_name(stmt)
                    if name and ("anon" in scopes or "static" in stmt[:3]):
                        yield (namespace(scopes), name)
                scopes.append("block")
            stmt = []
        elif t == "}":
            if scopes:
                scopes.pop()
            stmt = []
        elif t == ";":
            if at_ns and stmt:
                name = function_name(stmt)
                if name and ("anon" in scopes or "static" in stmt[:3]):
                    yield (namespace(scopes), name)
            stmt = []
        elif at_ns:
            stmt.append(t)


def namespace(scopes):
    return "::".join(s for s in scopes if s not in ("anon", "linkage"))


def target_of(rel):
    parts = rel.split("/")
    if parts[0] in ("bench", "fuzz") or rel.endswith("_main.cpp"):
        return rel  # one target per file
    if parts[0] in ("core", "ui", "cli", "app"):
        return parts[0]
    if parts[0] == "tests" and len(parts) > 2:
        return "tests/ui" if parts[1] == "ui" else "/".join(parts[:2])
    return None


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    src = os.path.abspath(src)
    names = defaultdict(lambda: defaultdict(set))  # target -> name -> files
    for root, dirs, files in os.walk(src):
        dirs[:] = [d for d in dirs if not d.startswith((".", "build"))
                   and os.path.join(root, d) != os.path.join(src, "tests", "data")]
        for f in files:
            if not f.endswith(".cpp"):
                continue
            path = os.path.join(root, f)
            rel = os.path.relpath(path, src)
            target = target_of(rel)
            if not target:
                continue
            with open(path, encoding="utf-8", errors="replace") as fh:
                for ns, name in set(internal_functions(fh.read())):
                    names[target][f"{ns}::{name}" if ns else name].add(rel)
    clashes = [(t, n, sorted(fs)) for t, byname in sorted(names.items())
               for n, fs in sorted(byname.items()) if len(fs) > 1]
    for t, n, fs in clashes:
        print(f"{t}: {n}: {', '.join(fs)}")
    if clashes:
        print(f"unity-names: {len(clashes)} name(s) above, each given to file-scope functions with "
              "internal linkage in more than one file of a target: give each its own name, or "
              "move one to a header")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
