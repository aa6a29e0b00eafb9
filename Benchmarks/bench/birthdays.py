"""birthdays: a generated address book (Apple/Google-like 3.0, 4.0 and Outlook 2.1 cards, ~85% with a
birthday, every date a real one) to its birthday calendar. The target: under 1 s for 10,000 cards."""
import collections
import os
import re

from runner import count_lines_starting, fmt, medians, per_second, say, warm

TARGET_SECONDS, TARGET_CARDS = 1.0, 10000
# The date properties a birthday event is made from; DEATHDATE only ends one.
DATE_PROPERTY = re.compile(rb"^(item[0-9]+\.)?(BDAY|ANNIVERSARY|X-ABDATE|X-MS-ANNIVERSARY)[;:]", re.M)

def run(bench):
    cards = bench.options.cards
    contacts = bench.generated("generate_contacts.py", cards, bench.dir / ("contacts-%d.vcf" % cards))
    warm(contacts)
    input_dates = len(DATE_PROPERTY.findall(contacts.read_bytes()))
    output = bench.dir / "birthdays.ics"
    measured = []
    for run_number in range(1, bench.runs + 1):
        output.unlink(missing_ok=True)
        one = bench.measure("calbridge birthdays on %s" % contacts,
                            [bench.calbridge, "birthdays", str(contacts), "-o", str(output)], "stderr-birthdays.txt")
        one.update(run=run_number, output_events=count_lines_starting(output, b"BEGIN:VEVENT"))
        measured.append(one)
        say("run %d/%d birthdays %d cards: %d events, %.2fs, peak RSS %d KB, exit %d" % (
            run_number, bench.runs, cards, one["output_events"], one["seconds"], one["peak_rss_kb"], one["exit"]))
    part = summarise(bench, measured, contacts, input_dates, output)
    report(part, bench.save("birthdays", part))

def contacts_by_uid(output):
    """Contacts by the UID of their events, from each event's X-CALBRIDGE-BIRTHDAY-CONTACT (the card's UID, else its
    name): events that share a UID replace each other in a calendar store."""
    found = collections.defaultdict(list)
    try:
        text = output.read_bytes()
    except OSError:
        return found
    uid = None
    for line in text.replace(b"\r\n ", b"").splitlines():
        line = line.rstrip(b"\r")
        if line.startswith(b"UID:"):
            uid = line[4:].decode("utf-8", "replace")
        elif line.startswith(b"X-CALBRIDGE-BIRTHDAY-CONTACT:") and uid is not None:
            found[uid].append(line.split(b":", 1)[1].decode("utf-8", "replace"))
            uid = None
    return found

def summarise(bench, measured, contacts, input_dates, output):
    n, size = bench.options.cards, contacts.stat().st_size
    ok = all(m["exit"] == 0 for m in measured)
    figures = medians(measured)
    events = measured[-1]["output_events"]
    notes = []
    if len({m["output_events"] for m in measured}) != 1:
        notes.append("the runs wrote different numbers of events")
    if ok and events != input_dates:
        notes.append("%d events written for %d date properties in the input" % (events, input_dates))
    shared_uids = {uid: names for uid, names in contacts_by_uid(output).items() if len(names) > 1}
    shared = sum(len(names) for names in shared_uids.values())
    mixed = {uid: sorted(set(names)) for uid, names in shared_uids.items() if len(set(names)) > 1}
    if shared:
        notes.append("%d events share their UID with another (%d UIDs); %d of those UIDs are shared by differently named contacts%s" % (
            shared, len(shared_uids), len(mixed), ", such as " + " / ".join(next(iter(mixed.values()))) if mixed else ""))
    log = (bench.dir / "stderr-birthdays.txt").read_text(errors="replace").splitlines()
    met = ok and figures["median_seconds"] < TARGET_SECONDS if n == TARGET_CARDS else None
    return {
        "cards": n, "input_bytes": size, "input_mb": round(size / 1e6, 3), "input_date_properties": input_dates,
        "runs": bench.runs, "calbridge_commit": bench.commit, "cores": os.cpu_count(), "ok": ok,
        "median_seconds": figures["median_seconds"],
        "cards_per_second": per_second(n, figures["median_seconds"], ok),
        "output_events": events,
        "output_events_sharing_a_uid": shared,
        "uids_shared_by_differently_named_contacts": len(mixed),
        "median_peak_rss_mb": figures["median_peak_rss_mb"], "max_peak_rss_mb": figures["max_peak_rss_mb"],
        "calbridge_summary": log[0].strip() if log else "",
        "target": {"seconds": TARGET_SECONDS, "cards": TARGET_CARDS, "met": met},
        "results": measured,
        "notes": notes,
    }

def report(part, path):
    print()
    print("calbridge %s birthdays, %d run(s), medians (MB = 10^6 bytes; %d cores)" % (
        part["calbridge_commit"], part["runs"], part["cores"]))
    header = "%8s %7s %9s %9s %8s %10s %12s  %s" % ("cards", "MB", "median s", "cards/s", "events", "date props", "peak RSS MB", "status")
    print(header)
    print("-" * len(header))
    print("%8d %7.1f %9.2f %9s %8d %10d %12.1f  %s" % (
        part["cards"], part["input_mb"], part["median_seconds"], fmt(part["cards_per_second"], ".0f"), part["output_events"],
        part["input_date_properties"], part["median_peak_rss_mb"], "ok" if part["ok"] else "FAILED"))
    print()
    if part["calbridge_summary"]:
        print("calbridge: " + part["calbridge_summary"])
    met = part["target"]["met"]
    verdict = ("met" if met else "not met") if met is not None else "not judged (%d cards, not %d)" % (part["cards"], TARGET_CARDS)
    print("target: under %g s for %s cards — %s" % (TARGET_SECONDS, format(TARGET_CARDS, ","), verdict))
    for note in part["notes"]:
        print("NOTE: " + note)
    print("figures: %s (key \"birthdays\")" % path)
