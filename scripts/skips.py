#!/usr/bin/env python3
"""What the last ctest run in a build folder skipped, and why; fails under CI (CI=true)
when a skip is not one tests/allowed-skips.txt allows for that build, so that no test
vanishes from CI unnoticed.

    scripts/skips.py BUILD_DIR    (build/release, build/asan, build/tsan: the preset is
                                   the folder's name)

It reads Qt Test's "SKIP   :" lines (and checks them against each suite's "Totals:") in
BUILD_DIR/Testing/Temporary/LastTest.log, and the tests ctest did not run (a skip return
code, disabled) in the JUnit file scripts/dev.sh asks ctest for (JUNIT_NAME below).
"""
import fnmatch
import os
import re
import sys
import xml.etree.ElementTree as ElementTree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALLOW_LIST = os.path.join(ROOT, "tests", "allowed-skips.txt")
JUNIT_NAME = "LastTest.junit.xml"

SECTION = re.compile(r"^\d+/\d+ Testing: (\S+)$")
SKIP = re.compile(r"^SKIP   : (.*)$")
TOTALS = re.compile(r"^Totals: (\d+) passed, (\d+) failed, (\d+) skipped")


class Skip:
    def __init__(self, suite, subject):
        self.suite = suite      # the ctest test
        self.subject = subject  # what an allow-list pattern matches
        self.reason = None      # the allow-list's, when allowed


def read_allow_list(path):
    """[(presets, pattern, reason)]; a malformed line stops the script, naming it."""
    rules = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = [field.strip() for field in line.split(" | ")]
            if len(fields) != 3 or not all(fields):
                sys.exit(f"{path}:{number}: expected 'PRESETS | PATTERN | REASON', got: {line}")
            presets = {p.strip() for p in fields[0].split(",")}
            rules.append((presets, fields[1], fields[2]))
    return rules


def qt_skips(log_path):
    """The Qt Test skips, and the suites whose Totals count more skips than they printed."""
    skips, unexplained, cases = [], [], 0
    suite, printed = None, 0
    with open(log_path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if m := SECTION.match(line):
                suite, printed = m.group(1), 0
            elif suite and (m := SKIP.match(line)):
                skips.append(Skip(suite, m.group(1).strip()))
                printed += 1
            elif suite and (m := TOTALS.match(line)):
                cases += sum(int(n) for n in m.groups())
                if int(m.group(3)) > printed:
                    unexplained.append(f"{suite}: {int(m.group(3)) - printed} skipped without a SKIP line")
    return skips, unexplained, cases


def ctest_skips(junit_path):
    """The tests ctest itself did not run (skip return code, disabled)."""
    skips = []
    for case in ElementTree.parse(junit_path).getroot().iter("testcase"):
        status = case.get("status", "run")
        if status == "run":
            continue
        skipped = case.find("skipped")
        why = skipped.get("message") if skipped is not None else status
        skips.append(Skip(case.get("name"), f"{case.get('name')} (ctest: {status}, {why})"))
    return skips


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    build = sys.argv[1].rstrip("/")
    preset = os.path.basename(build)
    log_path = os.path.join(build, "Testing", "Temporary", "LastTest.log")
    if not os.path.isfile(log_path):
        sys.exit(f"skips: {log_path}: no such file (run ctest in {build} first)")
    rules = read_allow_list(ALLOW_LIST)
    skips, unexplained, cases = qt_skips(log_path)
    junit_path = os.path.join(build, "Testing", "Temporary", JUNIT_NAME)
    if os.path.isfile(junit_path):
        skips += ctest_skips(junit_path)
    else:
        unexplained.append(f"{junit_path}: missing, so the tests ctest did not run are unknown")

    for skip in skips:
        for presets, pattern, reason in rules:
            if (preset in presets or "*" in presets) and fnmatch.fnmatchcase(skip.subject, pattern):
                skip.reason = reason
                break
    refused = [s for s in skips if s.reason is None]

    print(f"== skips ({preset}): {len(skips)} skipped, of {cases} Qt Test cases; "
          f"{len(refused) + len(unexplained)} not allowed by {os.path.relpath(ALLOW_LIST, ROOT)}")
    for skip in skips:
        print(f"   {skip.suite}: {skip.subject}")
        print(f"      {'allowed: ' + skip.reason if skip.reason else 'NOT ALLOWED'}")
    for line in unexplained:
        print(f"   {line}: NOT ALLOWED")
    if refused or unexplained:
        if os.environ.get("CI", "").lower() in ("true", "1"):
            print("== skips: a test that did not run fails CI: install what it needs, or "
                  "allow the skip (with its reason) in tests/allowed-skips.txt")
            return 1
        print("== skips: under CI (CI=true) these would fail the run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
