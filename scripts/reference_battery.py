"""Runs the Agent Skills reference validator over tests/reference_battery.json.

For each case it writes the case's files to a temporary directory and runs
what `skills-ref validate PATH` runs (a SKILL.md path stands for its
directory, then `validate()`), and compares the messages with the case's
recorded "reference" (paths shown relative to the case's directory). With
--write it records them instead. CI does not run this (it has no Python);
tests/reference_battery_test.ts holds our verdicts to the recorded ones.

Needs the reference's sources and strictyaml, e.g.:
  PYTHONPATH=<agentskills checkout>/skills-ref/src python3 scripts/reference_battery.py
"""

import json
import sys
import tempfile
from pathlib import Path

from skills_ref.validator import validate

BATTERY = Path(__file__).resolve().parent.parent / "tests" / "reference_battery.json"


def reference_messages(case: dict) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        for rel, text in case["files"].items():
            path = base / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text.encode("utf-8"))
        target = base / case["path"]
        # skills-ref's CLI: a SKILL.md (any case) path is its directory.
        if target.is_file() and target.name.lower() == "skill.md":
            target = target.parent
        return [m.replace(f"{base}/", "") for m in validate(target)]


def main() -> int:
    battery = json.loads(BATTERY.read_text(encoding="utf-8"))
    write = "--write" in sys.argv[1:]
    differ = 0
    for case in battery["cases"]:
        got = reference_messages(case)
        if write:
            case["reference"] = got
        elif got != case.get("reference"):
            differ += 1
            print(f"{case['id']}: recorded {case.get('reference')}, reference says {got}")
    if write:
        BATTERY.write_text(
            json.dumps(battery, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        print(f"recorded the reference's verdicts on {len(battery['cases'])} cases")
        return 0
    print(f"{len(battery['cases'])} cases, {differ} recorded verdicts differ from the reference")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
