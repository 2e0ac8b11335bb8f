"""Reads `spanforge-cli al-simulate --json` files for the scripts beside it."""
import json
import sys


def load_document(path):
    """The file's JSON document; exits naming the file and line when it is not one."""
    with open(path, encoding="utf-8") as f:
        try:
            doc = json.load(f)
        except json.JSONDecodeError as e:
            sys.exit(f"{path}:{e.lineno}: not JSON from al-simulate --json: {e.msg}")
    if "runs" not in doc:
        sys.exit(f"{path}: no 'runs' field: not the output of al-simulate --json")
    return doc
