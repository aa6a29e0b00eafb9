#!/usr/bin/env python3
"""The benchmark's python peer for `calbridge expand FILE --from FROM --to TO`.

Parses FILE with icalendar, expands it with recurring-ical-events'
`of(calendar).between(FROM, TO)` (half-open window; dates are read as floating, that is in each
event's own zone) and prints the number of occurrences. Meant for the project's .venv
(icalendar 7.3.0, recurring-ical-events 3.8.2; `bash Scripts/setup --python`).

Usage: .venv/bin/python Benchmarks/expand_recurring_ical_events.py FILE FROM TO   (dates as YYYY-MM-DD)
"""
import datetime as dt
import sys

import icalendar
import recurring_ical_events


def main(argv):
    if len(argv) != 4:
        sys.stderr.write("usage: expand_recurring_ical_events.py FILE FROM TO (YYYY-MM-DD)\n")
        return 2
    start, end = (dt.date.fromisoformat(value) for value in argv[2:4])
    with open(argv[1], "rb") as file:
        calendar = icalendar.Calendar.from_ical(file.read())
    occurrences = recurring_ical_events.of(calendar).between(start, end)
    print(len(occurrences))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
