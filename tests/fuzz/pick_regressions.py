#!/usr/bin/env python3
"""Picks, from a fuzz corpus, the smallest input for each distinct error message and each
distinct warning that `embers --top` prints (numbers and the file name left out), and
copies them to tests/data/fuzz-regressions as error-<sha1>/warning-<sha1>.

    tests/fuzz/pick_regressions.py EMBERS_BINARY CORPUS_DIR [OUT_DIR]

Inputs over 16 KiB are left out (the repository keeps small files).
"""
import hashlib
import os
import re
import shutil
import subprocess
import sys

MAX_SIZE = 16 * 1024


def key_of(line, path):
    line = line.replace(path, "FILE")
    return re.sub(r"\d+", "N", line.strip())


def main():
    binary, corpus = sys.argv[1], sys.argv[2]
    out = sys.argv[3] if len(sys.argv) > 3 else os.path.join(
        os.path.dirname(__file__), "..", "data", "fuzz-regressions")
    best = {}  # key -> (size, path)
    for name in sorted(os.listdir(corpus)):
        path = os.path.join(corpus, name)
        if os.path.getsize(path) > MAX_SIZE:
            continue
        r = subprocess.run([binary, "--top", "--nodecount=1", path], capture_output=True,
                           text=True, errors="replace", timeout=120)
        if r.returncode not in (0, 1):
            print(f"{path}: exit status {r.returncode}", file=sys.stderr)
            continue
        for line in r.stderr.splitlines():
            if not line.startswith("embers: "):
                continue
            kind = "warning" if line.startswith("embers: warning: ") else "error"
            key = kind + ":" + key_of(line, path)
            size = os.path.getsize(path)
            if key not in best or size < best[key][0]:
                best[key] = (size, path)
    os.makedirs(out, exist_ok=True)
    for key, (size, path) in sorted(best.items()):
        with open(path, "rb") as f:
            digest = hashlib.sha1(f.read()).hexdigest()
        target = os.path.join(out, key.split(":")[0] + "-" + digest)
        shutil.copyfile(path, target)
        print(f"{os.path.basename(target)}  {size:7d} B  {key}")


if __name__ == "__main__":
    main()
