#!/usr/bin/env python3
"""The python caldav client's side of the import benchmark (Scripts/bench import).

Usage: .venv/bin/python Benchmarks/import_python_caldav.py COLLECTION_URL FILE.ics

Creates the calendar COLLECTION_URL (MKCALENDAR through caldav's Calendar.save()), splits FILE into
one VCALENDAR per UID the way `calbridge import` does (CalendarResources.split: the master and its
overrides, in order of first appearance, with the VTIMEZONEs the series names and the VERSION,
PRODID and CALSCALE of the file), and saves each with calendar.add_event(ical=...), one after
another as the library does. Prints the number of resources saved. Uses caldav 3.6.0 and
icalendar from .venv; logs in as bench (as calbridge does, so Radicale makes the
principal collection /bench/; --auth-type=none takes any password).
"""
import os
import sys

import caldav
import icalendar


def tzids(component):
    """The TZIDs a component and its subcomponents name, in order of first use."""
    seen = []
    for sub in component.walk():
        for value in sub.values():
            values = value if isinstance(value, list) else [value]
            for v in values:
                tzid = getattr(v, "params", {}).get("TZID")
                if tzid and tzid not in seen:
                    seen.append(tzid)
    return seen


def split(calendar):
    zones = {}
    for zone in calendar.subcomponents:
        if zone.name == "VTIMEZONE":
            zones.setdefault(str(zone["TZID"]), zone)
    order, members = [], {}
    for component in calendar.subcomponents:
        if component.name == "VTIMEZONE":
            continue
        uid = str(component.get("UID", ""))
        if not uid:
            continue  # calbridge reports these and sends nothing
        if uid not in members:
            order.append(uid)
            members[uid] = []
        members[uid].append(component)
    for uid in order:
        out = icalendar.Calendar()
        for name in ("VERSION", "PRODID", "CALSCALE"):
            if name in calendar:
                out.add(name, calendar[name])
        used = []
        for component in members[uid]:
            for tzid in tzids(component):
                if tzid not in used:
                    used.append(tzid)
        for tzid in used:
            if tzid in zones:
                out.add_component(zones[tzid])
        for component in members[uid]:
            out.add_component(component)
        yield out.to_ical()


def main():
    url, path = sys.argv[1:3]
    url = url.rstrip("/") + "/"
    parent_url, cal_id = url[: url.rstrip("/").rfind("/") + 1], url.rstrip("/").rsplit("/", 1)[1]
    with open(path, "rb") as f:
        calendar = icalendar.Calendar.from_ical(f.read())
    with caldav.DAVClient(url=parent_url, username=os.environ.get("CALDAV_USER", "bench"), password=os.environ.get("CALDAV_PASSWORD", "x"), auth_type="basic") as client:
        parent = caldav.CalendarSet(client=client, url=parent_url)
        cal = caldav.Calendar(client=client, parent=parent, id=cal_id)
        cal.save()  # MKCALENDAR parent_url + cal_id/
        count = 0
        for ical in split(calendar):
            cal.add_event(ical=ical)
            count += 1
    print(count)


if __name__ == "__main__":
    main()
