#!/usr/bin/env python3
"""clang-tidy (the repository's .clang-tidy) on every .cpp under viewer/core, with the
compile commands of a build folder; any finding fails (exit status 1).

    scripts/tidy.py BUILD_DIR [-j JOBS]

clang-tidy parses each file with all of Qt's headers, several seconds a file. A file found
clean is remembered by a hash of what clang-tidy reads (the preprocessed file with its
headers, the compile flags, the checks, the tool's version), so that an unchanged file is
not checked again, in any clone: the cache is ${XDG_CACHE_HOME:-~/.cache}/embers-clang-tidy,
one empty file per clean version, like ccache's.
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TIDY = "clang-tidy-14"
SOURCE = Path(__file__).resolve().parent.parent
CORE = SOURCE / "viewer" / "core"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "embers-clang-tidy"
CACHE_DAYS = 30  # a clean version not seen for this long is forgotten


def without_pch(args):
    """A compile command without CMake's precompiled header: clang cannot read g++'s, and
    each file includes what it uses."""
    out = []
    for a in args:
        if out and out[-1] == "-include" and "cmake_pch" in a:
            out.pop()
        elif a != "-Winvalid-pch":
            out.append(a)
    return out


def core_commands(build):
    """The compile commands of the core's own .cpp files (in any folder below viewer/core)."""
    entries = json.loads((build / "compile_commands.json").read_text())
    chosen = {}
    for e in entries:
        path = Path(e["directory"], e["file"]).resolve()
        if path.suffix == ".cpp" and path.is_relative_to(CORE):
            args = without_pch(e.get("arguments") or shlex.split(e["command"]))
            chosen[path] = {"directory": e["directory"], "file": str(path), "arguments": args}
    return [chosen[p] for p in sorted(chosen)]


def cache_key(entry, build, salt):
    """The hash of what clang-tidy reads: the preprocessed file and its flags, with the
    clone's folders left out (the same file hits in any clone)."""
    args, skip = [], False
    for a in entry["arguments"]:
        if skip:
            skip = False
        elif a == "-o":
            skip = True
        elif a not in ("-c", entry["file"]):
            args.append(a)
    text = subprocess.run(args + ["-E", "-P", entry["file"]], cwd=entry["directory"],
                          capture_output=True, check=True).stdout
    flags = " ".join(args).replace(str(build), "<build>").replace(str(SOURCE), "<source>")
    name = str(Path(entry["file"]).relative_to(SOURCE))
    h = hashlib.sha256(salt)
    for part in (flags.encode(), name.encode(), text):
        h.update(len(part).to_bytes(8, "little") + part)
    return h.hexdigest()


def check(entry, commands_dir, build, salt):
    """(file, findings): findings is None when clean, "" when known clean, else the output."""
    marker = CACHE / cache_key(entry, build, salt)
    if marker.exists():
        marker.touch()
        return entry["file"], ""
    run = subprocess.run([TIDY, "-p", commands_dir, "--quiet", "--warnings-as-errors=*",
                          entry["file"]], capture_output=True, text=True)
    if run.returncode != 0:
        return entry["file"], run.stdout + run.stderr
    marker.touch()
    return entry["file"], None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build", type=Path)
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    build = args.build.resolve()
    commands = core_commands(build)
    if not commands:
        sys.exit(f"tidy: no viewer/core sources in {build}/compile_commands.json")
    version = subprocess.run([TIDY, "--version"], capture_output=True, check=True).stdout
    salt = version + (SOURCE / ".clang-tidy").read_bytes()
    CACHE.mkdir(parents=True, exist_ok=True)
    for old in CACHE.iterdir():
        if time.time() - old.stat().st_mtime > CACHE_DAYS * 86400:
            old.unlink(missing_ok=True)

    failed = known = 0
    with tempfile.TemporaryDirectory() as commands_dir, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        Path(commands_dir, "compile_commands.json").write_text(json.dumps(commands))
        runs = [pool.submit(check, e, commands_dir, build, salt) for e in commands]
        for run in concurrent.futures.as_completed(runs):
            file, findings = run.result()
            if findings == "":
                known += 1
            elif findings is not None:
                failed += 1
                print(f"== {Path(file).relative_to(SOURCE)}\n{findings}", flush=True)
    print(f"tidy: {len(commands)} files under viewer/core ({known} known clean), "
          f"{failed} with findings")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
