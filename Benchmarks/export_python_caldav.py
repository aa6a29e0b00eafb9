#!/usr/bin/env python3
"""The python caldav client's side of the export benchmark (Scripts/bench export).

Usage: .venv/bin/python Benchmarks/export_python_caldav.py COLLECTION_URL OUT.ics [FROM TO]

Reads every event of COLLECTION_URL with caldav 3.6.0's calendar.events() (one calendar-query
REPORT), or with FROM and TO (dates, 2025-03-01) those calendar.search(start, end, event=True)
finds (a calendar-query with the time range), and writes their VCALENDARs' events into one
calendar, as `calbridge export` does; prints the number of events read. Logs in as CALDAV_USER
with CALDAV_PASSWORD (default bench and x, which Radicale's --auth-type=none takes).
"""
import datetime
import os
import sys

import caldav
import icalendar


def main(url, out, window):
    client = caldav.DAVClient(url=url, username=os.environ.get("CALDAV_USER", "bench"), password=os.environ.get("CALDAV_PASSWORD", "x"))
    calendar = client.calendar(url=url)
    merged = icalendar.Calendar()
    merged.add("VERSION", "2.0")
    merged.add("PRODID", "-//calbridge bench//python caldav export//EN")
    zones = set()
    count = 0
    if window:
        start, end = (datetime.datetime.strptime(day, "%Y-%m-%d").replace(tzinfo=datetime.timezone.utc) for day in window)
        events = calendar.search(start=start, end=end, event=True, expand=False)
    else:
        events = calendar.events()
    for event in events:
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
    main(sys.argv[1], sys.argv[2], sys.argv[3:5])
