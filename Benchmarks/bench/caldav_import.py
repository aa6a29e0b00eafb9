"""import: `calbridge import FILE --to URL` into a real Radicale 3.9 against the python caldav 3.6.0 client
doing the same PUTs (Benchmarks/import_python_caldav.py: one VCALENDAR per UID as calbridge splits it,
add_event one after another), each run into a new collection so both start empty. A creating PUT makes
Radicale check the new UID against every item in the collection under its write lock, so no client
imports faster than the server does that work; the part reports the server's CPU per resource too.
The target: calbridge at least 3x the python client's resources/s."""
import os
import re
import statistics

from runner import VENV_PYTHON, fmt, medians, print_table, say, warm
from servers import Radicale

TARGET_RATIO = 3.0
TOOLS = ["calbridge", "python-caldav"]
CREATED = re.compile(r"^import: ([0-9]+) created,", re.M)


def run(bench):
    source = bench.calendar(bench.options.import_events)
    warm(source)
    rows = {}
    with Radicale(bench.dir / "radicale.log") as server:
        for run_number in range(1, bench.runs + 1):
            for tool in TOOLS:
                measured = one(bench, server, tool, str(source), run_number)
                rows.setdefault(tool, []).append(measured)
        on_tmpfs = server.on_tmpfs
    part = summarise(bench, rows, source, on_tmpfs)
    report(part, bench.save("import", part))


def one(bench, server, tool, source, run_number):
    """One timed import into a new collection, with the resources the client reports created, the .ics files
    the server stored and the CPU seconds the server spent meanwhile."""
    collection = ("cb-run%d" if tool == "calbridge" else "py-run%d") % run_number
    url = "%s/bench/%s/" % (server.base, collection)
    output = bench.dir / ("import-%s.out" % tool)
    log = "stderr-import-%s.txt" % tool
    cpu_before = server.cpu_seconds()
    if tool == "calbridge":
        measured = bench.measure("calbridge import", [bench.calbridge, "import", source, "--to", url, "--user", "bench", "--create",
                                                       "--jobs", str(bench.options.import_jobs)], log,
                                 stdout=output, env=dict(os.environ, CALBRIDGE_PASSWORD="x"))
        said = CREATED.findall((bench.dir / log).read_text(errors="replace"))
        created = int(said[-1]) if said else 0
    else:
        measured = bench.measure("python caldav import", [VENV_PYTHON, "Benchmarks/import_python_caldav.py", url, source], log,
                                 stdout=output)
        digits = "".join(c for c in output.read_text(errors="replace") if c.isdigit())
        created = int(digits) if digits else 0
    measured.update(run=run_number, created=created, stored=server.stored(collection),
                    server_cpu_seconds=round(server.cpu_seconds() - cpu_before, 2))
    say("run %d/%d import %s: %d created, %d stored, %.2fs, server CPU %.2fs, peak RSS %d KB, exit %d" % (
        run_number, bench.runs, tool, created, measured["stored"], measured["seconds"], measured["server_cpu_seconds"],
        measured["peak_rss_kb"], measured["exit"]))
    return measured


def entry(tool, measured):
    ok = all(m["exit"] == 0 for m in measured)
    figures = medians(measured)
    created = statistics.median(m["created"] for m in measured)
    return {
        "tool": tool, "ok": ok, "median_seconds": figures["median_seconds"], "created": created,
        "stored": measured[-1]["stored"],
        "resources_per_second": round(created / figures["median_seconds"], 1) if ok and figures["median_seconds"] > 0 else None,
        "server_cpu_ms_per_resource": round(1000 * statistics.median(m["server_cpu_seconds"] for m in measured) / created, 2)
        if created else None,
        "median_peak_rss_mb": figures["median_peak_rss_mb"], "max_peak_rss_mb": figures["max_peak_rss_mb"],
        "runs": measured,
    }


def summarise(bench, rows, source, on_tmpfs):
    results = [entry(tool, rows[tool]) for tool in TOOLS if tool in rows]
    notes = ["%s: resources reported created differ from .ics files Radicale stored in some run" % r["tool"]
             for r in results if any(m["created"] != m["stored"] for m in r["runs"])]
    by_tool = {r["tool"]: r for r in results}
    cb, py = by_tool.get("calbridge"), by_tool.get("python-caldav")
    if cb and py and cb["created"] != py["created"]:
        notes.append("calbridge created %d resources, python caldav %d" % (cb["created"], py["created"]))
    ratio = None
    if cb and py and cb["resources_per_second"] and py["resources_per_second"]:
        ratio = round(cb["resources_per_second"] / py["resources_per_second"], 3)
    said = [line.strip() for line in (bench.dir / "stderr-import-calbridge.txt").read_text(errors="replace").splitlines()
            if line.startswith("import: ")]
    size = source.stat().st_size
    return {
        "events": bench.options.import_events, "input_bytes": size, "input_mb": round(size / 1e6, 3), "runs": bench.runs,
        "calbridge_commit": bench.commit, "cores": os.cpu_count(),
        "server": "radicale 3.9.0 (filesystem storage%s, use_mtime_and_size_for_item_cache, --auth-type=none, 127.0.0.1)"
        % (" on tmpfs" if on_tmpfs else ""),
        "python_client": "caldav 3.6.0, sequential add_event", "calbridge_concurrent_requests": bench.options.import_jobs,
        "results": results,
        "throughput_ratio_calbridge_over_python": ratio,
        "target": {"ratio": TARGET_RATIO, "met": None if ratio is None else ratio >= TARGET_RATIO},
        "calbridge_summary": said[0] if said else "",
        "notes": notes,
    }


def report(part, path):
    print()
    print("calbridge %s import into Radicale 3.9.0 vs python caldav 3.6.0, %d events (%.1f MB), %d run(s) each, medians (%d cores)" % (
        part["calbridge_commit"], part["events"], part["input_mb"], part["runs"], part["cores"]))
    headings = ["client", "median s", "created", "stored", "resources/s", "server CPU ms/res", "peak RSS MB",
                "status"]
    rows = [(r["tool"], r["median_seconds"], r["created"], r["stored"], fmt(r["resources_per_second"], ".1f"),
             fmt(r["server_cpu_ms_per_resource"], ".1f"), r["median_peak_rss_mb"],
             "ok" if r["ok"] else "FAILED")
            for r in part["results"]]
    print_table("%-14s %9s %8s %7s %12s %17s %12s  %s", headings, "%-14s %9.2f %8d %7d %12s %17s %12.1f  %s", rows)
    print()
    met = part["target"]["met"]
    print("throughput calbridge/python: %s (>1 means calbridge is faster)" % fmt(part["throughput_ratio_calbridge_over_python"], ".2f"))
    print("target: at least %g× the python client — %s" % (TARGET_RATIO, "-" if met is None else ("met" if met else "not met")))
    print("server: " + part["server"])
    cb = next((r for r in part["results"] if r["tool"] == "calbridge"), None)
    if cb and cb["server_cpu_ms_per_resource"]:
        print("ceiling: Radicale spent %.1f ms of CPU per resource calbridge sent; its threads share one interpreter lock and "
              "its writes one lock, so about %.0f resources/s is the most any client gets from it here" % (
                  cb["server_cpu_ms_per_resource"], 1000 / cb["server_cpu_ms_per_resource"]))
    if part["calbridge_summary"]:
        print("calbridge: " + part["calbridge_summary"])
    for note in part["notes"]:
        print("NOTE: " + note)
    print("figures: %s (key \"import\")" % path)
