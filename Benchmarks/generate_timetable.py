#!/usr/bin/env python3
"""Generates the benchmark's semester timetable: a university's winter term for STUDENTS students.

The students are spread over degree programmes and their cohorts (a programme's semester: bachelor 1,
3 and 5, master 1 and 3, as a winter term runs them; first semesters largest). Each cohort takes 5 to 7
modules, and each module is a lecture (one or two a week, in a hall big enough for the cohort),
exercise groups of 25 (weekly, or odd and even weeks), labs in groups of 16 (odd or even weeks, or
listed block weeks) and, in first semesters, tutorials of 30. Times come from the usual 90-minute grid,
a cohort's lectures never clash, and no room is given twice in the same slot and week parity. The term
has a Christmas break and a day without teaching, and changes as a timetable office makes them over a
term: cancellations, moves to another day of the same week, room changes.

It writes, into OUT_DIR (all deterministic for the same STUDENTS):
- timetable.json: every lecture of the term in one timetable (the format of Documentation/timetable.md), the
  calendar a timetable office publishes;
- timetable-changed.json: the same a week later: new changes, a few lectures with another room or
  lecturer for good, a few dropped, a few groups added (for `calbridge schedule --state`'s re-run);
- cohorts/COHORT.json: one timetable per cohort (its modules' lectures, groups and their changes),
  what the cohort's students subscribe to;
- meta.json: the counts (students, programmes, cohorts, lectures, changes, occurrences).

Usage: python3 Benchmarks/generate_timetable.py STUDENTS OUT_DIR
"""
import datetime as dt
import json
import math
import os
import random
import sys

TERM_START, TERM_END = dt.date(2026, 10, 12), dt.date(2027, 2, 5)
BREAKS = [
    (dt.date(2026, 12, 21), dt.date(2027, 1, 3), "Weihnachtsferien"),
    (dt.date(2026, 11, 25), dt.date(2026, 11, 25), "Dies academicus"),
]
WEEKDAYS = ["MO", "TU", "WE", "TH", "FR"]
# The 90-minute grid; labs take two slots (08:15-11:30, 14:15-17:30).
SLOTS = [("08:15", "09:45"), ("10:00", "11:30"), ("11:45", "13:15"), ("14:15", "15:45"), ("16:00", "17:30"), ("17:45", "19:15")]
LAB_SLOTS = [(0, "08:15", "11:30"), (3, "14:15", "17:30")]  # first grid slot each covers, and its times

PROGRAMMES = [
    ("INF", "Informatik", ["Programmierung", "Datenbanken", "Betriebssysteme", "Rechnernetze", "Theoretische Informatik",
                           "Software Engineering", "Algorithmen und Datenstrukturen", "IT-Sicherheit", "Compilerbau",
                           "Verteilte Systeme", "Maschinelles Lernen", "Mensch-Computer-Interaktion"]),
    ("WINF", "Wirtschaftsinformatik", ["Geschäftsprozesse", "Datenbanken", "Rechnungswesen", "ERP-Systeme",
                                       "Projektmanagement", "Programmierung", "Statistik", "IT-Controlling",
                                       "Wirtschaftsrecht", "Data Warehousing"]),
    ("MB", "Maschinenbau", ["Technische Mechanik", "Werkstoffkunde", "Konstruktionslehre", "Thermodynamik",
                            "Strömungslehre", "Fertigungstechnik", "Regelungstechnik", "Maschinenelemente",
                            "Messtechnik", "Antriebstechnik"]),
    ("ET", "Elektrotechnik", ["Grundlagen der Elektrotechnik", "Elektronik", "Signale und Systeme", "Digitaltechnik",
                              "Leistungselektronik", "Hochfrequenztechnik", "Mikrocontroller", "Energietechnik",
                              "Nachrichtentechnik", "Regelungstechnik"]),
    ("BWL", "Betriebswirtschaftslehre", ["Mikroökonomie", "Makroökonomie", "Marketing", "Finanzierung",
                                         "Personalwirtschaft", "Kostenrechnung", "Steuerlehre", "Unternehmensführung",
                                         "Wirtschaftsenglisch", "Logistik"]),
    ("BAU", "Bauingenieurwesen", ["Baustatik", "Baustoffkunde", "Stahlbetonbau", "Geotechnik", "Wasserbau",
                                  "Verkehrswegebau", "Baubetrieb", "Vermessungskunde", "Holzbau"]),
    ("MT", "Medientechnik", ["Audiotechnik", "Videotechnik", "Mediengestaltung", "Webtechnologien", "Typografie",
                             "3D-Animation", "Medienrecht", "Interaktive Systeme"]),
    ("SA", "Soziale Arbeit", ["Sozialrecht", "Psychologie", "Soziologie", "Methoden der Sozialen Arbeit",
                              "Gesprächsführung", "Sozialpolitik", "Pädagogik", "Empirische Sozialforschung"]),
    ("WING", "Wirtschaftsingenieurwesen", ["Technische Mechanik", "Kostenrechnung", "Produktionsplanung",
                                           "Qualitätsmanagement", "Operations Research", "Werkstoffkunde",
                                           "Supply Chain Management", "Investitionsrechnung"]),
    ("PFL", "Pflegewissenschaft", ["Anatomie", "Pflegetheorie", "Pharmakologie", "Gesundheitsökonomie",
                                   "Ethik in der Pflege", "Evidenzbasierte Pflege", "Kommunikation", "Pflegeprozess"]),
    ("ARCH", "Architektur", ["Entwerfen", "Baukonstruktion", "Darstellende Geometrie", "Baugeschichte",
                             "Tragwerkslehre", "Städtebau", "Gebäudetechnik", "CAD"]),
    ("MATH", "Angewandte Mathematik", ["Analysis", "Lineare Algebra", "Numerik", "Stochastik", "Optimierung",
                                       "Funktionalanalysis", "Differentialgleichungen", "Statistik"]),
    ("CHE", "Chemieingenieurwesen", ["Allgemeine Chemie", "Organische Chemie", "Physikalische Chemie",
                                     "Verfahrenstechnik", "Reaktionstechnik", "Analytik", "Anlagenbau"]),
    ("DES", "Kommunikationsdesign", ["Gestaltungsgrundlagen", "Fotografie", "Illustration", "Typografie",
                                     "Designgeschichte", "Editorial Design", "Motion Design"]),
]
MASTERS = ["INF", "WINF", "MB", "ET", "BWL", "MATH"]
FIRST_NAMES = ["Anja", "Jens", "Katrin", "Lukas", "Lena", "Stefan", "Julia", "Martin", "Claudia", "Thomas", "Miriam",
               "Peter", "Tim", "Sarah", "Daniel", "Felix", "Emma", "Jonas", "Aylin", "Oliver", "Nina", "Björn",
               "Jürgen", "Sören", "Özlem", "Zoë", "Hélène", "Mehmet", "Agnieszka", "Dörte", "Kai", "Ingrid"]
LAST_NAMES = ["Müller", "Schmidt", "Schulz", "Klein", "Hartmann", "Hoffmann", "Weber", "Neumann", "Wagner", "Becker",
              "Zimmermann", "Schröder", "Schäfer", "Lange", "Koch", "Fischer", "Taylor", "Krüger", "Demir", "Braun",
              "Wolf", "Öztürk", "Weiß", "Groß", "Jäger", "Kowalski", "Nowak", "Yılmaz", "Böhm", "Günther"]
TITLES = ["Prof. Dr.", "Prof. Dr.-Ing.", "Prof. Dr. rer. nat."]
NOTES_CANCELLED = ["Krankheit", "Dienstreise", "Klausureinsicht", "Exkursion", "Streik im Nahverkehr",
                   "Labor wegen Wartung geschlossen", "Fällt aus – Ersatztermin folgt"]
NOTES_MOVED = ["Nachholtermin", "Vorgezogen wegen Dienstreise", "Verlegt wegen Berufungsvortrag", "Ersatztermin"]
NOTES_ROOM = ["Raumtausch", "Raum ist wegen einer Klausur belegt", "Beamer defekt", "Größerer Raum nötig"]


def iso_week(day):
    return day.isocalendar()[1]


def teaching_days(weekday_code, weeks):
    """The days a lecture on this weekday in these weeks takes place, breaks left out."""
    weekday = WEEKDAYS.index(weekday_code)
    day = TERM_START + dt.timedelta(days=(weekday - TERM_START.weekday()) % 7)
    days = []
    while day <= TERM_END:
        week = iso_week(day)
        runs = weeks == "all" or (weeks == "odd" and week % 2 == 1) or (weeks == "even" and week % 2 == 0) \
            or (isinstance(weeks, list) and week in weeks)
        if runs and not any(start <= day <= end for start, end, _ in BREAKS):
            days.append(day)
        day += dt.timedelta(days=7)
    return days


class Rooms:
    """Rooms by kind, and which (room, day, grid slot, week parity) is taken."""

    def __init__(self, rng):
        self.rng = rng
        halls = [("H%d.%02d" % (building, number), capacity) for building in range(1, 7) for number, capacity in
                 zip(range(1, 11), [80, 80, 120, 120, 150, 150, 200, 250, 300, 400])]
        self.pools = {
            "hall": halls,
            "seminar": [("R%d.%02d" % (floor, number), 30) for floor in range(0, 6) for number in range(1, 31)],
            "lab": [("L%d.%02d" % (floor, number), 16) for floor in range(1, 5) for number in range(1, 16)],
        }
        self.taken = set()

    def parities(self, weeks):
        return {"odd"} if weeks == "odd" else {"even"} if weeks == "even" else {"odd", "even"}

    def free(self, room, day, slots, weeks):
        return not any((room, day, slot, parity) in self.taken for slot in slots for parity in self.parities(weeks))

    def take(self, kind, size, day, slots, weeks):
        pool = [room for room, capacity in self.pools[kind] if capacity >= size] or [self.pools[kind][-1][0]]
        offset = self.rng.randrange(len(pool))
        for index in range(len(pool)):
            room = pool[(offset + index) % len(pool)]
            if self.free(room, day, slots, weeks):
                for slot in slots:
                    for parity in self.parities(weeks):
                        self.taken.add((room, day, slot, parity))
                return room
        return None


def lecturer(rng, professor):
    name = "%s %s" % (rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES))
    return "%s %s" % (rng.choice(TITLES), name) if professor else name + rng.choice([", M.Sc.", ", M.A.", "", ", Dipl.-Ing."])


def build(students, rng):
    """The cohorts and the lectures of the term, each lecture tagged with its cohort."""
    cohorts = []
    for code, name, _ in PROGRAMMES:
        for semester, weight in [(1, 1.4), (3, 1.0), (5, 0.8)]:
            cohorts.append({"id": "%s-B%d" % (code, semester), "programme": code, "name": "%s (B.Sc./B.A.) %d. Semester" % (name, semester),
                            "semester": semester, "weight": weight})
        if code in MASTERS:
            for semester, weight in [(1, 0.5), (3, 0.4)]:
                cohorts.append({"id": "%s-M%d" % (code, semester), "programme": code, "name": "%s (Master) %d. Semester" % (name, semester),
                                "semester": semester, "weight": weight})
    total_weight = sum(c["weight"] for c in cohorts)
    assigned = 0
    for index, cohort in enumerate(cohorts):
        share = students - assigned if index == len(cohorts) - 1 else max(1, round(students * cohort["weight"] / total_weight))
        cohort["students"] = max(1, share)
        assigned += share

    rooms = Rooms(rng)
    lectures = []
    subjects = {code: topics for code, _, topics in PROGRAMMES}
    for cohort in cohorts:
        size = cohort["students"]
        topics = subjects[cohort["programme"]]
        count = min(len(topics), rng.randint(5, 7))
        start = (cohort["semester"] - 1) * 2 % len(topics)
        modules = [topics[(start + i) % len(topics)] for i in range(count)]
        used = set()  # (day, slot) of the cohort's lectures: they must not clash

        def place(kind, slots_needed, weeks, room_kind, room_size, avoid_cohort_slots):
            """A day and grid slot with a free room: random order, the cohort's lecture slots avoided."""
            options = [(day, slot) for day in WEEKDAYS for slot in range(len(SLOTS))]
            rng.shuffle(options)
            for day, slot in options:
                if slots_needed == 2:
                    lab = next((entry for entry in LAB_SLOTS if entry[0] == slot), None)
                    if lab is None:
                        continue
                    grid = [slot, slot + 1]
                    start_time, end_time = lab[1], lab[2]
                else:
                    grid = [slot]
                    start_time, end_time = SLOTS[slot]
                if avoid_cohort_slots and any((day, s) in used for s in grid):
                    continue
                if slot == 5 and rng.random() < 0.7:
                    continue  # evening slots are used, but rarely
                room = rooms.take(room_kind, room_size, day, grid, weeks)
                if room:
                    return day, grid, start_time, end_time, room
            raise RuntimeError("no free room for %s %s" % (cohort["id"], kind))

        for number, title in enumerate(modules, 1):
            module_id = "%s-%d" % (cohort["id"], number)
            professor = lecturer(rng, True)
            for part in range(2 if rng.random() < 0.35 else 1):
                day, grid, start_time, end_time, room = place("Vorlesung", 1, "all", "hall", size, True)
                used.update((day, s) for s in grid)
                lectures.append({"id": "%s-V%s" % (module_id, "" if part == 0 else str(part + 1)), "title": title, "kind": "Vorlesung",
                                 "lecturer": professor, "room": room, "weekday": day, "start": start_time, "end": end_time,
                                 "weeks": "all", "cohort": cohort["id"]})
            groups = max(1, math.ceil(size / 25))
            alternate = rng.random() < 0.4  # exercise every other week, groups split over odd and even weeks
            assistant = lecturer(rng, False)
            for group in range(1, groups + 1):
                weeks = ("odd" if group % 2 else "even") if alternate else "all"
                day, grid, start_time, end_time, room = place("Übung", 1, weeks, "seminar", 25, True)
                lectures.append({"id": "%s-U%d" % (module_id, group), "title": "%s, Gruppe %d" % (title, group) if groups > 1 else title,
                                 "kind": "Übung", "lecturer": assistant if group % 3 else lecturer(rng, False), "room": room,
                                 "weekday": day, "start": start_time, "end": end_time, "weeks": weeks, "cohort": cohort["id"]})
            if rng.random() < 0.4:
                lab_groups = max(1, math.ceil(size / 16))
                block = rng.random() < 0.25
                for group in range(1, lab_groups + 1):
                    if block:  # a few listed weeks: labs in blocks
                        first = rng.choice([43, 44, 45, 46])
                        weeks = sorted({first, first + 2, first + 4, 49, 2, 4})
                    else:
                        weeks = "odd" if group % 2 else "even"
                    day, grid, start_time, end_time, room = place("Praktikum", 2, weeks if isinstance(weeks, str) else "all", "lab", 16, True)
                    lectures.append({"id": "%s-P%d" % (module_id, group), "title": "%s, Laborgruppe %d" % (title, group), "kind": "Praktikum",
                                     "lecturer": lecturer(rng, rng.random() < 0.3), "room": room, "weekday": day, "start": start_time,
                                     "end": end_time, "weeks": weeks, "cohort": cohort["id"]})
            if cohort["semester"] == 1 and rng.random() < 0.5:
                for group in range(1, max(1, math.ceil(size / 30)) + 1):
                    day, grid, start_time, end_time, room = place("Tutorium", 1, "all", "seminar", 30, True)
                    lectures.append({"id": "%s-T%d" % (module_id, group), "title": title, "kind": "Tutorium",
                                     "lecturer": lecturer(rng, False), "room": room, "weekday": day, "start": start_time,
                                     "end": end_time, "weeks": "all", "cohort": cohort["id"]})
    return cohorts, lectures, rooms


def make_changes(rng, lectures, rate, taken):
    """About `rate` changes per lecture, on days the lecture really takes place, none twice."""
    changes = []
    for lecture in lectures:
        days = teaching_days(lecture["weekday"], lecture["weeks"])
        wanted = int(rate) + (1 if rng.random() < rate - int(rate) else 0)
        for _ in range(wanted):
            free = [day for day in days if (lecture["id"], day) not in taken]
            if not free:
                break
            day = rng.choice(free)
            taken.add((lecture["id"], day))
            roll = rng.random()
            change = {"lecture": lecture["id"], "date": day.isoformat()}
            if roll < 0.4:
                change.update(type="cancelled", note=rng.choice(NOTES_CANCELLED))
            elif roll < 0.75:
                room = lecture["room"][0] + "%d.%02d" % (rng.randint(0, 5), rng.randint(1, 10))
                change.update(type="room", room=room, note=rng.choice(NOTES_ROOM))
            else:
                target = day - dt.timedelta(days=day.weekday()) + dt.timedelta(days=rng.randrange(5))
                if any(start <= target <= end for start, end, _ in BREAKS):
                    target = day  # not into a break: a later slot the same day
                start, end = SLOTS[rng.randrange(5)]
                change.update(type="moved", start="%sT%s" % (target.isoformat(), start), end="%sT%s" % (target.isoformat(), end),
                              room=lecture["room"], note=rng.choice(NOTES_MOVED))
            changes.append(change)
    return changes


def timetable(calendar_id, name, lectures, changes):
    ids = {lecture["id"] for lecture in lectures}
    return {
        "calendar": {"id": calendar_id, "name": name, "color": "#1E90FF", "timezone": "Europe/Berlin"},
        "term": {"start": TERM_START.isoformat(), "end": TERM_END.isoformat(),
                 "breaks": [{"start": start.isoformat(), "end": end.isoformat(), "name": label} for start, end, label in BREAKS]},
        "lectures": [{key: value for key, value in lecture.items() if key != "cohort"} for lecture in lectures],
        "changes": [change for change in changes if change["lecture"] in ids],
    }


def write_json(path, value):
    with open(path + ".tmp", "w", encoding="utf-8") as out:
        json.dump(value, out, ensure_ascii=False, indent=1)
        out.write("\n")
    os.replace(path + ".tmp", path)


def main(argv):
    if len(argv) != 3 or not argv[1].isdigit() or int(argv[1]) < 100:
        sys.stderr.write("usage: generate_timetable.py STUDENTS OUT_DIR (STUDENTS >= 100)\n")
        return 2
    students, out_dir = int(argv[1]), argv[2]
    rng = random.Random(20261012 + students)
    cohorts, lectures, rooms = build(students, rng)
    taken = set()
    changes = make_changes(rng, lectures, 0.45, taken)

    # A week later: new changes, some lectures for good in another room or with another lecturer, a
    # few dropped (their changes go with them) and a few groups added.
    later = [dict(lecture) for lecture in lectures]
    for lecture in rng.sample(later, max(1, len(later) // 50)):
        lecture["room"] = lecture["room"][0] + "%d.%02d" % (rng.randint(0, 5), rng.randint(11, 20))
    for lecture in rng.sample(later, max(1, len(later) // 100)):
        lecture["lecturer"] = lecturer(rng, lecture["kind"] == "Vorlesung")
    dropped = {lecture["id"] for lecture in rng.sample([l for l in later if l["kind"] != "Vorlesung"], max(1, len(later) // 200))}
    later = [lecture for lecture in later if lecture["id"] not in dropped]
    for index, base in enumerate(rng.sample([l for l in later if l["kind"] == "Übung"], max(1, len(later) // 200))):
        extra = dict(base, id=base["id"] + "-Z", title=base["title"] + " (Zusatzgruppe)")
        extra["weekday"] = WEEKDAYS[index % 5]
        later.append(extra)
    later_changes = changes + make_changes(rng, rng.sample(later, len(later) // 20), 1.0, taken)

    os.makedirs(os.path.join(out_dir, "cohorts"), exist_ok=True)
    name = "Hochschule – Wintersemester 2026/27, alle Lehrveranstaltungen"
    write_json(os.path.join(out_dir, "timetable.json"), timetable("hs-wise-2026", name, lectures, changes))
    write_json(os.path.join(out_dir, "timetable-changed.json"), timetable("hs-wise-2026", name, later, later_changes))
    for cohort in cohorts:
        own = [lecture for lecture in lectures if lecture["cohort"] == cohort["id"]]
        write_json(os.path.join(out_dir, "cohorts", cohort["id"].lower() + ".json"),
                   timetable(cohort["id"].lower(), cohort["name"] + " – Wintersemester 2026/27", own, changes))

    occurrences = sum(len(teaching_days(lecture["weekday"], lecture["weeks"])) for lecture in lectures)
    later_ids = {lecture["id"] for lecture in later}
    meta = {
        # The cohorts' sizes added up: STUDENTS, unless rounding tiny cohorts up to one student added some.
        "students": sum(c["students"] for c in cohorts), "programmes": len(PROGRAMMES), "cohorts": len(cohorts),
        "students_per_cohort": {"min": min(c["students"] for c in cohorts), "max": max(c["students"] for c in cohorts)},
        "lectures": len(lectures), "changes": len(changes), "occurrences": occurrences,
        "changes_by_type": {kind: sum(1 for c in changes if c["type"] == kind) for kind in ("cancelled", "moved", "room")},
        "rooms_used": len({lecture["room"] for lecture in lectures}),
        "term": {"start": TERM_START.isoformat(), "end": TERM_END.isoformat()},
        "changed": {"lectures": len(later), "dropped": len(dropped), "added": len(later_ids - {l["id"] for l in lectures}),
                    "changes": len([c for c in later_changes if c["lecture"] in later_ids]),
                    "occurrences": sum(len(teaching_days(lecture["weekday"], lecture["weeks"])) for lecture in later)},
    }
    write_json(os.path.join(out_dir, "meta.json"), meta)
    sys.stderr.write("generate_timetable: %d students in %d cohorts, %d lectures, %d changes, %d occurrences\n" % (
        students, len(cohorts), len(lectures), len(changes), occurrences))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
