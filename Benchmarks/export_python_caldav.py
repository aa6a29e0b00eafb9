#!/usr/bin/env python3
"""The python caldav client's side of the export benchmark (Scripts/bench export).

Usage: .venv/bin/python Benchmarks/export_python_caldav.py COLLECTION_URL OUT.ics

Reads every event of COLLECTION_URL with caldav 3.6.0's calendar.events() (one calendar-query
REPORT) and writes their VCALENDARs' events into one calendar, as `calbridge export` does; prints
the number of events read. Logs in as bench with any password (Radicale's --auth-type=none).
"""
import sys

import caldav
import icalendar


def main(url, out):
    client = caldav.DAVClient(url=url, username="bench", password="x")
    calendar = client.calendar(url=url)
    merged = icalendar.Calendar()
    merged.add("VERSION", "2.0")
    merged.add("PRODID", "-//calbridge bench//python caldav export//EN")
    zones = set()
    count = 0
    for event in calendar.events():
        for component in event.icalendar_instance.subcomponents:
            if component.name == "VTIMEZONE":
                if str(component["TZID"]) in zones:
                    continue
                zones.add(str(component["TZID"]))
            merged.add_component(component)
        count += 1
    with open(out, "wb") as f:
        f.write(merged.to_ical())
    print(count)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
