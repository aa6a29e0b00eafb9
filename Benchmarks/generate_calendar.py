#!/usr/bin/env python3
"""Deterministic generator of a realistic iCalendar file for benchmarks.

Usage: python3 Benchmarks/generate_calendar.py N OUT.ics

Writes one VCALENDAR with three VTIMEZONEs (Europe/Berlin, America/New_York,
Australia/Lord_Howe) and N VEVENTs: zoned, UTC and all-day events, ~30% recurring
(weekly/monthly, UNTIL or COUNT) some with EXDATE, 1-5 attendees, an organizer,
a VALARM in half of them, UTF-8 text (German, emoji, CJK) of varying length,
X- properties, CRLF line endings and lines folded at 75 octets without splitting
a UTF-8 character. About 1 KB per event on average.

Pure standard library. Each event draws from its own generator seeded by
(SEED, index), so the file for N events is a prefix (event-wise) of the file for
any larger N, and the same N always gives the same bytes.
"""
import datetime as dt
import random
import sys

SEED = 20240611
DTSTAMP = "20250101T120000Z"  # fixed so that the output is reproducible

VTIMEZONES = {
    "Europe/Berlin": [
        "BEGIN:VTIMEZONE",
        "TZID:Europe/Berlin",
        "X-LIC-LOCATION:Europe/Berlin",
        "BEGIN:DAYLIGHT",
        "TZOFFSETFROM:+0100",
        "TZOFFSETTO:+0200",
        "TZNAME:CEST",
        "DTSTART:19810329T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
        "END:DAYLIGHT",
        "BEGIN:STANDARD",
        "TZOFFSETFROM:+0200",
        "TZOFFSETTO:+0100",
        "TZNAME:CET",
        "DTSTART:19961027T030000",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
        "END:STANDARD",
        "END:VTIMEZONE",
    ],
    "America/New_York": [
        "BEGIN:VTIMEZONE",
        "TZID:America/New_York",
        "X-LIC-LOCATION:America/New_York",
        "BEGIN:DAYLIGHT",
        "TZOFFSETFROM:-0500",
        "TZOFFSETTO:-0400",
        "TZNAME:EDT",
        "DTSTART:20070311T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
        "END:DAYLIGHT",
        "BEGIN:STANDARD",
        "TZOFFSETFROM:-0400",
        "TZOFFSETTO:-0500",
        "TZNAME:EST",
        "DTSTART:20071104T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
        "END:STANDARD",
        "END:VTIMEZONE",
    ],
    "Australia/Lord_Howe": [
        "BEGIN:VTIMEZONE",
        "TZID:Australia/Lord_Howe",
        "X-LIC-LOCATION:Australia/Lord_Howe",
        "BEGIN:STANDARD",
        "TZOFFSETFROM:+1100",
        "TZOFFSETTO:+1030",
        "TZNAME:+1030",
        "DTSTART:20080406T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU",
        "END:STANDARD",
        "BEGIN:DAYLIGHT",
        "TZOFFSETFROM:+1030",
        "TZOFFSETTO:+1100",
        "TZNAME:+11",
        "DTSTART:20081005T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU",
        "END:DAYLIGHT",
        "END:VTIMEZONE",
    ],
}
TZIDS = list(VTIMEZONES)
# Rough UTC offsets, only used to write UNTIL in UTC for zoned recurring events.
TZ_OFFSET_HOURS = {"Europe/Berlin": 1, "America/New_York": -5, "Australia/Lord_Howe": 10.5}

SUMMARIES = [
    "Teambesprechung – Quartalsplanung",
    "Jour fixe Vertrieb",
    "Kundentermin bei Müller & Söhne GmbH",
    "Übergabe: Projekt „Straßenbahn Süd“",
    "Mittagessen mit Jörg 🍝",
    "Sprint Review 🚀",
    "Retrospektive ✅ Team Blau",
    "Geburtstag von Anneliese 🎂🎉",
    "Zahnarzt 🦷",
    "Fußballtraining ⚽",
    "周会：项目进度",
    "项目评审会议",
    "日本語の打ち合わせ",
    "東京オフィスとの定例会",
    "주간 회의",
    "Board meeting (Q3 results)",
    "1:1 with Sarah",
    "Flight LH 400 FRA → JFK ✈️",
    "Release planning, v2.4; freeze",
    "Yoga 🧘",
    "Workshop: Datenschutz & DSGVO",
    "Café ☕ mit Françoise",
    "Weekly sync — platform team",
    "Hackathon 💻🔥",
]

LOCATIONS = [
    "Besprechungsraum „Zugspitze“, 3. OG",
    "Friedrichstraße 123, 10117 Berlin",
    "Büro München, Raum 4.12",
    "Konferenzraum Köln-Süd",
    "東京都千代田区丸の内1-1-1",
    "北京市朝阳区建国路88号",
    "350 Fifth Avenue, New York, NY 10118",
    "Zoom",
    "Microsoft Teams-Besprechung",
    "Lord Howe Island Museum",
    "Café Größenwahn",
    "Online 🌐",
    "",
]

SENTENCES = [
    "Bitte die Unterlagen vorab durchlesen und Fragen bis Donnerstag schicken.",
    "Wir besprechen die Ergebnisse des letzten Quartals; Zahlen folgen per E-Mail.",
    "Tagesordnung: 1) Begrüßung, 2) Rückblick, 3) Ausblick, 4) Verschiedenes.",
    "Größere Änderungen am Budget müssen vom Vorstand genehmigt werden.",
    "Die Straßenbahn fährt ab Hauptbahnhof alle zehn Minuten.",
    "Für Verpflegung ist gesorgt ☕🥐 — bitte Unverträglichkeiten melden.",
    "Please review the attached agenda before the meeting.",
    "Dial-in: +1 555 0100, PIN 123456#; backup link in the wiki.",
    "Action items from last week: finish the migration, update the runbook.",
    "Notes are kept in the shared folder \\\\fileserver\\team\\notes.",
    "会议将讨论下一季度的产品路线图，请提前准备。",
    "请带上笔记本电脑和充电器。",
    "資料は事前に共有フォルダにアップロードしてください。",
    "議事録は会議後に送付します。",
    "Das ist ein längerer Absatz über die Planung der Veranstaltung in Köln, "
    "bei der viele Teilnehmerinnen und Teilnehmer aus Österreich und der Schweiz erwartet werden.",
    "Parking is available in the garage on level −2; bring your badge 🎫.",
    "🎉🎉🎉 Endlich geschafft! 🍾",
    "Übersetzung folgt: «Les réunions commencent à l'heure précise.»",
    "Ζητείται ακρίβεια στην ώρα. Пожалуйста, приходите вовремя.",
]

FIRST_NAMES = ["Jörg", "Anneliese", "Jürgen", "Sophie", "Mehmet", "Zoë", "Łukasz", "Sarah",
               "John", "Priya", "François", "Björn", "Ingrid", "太郎", "美咲", "伟", "娜", "Søren"]
LAST_NAMES = ["Müller", "Schäfer", "Groß", "Weiß", "Öztürk", "Smith", "O'Brien", "Nguyen",
              "Dubois", "Kowalski", "Andersen", "山田", "佐藤", "王", "李", "García"]
ROLES = ["REQ-PARTICIPANT", "REQ-PARTICIPANT", "REQ-PARTICIPANT", "OPT-PARTICIPANT",
         "NON-PARTICIPANT", "CHAIR"]
PARTSTATS = ["NEEDS-ACTION", "ACCEPTED", "ACCEPTED", "DECLINED", "TENTATIVE", "DELEGATED"]
CATEGORIES = ["Arbeit", "Privat", "Meeting", "Reise", "Kunde", "会议", "Urgent", "Sport"]
ASCII_LOCAL = {"ö": "oe", "ä": "ae", "ü": "ue", "ß": "ss", "é": "e", "ç": "c", "ë": "e",
               "ł": "l", "ø": "o", "'": ""}
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


def escape_text(value):
    return (value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\n", "\\n"))


def param_value(value):
    return '"%s"' % value if any(c in value for c in ',;:') else value


def fold(line):
    """Folds one content line at 75 octets, never inside a UTF-8 character."""
    data = line.encode("utf-8")
    if len(data) <= 75:
        return data + b"\r\n"
    out = []
    start, limit = 0, 75
    while len(data) - start > limit:
        cut = start + limit
        while data[cut] & 0xC0 == 0x80:  # continuation byte: back off to the character start
            cut -= 1
        out.append(data[start:cut])
        start, limit = cut, 74  # continuation lines start with a space, which counts
    out.append(data[start:])
    return b"\r\n ".join(out) + b"\r\n"


def add_months(value, months):
    """The same day and time `months` later, clamped to the month's length (day <= 28 here is common)."""
    month0 = value.month - 1 + months
    year, month = value.year + month0 // 12, month0 % 12 + 1
    day = min(value.day, [31, 29 if year % 4 == 0 else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1])
    return value.replace(year=year, month=month, day=day)


def email_for(first, last, rng):
    local = "".join(ASCII_LOCAL.get(c, c) for c in (first + "." + last).lower())
    if not local.isascii():
        local = "user%04d" % rng.randrange(10000)
    return "mailto:%s@%s" % (local, rng.choice(["example.com", "example.de", "example.org", "example.jp"]))


def person(rng):
    first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
    cn = "%s, %s" % (last, first) if rng.random() < 0.3 else "%s %s" % (first, last)
    return cn, email_for(first, last, rng)


def fmt_local(t):
    return t.strftime("%Y%m%dT%H%M%S")


def description(rng):
    # Mostly short, sometimes long: a skewed length distribution with a ~200-byte mean.
    count = min(int(rng.expovariate(1 / 2.3)), 40)
    parts = []
    for _ in range(count):
        parts.append(rng.choice(SENTENCES))
        if rng.random() < 0.2:
            parts.append("\n")
    return " ".join(parts).replace(" \n ", "\n").strip()


def event_lines(index, rng):
    uid = "%08d-%04x-calbridge-bench@example.com" % (index, rng.randrange(0x10000))
    kind = rng.random()
    start_day = dt.date(2024, 1, 1) + dt.timedelta(days=rng.randrange(3 * 365))
    lines = ["BEGIN:VEVENT", "UID:" + uid, "DTSTAMP:" + DTSTAMP]
    created = dt.datetime(2023, 1, 1) + dt.timedelta(minutes=rng.randrange(500000))
    lines.append("CREATED:" + fmt_local(created) + "Z")
    lines.append("LAST-MODIFIED:" + fmt_local(created + dt.timedelta(minutes=rng.randrange(100000))) + "Z")

    if kind < 0.12:  # all-day
        mode = "date"
        start = start_day
        end = start + dt.timedelta(days=rng.choice([1, 1, 1, 2, 3, 7]))
        lines.append("DTSTART;VALUE=DATE:" + start.strftime("%Y%m%d"))
        lines.append("DTEND;VALUE=DATE:" + end.strftime("%Y%m%d"))
        fmt = lambda t: t.strftime("%Y%m%d")
        exprefix = "EXDATE;VALUE=DATE:"
    elif kind < 0.27:  # UTC
        mode = "utc"
        start = dt.datetime.combine(start_day, dt.time(rng.randrange(24), rng.choice([0, 15, 30, 45])))
        end = start + dt.timedelta(minutes=rng.choice([15, 30, 45, 60, 90, 120]))
        fmt = lambda t: fmt_local(t) + "Z"
        lines.append("DTSTART:" + fmt(start))
        lines.append("DTEND:" + fmt(end))
        exprefix = "EXDATE:"
    else:  # zoned
        mode = "tz"
        tzid = rng.choice(TZIDS)
        start = dt.datetime.combine(start_day, dt.time(rng.randrange(7, 20), rng.choice([0, 0, 15, 30, 45])))
        end = start + dt.timedelta(minutes=rng.choice([15, 30, 30, 45, 60, 60, 90, 120, 240]))
        fmt = fmt_local
        lines.append("DTSTART;TZID=%s:%s" % (tzid, fmt(start)))
        if rng.random() < 0.9:
            lines.append("DTEND;TZID=%s:%s" % (tzid, fmt(end)))
        else:
            lines.append("DURATION:PT%dM" % ((end - start).seconds // 60))
        exprefix = "EXDATE;TZID=%s:" % tzid

    if rng.random() < 0.30:
        weekly = rng.random() < 0.6
        step = dt.timedelta(days=7 * rng.choice([1, 1, 1, 2])) if weekly else None
        rule = "FREQ=WEEKLY" if weekly else "FREQ=MONTHLY"
        if weekly and step.days == 14:
            rule += ";INTERVAL=2"
        if weekly and rng.random() < 0.3:
            rule += ";BYDAY=" + ",".join(sorted(set([DAYS[start_day.weekday()]] + rng.sample(DAYS[:5], 1)),
                                                key=DAYS.index))
        if not weekly and rng.random() < 0.5:
            rule += ";BYMONTHDAY=%d" % start_day.day
        if rng.random() < 0.5:
            rule += ";COUNT=%d" % rng.randrange(2, 53)
        else:
            until = start + dt.timedelta(days=rng.randrange(30, 400))
            if mode == "date":
                rule += ";UNTIL=" + until.strftime("%Y%m%d")
            elif mode == "utc":
                rule += ";UNTIL=" + fmt(until)
            else:  # with TZID the UNTIL must be UTC
                utc = until - dt.timedelta(hours=TZ_OFFSET_HOURS[tzid])
                rule += ";UNTIL=" + fmt_local(utc) + "Z"
        if rng.random() < 0.2:
            rule += ";WKST=MO"
        lines.append("RRULE:" + rule)
        if rng.random() < 0.4:  # exclude some occurrences of the basic cadence
            picks = sorted(rng.sample(range(1, 8), rng.randrange(1, 4)))
            if weekly:
                dates = [start + step * k for k in picks]
            else:
                dates = [add_months(start, k) for k in picks]
            lines.append(exprefix + ",".join(fmt(d) for d in dates))

    summary = rng.choice(SUMMARIES)
    if rng.random() < 0.3:
        summary += " #%d" % rng.randrange(1, 500)
    lines.append("SUMMARY:" + escape_text(summary))
    location = rng.choice(LOCATIONS)
    if location:
        lines.append("LOCATION:" + escape_text(location))
    desc = description(rng)
    if desc:
        lines.append("DESCRIPTION:" + escape_text(desc))
    if rng.random() < 0.4:
        lines.append("CATEGORIES:" + ",".join(escape_text(c) for c in rng.sample(CATEGORIES, rng.randrange(1, 3))))
    lines.append("STATUS:" + rng.choice(["CONFIRMED", "CONFIRMED", "CONFIRMED", "TENTATIVE", "CANCELLED"]))
    lines.append("TRANSP:" + ("TRANSPARENT" if mode == "date" else "OPAQUE"))
    if rng.random() < 0.3:
        lines.append("CLASS:" + rng.choice(["PUBLIC", "PRIVATE", "CONFIDENTIAL"]))
    lines.append("SEQUENCE:%d" % rng.choice([0, 0, 0, 1, 2, 5]))
    if rng.random() < 0.15:
        lines.append("URL:https://example.com/events/%d" % index)

    org_cn, org_mail = person(rng)
    lines.append("ORGANIZER;CN=%s:%s" % (param_value(org_cn), org_mail))
    for _ in range(rng.randrange(1, 6)):
        cn, mail = person(rng)
        params = ["CUTYPE=INDIVIDUAL", "CN=" + param_value(cn), "ROLE=" + rng.choice(ROLES),
                  "PARTSTAT=" + rng.choice(PARTSTATS)]
        if rng.random() < 0.5:
            params.append("RSVP=TRUE")
        lines.append("ATTENDEE;%s:%s" % (";".join(params), mail))

    if rng.random() < 0.5:
        lines.append("X-MICROSOFT-CDO-BUSYSTATUS:" + rng.choice(["BUSY", "FREE", "TENTATIVE", "OOF"]))
    if rng.random() < 0.3:
        lines.append("X-MICROSOFT-CDO-IMPORTANCE:%d" % rng.randrange(3))
    if rng.random() < 0.2:
        lines.append("X-CALBRIDGE-BENCH-NOTE;X-LANG=de:" + escape_text("Automatisch erzeugt für den Benchmark ✓"))

    if rng.random() < 0.5:
        lines += ["BEGIN:VALARM", "ACTION:DISPLAY",
                  "TRIGGER:-PT%dM" % rng.choice([5, 10, 15, 30, 60]),
                  "DESCRIPTION:" + escape_text("Erinnerung: " + summary), "END:VALARM"]
    lines.append("END:VEVENT")
    return lines


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: generate_calendar.py N OUT.ics\n")
        return 2
    count = int(argv[1])
    with open(argv[2], "wb", buffering=1 << 20) as out:
        header = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge//benchmark generator 1.0//EN",
                  "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:Benchmark – %d Termine 📅" % count,
                  "X-WR-TIMEZONE:Europe/Berlin"]
        out.write(b"".join(fold(line) for line in header))
        for tzid in TZIDS:
            out.write(b"".join(fold(line) for line in VTIMEZONES[tzid]))
        for index in range(count):
            rng = random.Random("%d-%d" % (SEED, index))
            out.write(b"".join(fold(line) for line in event_lines(index, rng)))
        out.write(fold("END:VCALENDAR"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
