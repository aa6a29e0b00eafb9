"""expand: calbridge over a year against python recurring-ical-events and libical's
icalcomponent_foreach_recurrence, same file and window. The generator's events start uniformly over
2024-2026 and recur for up to ~13 months, so 2026 is as full a year as 2025. The peers use one core;
calbridge runs on every core, and once more pinned to one (`taskset -c 0`) for its one-core ratio."""
import os

from runner import VENV_PYTHON, SlowPeer, fmt, medians, per_second, print_table, ratio, say, warm

WINDOW = ("2026-01-01", "2027-01-01")
TOOLS = ["calbridge", "calbridge-one-core", "recurring-ical-events", "libical"]


def occurrences(tool, output):
    """The occurrences a run found: calbridge's JSON lines, or the number a peer printed."""
    try:
        text = output.read_bytes()
    except OSError:
        return 0
    if tool.startswith("calbridge"):
        return text.count(b"\n")
    digits = bytes(c for c in text if 48 <= c <= 57)
    return int(digits) if digits else 0


def command(bench, tool, source, libical, output):
    start, end = WINDOW
    if tool.startswith("calbridge"):
        pin = ["taskset", "-c", "0"] if tool == "calbridge-one-core" else []
        return pin + [bench.calbridge, "expand", source, "--from", start, "--to", end, "-o", str(output)], None
    if tool == "recurring-ical-events":
        return [VENV_PYTHON, "Benchmarks/expand_recurring_ical_events.py", source, start, end], output
    return [libical, source, start, end], output


def run(bench):
    libical = bench.compile("libical_expand")
    source = bench.calendar(bench.options.expand_events)
    warm(source)
    peer = SlowPeer("recurring-ical-events", bench.options.rie_slow_seconds)
    rows = {}
    for run_number in range(1, bench.runs + 1):
        for tool in TOOLS:
            if tool == "recurring-ical-events" and not peer.due("the expand calendar", run_number):
                continue
            output = bench.dir / ("expand-%s.out" % tool)
            output.unlink(missing_ok=True)
            args, stdout = command(bench, tool, str(source), libical, output)
            measured = bench.measure("%s expand" % tool, args, "stderr-expand-%s.txt" % tool, stdout=stdout)
            measured.update(run=run_number, occurrences=occurrences(tool, output) if measured["exit"] == 0 else 0)
            rows.setdefault(tool, []).append(measured)
            if tool == "recurring-ical-events":
                peer.record("the expand calendar", measured)
            say("run %d/%d expand %s: %d occurrences, %.2fs, peak RSS %d KB, exit %d" % (
                run_number, bench.runs, tool, measured["occurrences"], measured["seconds"], measured["peak_rss_kb"],
                measured["exit"]))
    part = summarise(bench, rows, source)
    report(part, bench.save("expand", part))


def entry(tool, measured):
    ok = all(m["exit"] == 0 for m in measured)
    figures = medians(measured)
    found = measured[-1]["occurrences"]
    return {
        "tool": tool, "ok": ok, "runs_done": len(measured), "occurrences": found,
        "occurrences_stable": len({m["occurrences"] for m in measured}) == 1,
        "median_seconds": figures["median_seconds"],
        "occurrences_per_second": per_second(found, figures["median_seconds"], ok),
        "median_peak_rss_mb": figures["median_peak_rss_mb"], "max_peak_rss_mb": figures["max_peak_rss_mb"],
        "runs": measured,
    }


def summarise(bench, rows, source):
    results = [entry(tool, rows[tool]) for tool in TOOLS if tool in rows]
    by_tool = {r["tool"]: r for r in results}
    base, notes = by_tool.get("calbridge"), []
    for r in results:
        if not r["occurrences_stable"]:
            notes.append("%s found different numbers of occurrences in different runs" % r["tool"])
        if r is base or not base or not r["ok"] or not base["ok"]:
            continue
        difference = (r["occurrences"] - base["occurrences"]) / max(base["occurrences"], 1)
        r["count_difference_vs_calbridge"] = round(difference, 5)
        if abs(difference) > 0.01:
            notes.append("%s found %d occurrences, %+.2f%% against calbridge's %d (more than 1%%)" % (
                r["tool"], r["occurrences"], difference * 100, base["occurrences"]))
    rie = by_tool.get("recurring-ical-events")
    if rie and rie["runs_done"] < bench.runs:
        notes.append("recurring-ical-events ran %d time(s), not %d: its first run took over %s s" % (
            rie["runs_done"], bench.runs, bench.options.rie_slow_seconds))
    size = source.stat().st_size
    return {
        "events": bench.options.expand_events, "input_bytes": size, "input_mb": round(size / 1e6, 3),
        "window": {"from": WINDOW[0], "to": WINDOW[1], "half_open": True},
        "runs": bench.runs, "calbridge_commit": bench.commit, "cores": os.cpu_count(),
        "results": results,
        "throughput_ratio_calbridge_over_recurring_ical_events": ratio(base, rie, "occurrences_per_second"),
        "throughput_ratio_calbridge_over_libical": ratio(base, by_tool.get("libical"), "occurrences_per_second"),
        "throughput_ratio_calbridge_one_core_over_recurring_ical_events": ratio(
            by_tool.get("calbridge-one-core"), rie, "occurrences_per_second"),
        "throughput_ratio_calbridge_one_core_over_libical": ratio(
            by_tool.get("calbridge-one-core"), by_tool.get("libical"), "occurrences_per_second"),
        "notes": notes,
    }


def report(part, path):
    print()
    print("calbridge %s expand vs recurring-ical-events vs libical, %d events (%.1f MB), window [%s, %s), "
          "%d run(s) each, medians (%d cores)" % (part["calbridge_commit"], part["events"], part["input_bytes"] / 1e6,
                                                  WINDOW[0], WINDOW[1], part["runs"], part["cores"]))
    headings = ["tool", "runs", "occurrences", "median s", "occurr./s", "peak RSS MB", "status"]
    rows = [(r["tool"], r["runs_done"], r["occurrences"], r["median_seconds"],
             fmt(r["occurrences_per_second"], ".0f"), r["median_peak_rss_mb"], "ok" if r["ok"] else "FAILED")
            for r in part["results"]]
    print_table("%-22s %5s %12s %9s %12s %12s  %s", headings, "%-22s %5d %12d %9.2f %12s %12.1f  %s", rows)
    print()
    print("throughput calbridge/recurring-ical-events: %s, calbridge/libical: %s (occurrences per second; >1 means calbridge is faster)" % (
        fmt(part["throughput_ratio_calbridge_over_recurring_ical_events"], ".2f"),
        fmt(part["throughput_ratio_calbridge_over_libical"], ".2f")))
    print("calbridge on one core: %s× recurring-ical-events, %s× libical" % (
        fmt(part["throughput_ratio_calbridge_one_core_over_recurring_ical_events"], ".2f"),
        fmt(part["throughput_ratio_calbridge_one_core_over_libical"], ".2f")))
    base = next((r for r in part["results"] if r["tool"] == "calbridge"), None)
    if base:
        print("occurrence counts against calbridge's %d: %s" % (base["occurrences"], ", ".join(
            "%s %d (%+.2f%%)" % (r["tool"], r["occurrences"], r["count_difference_vs_calbridge"] * 100)
            for r in part["results"] if "count_difference_vs_calbridge" in r) or "-"))
    print("(all three count occurrences that overlap the window; libical reads it as UTC, calbridge (without --tz) and")
    print(" recurring-ical-events in each event's zone. Known causes of small differences: libical also counts all-day")
    print(" events that end exactly at the window start; recurring-ical-events moves UTC events into the calendar's")
    print(" X-WR-TIMEZONE, Europe/Berlin here, and repeats them in its wall time, so they shift an hour across DST and")
    print(" their UTC UNTIL and EXDATE values can miss)")
    for note in part["notes"]:
        print("NOTE: " + note)
    print("figures: %s (key \"expand\")" % path)
