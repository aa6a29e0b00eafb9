"""xCal (RFC 6321) and jCal (RFC 7265): calbridge's conversions to and from them against its own
ics -> ics in the same run, and python icalendar's to_json as the ics -> jCal peer (no peer on this
machine writes xCal). The xCal and jCal the "from" rows read are written first, untimed, by the same
commands as the "to" rows, since calbridge's writers may have changed since the last run."""
import os

from runner import VENV_PYTHON, SlowPeer, count_bytes, count_lines_starting, fmt, medians, per_second, print_table, say, warm

LABELS = {"ics-ics": "ics -> ics", "ics-xcal": "ics -> xCal", "xcal-ics": "xCal -> ics",
          "ics-jcal": "ics -> jCal", "jcal-ics": "jCal -> ics", "py-ics-jcal": "ics -> jCal (python icalendar)"}
CALBRIDGE_CASES = ["ics-ics", "ics-xcal", "xcal-ics", "ics-jcal", "jcal-ics"]
# Each case's input (by format), output file and calbridge options.
CASES = {
    "ics-ics": ("ics", "xcal-out.ics", []),
    "ics-xcal": ("ics", "xcal-out.xml", ["--to", "xcal"]),
    "xcal-ics": ("xcal", "xcal-back.ics", ["--from", "xcal", "--to", "ics"]),
    "ics-jcal": ("ics", "xcal-out.jcal", ["--to", "jcal"]),
    "jcal-ics": ("jcal", "jcal-back.ics", ["--from", "jcal", "--to", "ics"]),
    "py-ics-jcal": ("ics", "xcal-py-out.jcal", None),
}


def output_events(case, output):
    if case.endswith("-ics"):
        return count_lines_starting(output, b"BEGIN:VEVENT")
    return count_bytes(output, b"<vevent>" if case == "ics-xcal" else b'["vevent"')


def run(bench):
    n = bench.options.xcal_events or bench.options.events
    inputs = {"ics": bench.calendar(n)}
    for form, suffix in [("xcal", ".xml"), ("jcal", ".jcal")]:
        inputs[form] = bench.dir / ("calendar-%d%s" % (n, suffix))
        say("writing %s (untimed)" % inputs[form])
        inputs[form].unlink(missing_ok=True)
        bench.prepare("calbridge writing %s" % inputs[form],
                      [bench.calbridge, "convert", str(inputs["ics"]), "--to", form, "-o", str(inputs[form])],
                      "stderr-xcal-prepare-%s.txt" % form)
    warm(*inputs.values())
    python = SlowPeer("python icalendar's ics -> jCal", bench.options.python_slow_seconds)
    cases = CALBRIDGE_CASES + (["py-ics-jcal"] if bench.options.python else [])
    rows = {}
    for run_number in range(1, bench.runs + 1):
        for case in cases:
            if case == "py-ics-jcal" and not python.due("%d events" % n, run_number):
                continue
            measured = one(bench, case, inputs, n, run_number)
            rows.setdefault(case, []).append(measured)
            if case == "py-ics-jcal":
                python.record("%d events" % n, measured)
    part = summarise(bench, rows, n)
    report(part, bench.save("xcal", part))


def one(bench, case, inputs, n, run_number):
    form, name, options = CASES[case]
    source, output = inputs[form], bench.dir / name
    output.unlink(missing_ok=True)
    if options is None:
        args = [VENV_PYTHON, "Benchmarks/convert_python_icalendar.py", str(source), str(output), "jcal"]
    else:
        args = [bench.calbridge, "convert", str(source)] + options + ["-o", str(output)]
    measured = bench.measure("%s on %s" % (case, source), args, "stderr-xcal-%s.txt" % case)
    measured.update(run=run_number, output_events=output_events(case, output), bytes=source.stat().st_size)
    say("run %d/%d %s %d events: %.2fs, peak RSS %d KB, exit %d" % (
        run_number, bench.runs, case, n, measured["seconds"], measured["peak_rss_kb"], measured["exit"]))
    return measured


def compare(path_a, path_b):
    """Lines that differ between two .ics files, and how many of those are RRULEs with the same parts in another order."""
    differing = reordered = 0
    try:
        with open(path_a, "rb") as a, open(path_b, "rb") as b:
            for line_a, line_b in zip(a, b):
                if line_a == line_b:
                    continue
                differing += 1
                if line_a.startswith(b"RRULE:") and line_b.startswith(b"RRULE:") and \
                        sorted(line_a[6:].rstrip().split(b";")) == sorted(line_b[6:].rstrip().split(b";")):
                    reordered += 1
            differing += sum(1 for _ in a) + sum(1 for _ in b)  # one file longer than the other
    except OSError:
        return None, None
    return differing, reordered


def entry(case, n, measured):
    ok = all(m["exit"] == 0 for m in measured)
    size = measured[0]["bytes"]
    figures = medians(measured)
    return dict({
        "conversion": case, "label": LABELS[case], "tool": "python-icalendar" if case.startswith("py-") else "calbridge",
        "events": n, "input_bytes": size, "input_mb": round(size / 1e6, 3), "ok": ok, "runs_done": len(measured),
    }, **figures, **{
        "events_per_second": per_second(n, figures["median_seconds"], ok),
        "mb_per_second": round(size / 1e6 / figures["median_seconds"], 3) if ok and figures["median_seconds"] > 0 else None,
        "output_events": measured[-1]["output_events"],
        "runs": measured,
    })


def summarise(bench, rows, n):
    results = [entry(case, n, rows[case]) for case in LABELS if case in rows]
    by_case = {r["conversion"]: r for r in results}
    base, notes = by_case.get("ics-ics"), []
    for r in results:
        good = base and base["ok"] and r["ok"] and base["events_per_second"]
        r["throughput_ratio_over_ics_to_ics"] = round(r["events_per_second"] / base["events_per_second"], 3) if good else None
        if r["ok"] and r["output_events"] != n:
            notes.append("%s wrote %d events, not %d" % (r["label"], r["output_events"], n))
    for case, back in [("xcal-ics", "xcal-back.ics"), ("jcal-ics", "jcal-back.ics")]:
        r = by_case.get(case)
        if not r or not r["ok"] or not base or not base["ok"]:
            continue
        differing, reordered = compare(bench.dir / "xcal-out.ics", bench.dir / back)
        r["lines_differing_from_ics_to_ics"] = differing
        r["lines_differing_only_in_rrule_part_order"] = reordered
        if differing is not None and differing != reordered:
            notes.append("%s's output differs from ics -> ics's in %d line(s) beyond RRULE part order" % (
                r["label"], differing - reordered))
    python_jcal, calbridge_jcal = by_case.get("py-ics-jcal"), by_case.get("ics-jcal")
    jcal_over_python = None
    if python_jcal and calbridge_jcal and python_jcal["events_per_second"] and calbridge_jcal["events_per_second"]:
        jcal_over_python = round(calbridge_jcal["events_per_second"] / python_jcal["events_per_second"], 3)
    if python_jcal and python_jcal["runs_done"] < bench.runs:
        notes.append("python icalendar's ics -> jCal ran %d time(s), not %d: its first run took over %s s" % (
            python_jcal["runs_done"], bench.runs, bench.options.python_slow_seconds))
    return {
        "events": n, "runs": bench.runs, "calbridge_commit": bench.commit, "cores": os.cpu_count(),
        "streamed": {"ics": True, "xcal": True, "jcal": True},
        "results": results,
        "peers": {"ics-jcal": "python icalendar 7.3.0 (Calendar.from_ical + to_json)", "ics-xcal": None},
        "throughput_ratio_calbridge_over_python_icalendar_jcal": jcal_over_python,
        "notes": notes,
    }


def report(part, path):
    print()
    print("calbridge %s convert ics/xCal/jCal, %d events, %d run(s) each, medians (MB = 10^6 bytes; %d cores)" % (
        part["calbridge_commit"], part["events"], part["runs"], part["cores"]))
    headings = ["conversion", "runs", "input MB", "median s", "MB/s", "events/s", "peak RSS MB", "vs ics>ics",
                "out evts", "status"]
    rows = [(r["label"], r["runs_done"], r["input_mb"], r["median_seconds"], fmt(r["mb_per_second"], ".2f"),
             fmt(r["events_per_second"], ".0f"), r["median_peak_rss_mb"],
             fmt(r["throughput_ratio_over_ics_to_ics"], ".2f"), r["output_events"],
             "ok" if r["ok"] else "FAILED")
            for r in part["results"]]
    print_table("%-30s %5s %8s %9s %7s %10s %12s %10s %8s  %s", headings, "%-30s %5d %8.1f %9.2f %7s %10s %12.1f %10s %8d  %s", rows)
    print()
    print("(MB/s is of each row's own input; \"vs ics>ics\" is events/s over calbridge's ics -> ics, >1 means faster)")
    print("ics -> jCal calbridge/python icalendar: %s (events/s; no peer on this machine writes xCal)" % fmt(
        part["throughput_ratio_calbridge_over_python_icalendar_jcal"], ".1f"))
    print("note: xCal and jCal are streamed like ics -> ics, one top-level component at a time; peak RSS should not grow with the calendar")
    for r in part["results"]:
        if r.get("lines_differing_from_ics_to_ics") is not None:
            print("%s round trip vs ics -> ics output: %d line(s) differ, %d of them only in RRULE part order" % (
                r["label"], r["lines_differing_from_ics_to_ics"], r["lines_differing_only_in_rrule_part_order"]))
    for note in part["notes"]:
        print("NOTE: " + note)
    print("figures: %s (key \"xcal\")" % path)
