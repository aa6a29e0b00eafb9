#!/usr/bin/env python3
"""The benchmark's python peer for `calbridge convert FILE -o OUT` (and `--to jcal`).

Reads FILE whole with icalendar's `Calendar.from_ical(bytes)` and writes OUT with `to_ical()` (ics)
or `to_json()` (jCal, RFC 7265, icalendar 7's own writer), then prints the number of VEVENTs it
read. That is what a python program converting a file does; icalendar has no streaming reader, so
the whole calendar is in memory. Meant for the project's .venv (icalendar 7.3.0;
`bash Scripts/setup --python`).

Usage: .venv/bin/python Benchmarks/convert_python_icalendar.py FILE OUT [ics|jcal]
"""
import sys

import icalendar


def main(argv):
    if len(argv) not in (3, 4) or (len(argv) == 4 and argv[3] not in ("ics", "jcal")):
        sys.stderr.write("usage: convert_python_icalendar.py FILE OUT [ics|jcal]\n")
        return 2
    target = argv[3] if len(argv) == 4 else "ics"
    with open(argv[1], "rb") as file:
        calendar = icalendar.Calendar.from_ical(file.read())
    if target == "ics":
        with open(argv[2], "wb") as out:
            out.write(calendar.to_ical())
    else:
        with open(argv[2], "w", encoding="utf-8") as out:
            out.write(calendar.to_json())
    print(sum(1 for component in calendar.subcomponents if component.name == "VEVENT"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
