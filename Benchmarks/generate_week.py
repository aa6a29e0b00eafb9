#!/usr/bin/env python3
"""Deterministic generator of a faculty's week for the `view` benchmark.

Usage: python3 Benchmarks/generate_week.py N OUT.ics

Writes one VCALENDAR (Europe/Berlin, the tz database's zone) with N weekly lecture series that
each meet once in ISO week 2026-W43 (19-25 October 2026): Monday to Friday, starts on the quarter
hour from 08:00 to 19:00, 45 minutes to 3 hours, rooms, lecturers, a calendar COLOR and some
event COLORs; one in fifty has that week's occurrence cancelled (an override with
STATUS:CANCELLED) and one in fifty moved to another day. Many overlap, as a faculty's rooms do,
so the view packs them side by side. Pure standard library, seeded: the same N gives the same bytes.
"""
import random
import sys

SEED = 20261019
SUBJECTS = ["Analysis", "Lineare Algebra", "Datenbanken", "Betriebssysteme", "Rechnernetze", "Stochastik",
            "Software Engineering", "Theoretische Informatik", "IT-Sicherheit", "Compilerbau", "Robotik",
            "Maschinelles Lernen", "Mensch-Computer-Interaktion", "Verteilte Systeme"]
KINDS = ["Vorlesung", "Übung", "Tutorium", "Praktikum", "Seminar"]
COLOURS = ["tomato", "#2E8B57", "#8E44AD", "steelblue", "#D35400"]


def lecture(index, rng):
    day = 19 + rng.randrange(5)
    start = 8 * 60 + 15 * rng.randrange(45)
    length = rng.choice([45, 90, 90, 90, 135, 180])
    def stamp(d, minutes):
        return "202610%02dT%02d%02d00" % (d, minutes // 60, minutes % 60)
    uid = "lecture-%05d@faculty.example.org" % index
    lines = ["BEGIN:VEVENT", "UID:" + uid, "DTSTAMP:20260901T080000Z",
             "DTSTART;TZID=Europe/Berlin:" + stamp(day - 7, start),
             "DTEND;TZID=Europe/Berlin:" + stamp(day - 7, start + length),
             "RRULE:FREQ=WEEKLY;COUNT=14",
             "SUMMARY:%s (%s) %d" % (rng.choice(SUBJECTS), rng.choice(KINDS), index),
             "LOCATION:R%d.%02d" % (rng.randrange(1, 6), rng.randrange(1, 40))]
    if index % 7 == 0:
        lines.append("COLOR:" + rng.choice(COLOURS))
    lines.append("END:VEVENT")
    if index % 50 == 1:
        lines += ["BEGIN:VEVENT", "UID:" + uid, "DTSTAMP:20260901T080000Z",
                  "RECURRENCE-ID;TZID=Europe/Berlin:" + stamp(day, start),
                  "DTSTART;TZID=Europe/Berlin:" + stamp(day, start), "DTEND;TZID=Europe/Berlin:" + stamp(day, start + length),
                  "STATUS:CANCELLED", "SUMMARY:cancelled %d" % index, "END:VEVENT"]
    elif index % 50 == 2:
        moved = 19 + (day - 19 + 1) % 5
        lines += ["BEGIN:VEVENT", "UID:" + uid, "DTSTAMP:20260901T080000Z",
                  "RECURRENCE-ID;TZID=Europe/Berlin:" + stamp(day, start),
                  "DTSTART;TZID=Europe/Berlin:" + stamp(moved, start), "DTEND;TZID=Europe/Berlin:" + stamp(moved, start + length),
                  "SUMMARY:moved %d" % index, "END:VEVENT"]
    return lines


def main(count, path):
    rng = random.Random(SEED)
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge//generate_week//EN", "X-WR-CALNAME:Fakultät",
             "X-WR-TIMEZONE:Europe/Berlin", "COLOR:#1E90FF"]
    for index in range(count):
        lines += lecture(index, rng)
    lines.append("END:VCALENDAR")
    with open(path, "w", encoding="utf-8", newline="") as out:
        out.write("".join(line + "\r\n" for line in lines))


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
