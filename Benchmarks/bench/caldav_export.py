"""export: `calbridge export URL -o FILE` from a real Radicale 3.9 collection of --export-events events
against the python caldav 3.6.0 client's calendar.events() (Benchmarks/export_python_caldav.py), both
reading the same collection in the same run and writing one calendar. calbridge asks for everything in
one calendar-query REPORT and reads the answer as it streams. The target: calbridge at least 3x the
python client's events/s."""
import os

from runner import VENV_PYTHON, fmt, medians, print_table, say, warm
from servers import Radicale

TARGET_RATIO = 3.0
TOOLS = ["calbridge", "python-caldav"]


def run(bench):
    source = bench.calendar(bench.options.export_events)
    warm(source)
    rows = {}
    with Radicale(bench.dir / "radicale-export.log") as server:
        url = "%s/bench/export/" % server.base
        filled = bench.measure("calbridge import (filling)", [bench.calbridge, "import", str(source), "--to", url, "--user", "bench",
                                                              "--create"], "stderr-export-fill.txt",
                               stdout=bench.dir / "export-fill.out", env=dict(os.environ, CALBRIDGE_PASSWORD="x"))
        if filled["exit"] != 0:
            raise RuntimeError("filling the export collection failed: see %s" % (bench.dir / "stderr-export-fill.txt"))
        for run_number in range(1, bench.runs + 1):
            for tool in TOOLS:
                rows.setdefault(tool, []).append(one(bench, url, tool, run_number))
    part = summarise(bench, rows)
    report(part, bench.save("export", part))


def one(bench, url, tool, run_number):
    output = bench.dir / ("export-%s.ics" % tool)
    log = "stderr-export-%s.txt" % tool
    if tool == "calbridge":
        measured = bench.measure("calbridge export", [bench.calbridge, "export", url, "--user", "bench", "-o", str(output)], log,
                                 env=dict(os.environ, CALBRIDGE_PASSWORD="x"))
    else:
        measured = bench.measure("python caldav export", [VENV_PYTHON, "Benchmarks/export_python_caldav.py", url, str(output)], log)
    events = output.read_text(errors="replace").count("BEGIN:VEVENT") if output.exists() else 0
    measured.update(run=run_number, events=events)
    say("run %d/%d export %s: %d events, %.2fs, peak RSS %d KB, exit %d" % (
        run_number, bench.runs, tool, events, measured["seconds"], measured["peak_rss_kb"], measured["exit"]))
    return measured


def summarise(bench, rows):
    results = []
    for tool in TOOLS:
        measured = rows[tool]
        figures = medians(measured)
        ok = all(m["exit"] == 0 for m in measured)
        events = measured[-1]["events"]
        results.append({"tool": tool, "ok": ok, "median_seconds": figures["median_seconds"], "events": events,
                        "events_per_second": round(events / figures["median_seconds"], 1) if ok and figures["median_seconds"] else None,
                        "median_peak_rss_mb": figures["median_peak_rss_mb"], "runs": measured})
    cb, py = results
    ratio = round(cb["events_per_second"] / py["events_per_second"], 3) if cb["events_per_second"] and py["events_per_second"] else None
    return {"events": bench.options.export_events, "runs": bench.runs, "calbridge_commit": bench.commit, "cores": os.cpu_count(),
            "server": "radicale 3.9.0 (filesystem storage, --auth-type=none, 127.0.0.1)",
            "python_client": "caldav 3.6.0, calendar.events()", "results": results,
            "throughput_ratio_calbridge_over_python": ratio,
            "target": {"ratio": TARGET_RATIO, "met": None if ratio is None else ratio >= TARGET_RATIO}}


def report(part, path):
    print()
    print("calbridge %s export from Radicale 3.9.0 vs python caldav 3.6.0 calendar.events(), %d events, %d run(s) each, medians" % (
        part["calbridge_commit"], part["events"], part["runs"]))
    rows = [(r["tool"], r["median_seconds"], r["events"], fmt(r["events_per_second"], ".1f"), r["median_peak_rss_mb"],
             "ok" if r["ok"] else "FAILED") for r in part["results"]]
    print_table("%-14s %9s %8s %10s %12s  %s", ["client", "median s", "events", "events/s", "peak RSS MB", "status"],
                "%-14s %9.2f %8d %10s %12.1f  %s", rows)
    met = part["target"]["met"]
    print("throughput calbridge/python: %s; target at least %g× — %s" % (
        fmt(part["throughput_ratio_calbridge_over_python"], ".2f"), TARGET_RATIO, "-" if met is None else ("met" if met else "not met")))
    print("figures: %s (key \"export\")" % path)
