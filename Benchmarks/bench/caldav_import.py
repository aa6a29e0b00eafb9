"""import: `calbridge import FILE --to URL` (its --jobs left to choose: one write at a time for a server
that serializes writes, four or eight for one that does not) into each real server (Radicale 3.9,
Xandikos 0.4, Cyrus IMAP 3.6 when installed) against the python caldav 3.6.0 client doing the same PUTs
(Benchmarks/import_python_caldav.py: one VCALENDAR per UID as calbridge splits it, add_event one after
another), each run into a new collection with UIDs of its own (Cyrus refuses a UID another of the user's
calendars holds). After each calbridge run the same file is imported again: it must write nothing, which
the collection's etags before and after tell (the server's word, not calbridge's). The part reports the
server's CPU per resource too: a server that takes one write at a time caps every client.

The target (issue 17): calbridge at least 3x the python client's resources/s on a server that takes
concurrent writes."""
import os
import re
import statistics

from runner import VENV_PYTHON, fmt, medians, print_table, say, warm
from servers import installed_servers, with_earlier_servers

TARGET_RATIO = 3.0
TOOLS = ["calbridge", "python-caldav", "calbridge-again"]
CREATED = re.compile(r"^import: ([0-9]+) created,", re.M)
UNCHANGED = re.compile(r"^import: .*?([0-9]+) already there", re.M)


def run(bench):
    source = bench.calendar(bench.options.import_events)
    warm(source)
    servers = []
    for name, kind in installed_servers(bench, "import"):
        servers.append(one_server(bench, name, kind, source))
    part = {"events": bench.options.import_events, "input_mb": round(source.stat().st_size / 1e6, 3), "runs": bench.runs,
            "calbridge_commit": bench.commit, "cores": os.cpu_count(), "python_client": "caldav 3.6.0, sequential add_event",
            "calbridge_jobs": bench.options.import_jobs or "chosen by calbridge",
            "servers": with_earlier_servers(bench, "import", servers)}
    report(part, bench.save("import", part))


def one_server(bench, name, kind, source):
    rows = {}
    with kind(bench.dir / ("%s-import.log" % name)) as server:
        for run_number in range(1, bench.runs + 1):
            for tool in ["calbridge", "python-caldav"]:
                collection = "%s-run%d" % ("cb" if tool == "calbridge" else "py", run_number)
                own = with_uid_prefix(bench, source, "%s-%s-" % (name, collection))
                rows.setdefault(tool, []).append(one(bench, server, tool, own, collection, run_number))
                if tool == "calbridge":
                    rows.setdefault("calbridge-again", []).append(one(bench, server, "calbridge-again", own, collection, run_number))
                own.unlink()
        description = server.description
    return summarise(bench, name, description, rows)


def with_uid_prefix(bench, source, prefix):
    """A copy of the calendar whose UIDs start with `prefix`."""
    copy = bench.dir / ("import-%s.ics" % prefix.rstrip("-"))
    copy.write_bytes(source.read_bytes().replace(b"\nUID:", b"\nUID:" + prefix.encode()))
    return copy


def one(bench, server, tool, source, collection, run_number):
    """One timed import: resources the client reports created (or left unchanged), what the server holds
    after it, how many of its etags the run changed, and the CPU seconds the server spent meanwhile."""
    url = server.collection(collection)
    output = bench.dir / ("import-%s.out" % tool)
    log = "stderr-import-%s.txt" % tool
    before = server.etags(collection) if tool == "calbridge-again" else {}
    cpu_before = server.cpu_seconds()
    if tool.startswith("calbridge"):
        jobs = ["--jobs", str(bench.options.import_jobs)] if bench.options.import_jobs else []
        measured = bench.measure("calbridge import", [bench.calbridge, "import", str(source), "--to", url, "--user", server.user]
                                 + ([] if before else ["--create"]) + jobs, log, stdout=output, env=server.env())
        said = (bench.dir / log).read_text(errors="replace")
        counts = (UNCHANGED if before else CREATED).findall(said)
        count = int(counts[-1]) if counts else 0
    else:
        measured = bench.measure("python caldav import", [VENV_PYTHON, "Benchmarks/import_python_caldav.py", url, str(source)], log,
                                 stdout=output, env=server.env())
        digits = "".join(c for c in output.read_text(errors="replace") if c.isdigit())
        count = int(digits) if digits else 0
    cpu = round(server.cpu_seconds() - cpu_before, 2)
    after = server.etags(collection)
    rewritten = sum(1 for href, etag in after.items() if before.get(href) != etag) if before else None
    measured.update(run=run_number, count=count, stored=len(after), rewritten=rewritten, server_cpu_seconds=cpu)
    say("run %d/%d import into %s, %s: %d %s, %d stored%s, %.2fs, server CPU %.2fs, exit %d" % (
        run_number, bench.runs, server.name, tool, count, "unchanged" if before else "created", len(after),
        "" if rewritten is None else ", %d rewritten" % rewritten, measured["seconds"], cpu, measured["exit"]))
    return measured


def entry(tool, measured):
    ok = all(m["exit"] == 0 for m in measured)
    figures = medians(measured)
    count = statistics.median(m["count"] for m in measured)
    rewritten = [m["rewritten"] for m in measured if m["rewritten"] is not None]
    return {
        "tool": tool, "ok": ok, "median_seconds": figures["median_seconds"], "count": count, "stored": measured[-1]["stored"],
        "resources_per_second": round(count / figures["median_seconds"], 1) if ok and figures["median_seconds"] > 0 else None,
        "server_cpu_ms_per_resource": round(1000 * statistics.median(m["server_cpu_seconds"] for m in measured) / count, 2)
        if count else None,
        "server_cpu_seconds": statistics.median(m["server_cpu_seconds"] for m in measured),
        "most_rewritten": max(rewritten) if rewritten else None,
        "median_peak_rss_mb": figures["median_peak_rss_mb"], "runs": measured,
    }


def summarise(bench, name, description, rows):
    results = [entry(tool, rows[tool]) for tool in TOOLS]
    by_tool = {r["tool"]: r for r in results}
    cb, py = by_tool["calbridge"], by_tool["python-caldav"]
    notes = ["%s: %d resources reported, %d stored" % (r["tool"], r["count"], r["stored"])
             for r in (cb, py) if r["count"] != r["stored"]]
    ratio = round(cb["resources_per_second"] / py["resources_per_second"], 3) \
        if cb["resources_per_second"] and py["resources_per_second"] else None
    said = [line.strip() for line in (bench.dir / "stderr-import-calbridge.txt").read_text(errors="replace").splitlines()
            if line.startswith("import: ")]
    return {"server": name, "description": description, "results": results, "events": bench.options.import_events,
            "runs": bench.runs, "calbridge_commit": bench.commit, "throughput_ratio_calbridge_over_python": ratio,
            "target": {"ratio": TARGET_RATIO, "met": None if ratio is None else ratio >= TARGET_RATIO},
            "unchanged_reimport_wrote": by_tool["calbridge-again"]["most_rewritten"],
            # Issue #31: the import's time at most 1.5x what the server spends on it (its CPU time during the import).
            "over_server_cpu": round(cb["median_seconds"] / cb["server_cpu_seconds"], 3) if cb["ok"] and cb["server_cpu_seconds"] else None,
            "calbridge_summary": said[0] if said else "", "notes": notes}


def report(part, path):
    print()
    print("calbridge %s import vs python caldav 3.6.0, %d events (%.1f MB), %d run(s) each, medians (%d cores); calbridge --jobs: %s" % (
        part["calbridge_commit"], part["events"], part["input_mb"], part["runs"], part["cores"], part["calbridge_jobs"]))
    rows = []
    for server in part["servers"]:
        for r in server["results"]:
            rows.append((server["server"], r["tool"], r["median_seconds"], r["count"], r["stored"], fmt(r["resources_per_second"], ".1f"),
                         fmt(r["server_cpu_ms_per_resource"], ".1f"), fmt(r["most_rewritten"], "d"), "ok" if r["ok"] else "FAILED"))
    print_table("%-9s %-16s %9s %6s %7s %12s %17s %10s  %s",
                ["server", "client", "median s", "count", "stored", "resources/s", "server CPU ms/res", "rewritten", "status"],
                "%-9s %-16s %9.2f %6d %7d %12s %17s %10s  %s", rows)
    print("(count: created, or for calbridge-again, the same file again, left unchanged; rewritten: etags that run changed)")
    for server in part["servers"]:
        met = server["target"]["met"]
        print("%s: calbridge %s× python caldav (target at least %g× on a server that takes concurrent writes — %s); "
              "the unchanged re-import rewrote %s resources" % (
                  server["server"], fmt(server["throughput_ratio_calbridge_over_python"], ".2f"), TARGET_RATIO,
                  "-" if met is None else ("met" if met else "not met"), fmt(server["unchanged_reimport_wrote"], "d")))
        print("%s: calbridge's import took %s× the server's CPU time during it (target at most 1.5×)" % (
            server["server"], fmt(server.get("over_server_cpu"), ".2f")))
        for note in server["notes"]:
            print("NOTE: %s: %s" % (server["server"], note))
    print("figures: %s (key \"import\")" % path)
