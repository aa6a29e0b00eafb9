#!/usr/bin/env python3
"""Whether a CalDAV server takes concurrent writes: the same file imported by python caldav 3.6.0 (one
add_event at a time, Benchmarks/import_python_caldav.py) and by `calbridge import` with --jobs 1, 2, 4,
8 and its own choice, interleaved in one run against one server (Benchmarks/bench/servers.py starts it
with fresh storage, as Scripts/bench does), each import into a new collection with UIDs of its own.

Usage: .venv/bin/python Benchmarks/import_jobs_sweep.py CALBRIDGE [--server davical] [--events 500]
       [--runs 2] [--jobs 1,2,4,8,auto]

For every import it records the wall time, the client's CPU (user + system, of the process and its
children, from wait4) and the server's CPU meanwhile (every process of the server's session, reaped
children included: for DAViCal, Apache's PHP workers and PostgreSQL with its per-connection backends),
so that what a write costs the server, and what it costs the client, can be told apart. Prints a table
of medians and writes every run to .build/bench/import-jobs-SERVER.json."""
import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Benchmarks/bench"))

import servers  # noqa: E402  (Benchmarks/bench's own module)

VENV_PYTHON = str(ROOT / ".venv/bin/python")


def timed(command, env, stdout):
    """Runs command; its wall seconds, CPU seconds (its own and its children's) and exit status."""
    start = time.monotonic()
    process = subprocess.Popen(command, env=env, stdout=stdout, stderr=subprocess.STDOUT, cwd=ROOT)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.monotonic() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    return seconds, usage.ru_utime + usage.ru_stime, process.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("calbridge")
    parser.add_argument("--server", default="davical", choices=sorted(servers.SERVERS))
    parser.add_argument("--events", type=int, default=500)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--jobs", default="1,2,4,8,auto", help="calbridge's --jobs values, 'auto' for none given")
    options = parser.parse_args()
    out = ROOT / ".build/bench"
    out.mkdir(parents=True, exist_ok=True)
    source = out / ("calendar-%d.ics" % options.events)
    if not source.exists():
        subprocess.run([sys.executable, str(ROOT / "Benchmarks/generate_calendar.py"), str(options.events), str(source)], check=True)
    clients = ["python-caldav"] + ["calbridge --jobs %s" % j if j != "auto" else "calbridge" for j in options.jobs.split(",")]
    runs = []
    kind = servers.SERVERS[options.server]
    with kind(out / ("%s-jobs.log" % options.server)) as server:
        for run_number in range(1, options.runs + 1):
            for client in clients:
                name = "r%d-%s" % (run_number, client.replace("calbridge", "cb").replace(" --jobs ", "j").replace("python-caldav", "py"))
                own = out / ("import-jobs-%s.ics" % name)
                own.write_bytes(source.read_bytes().replace(b"\nUID:", b"\nUID:%s-" % name.encode()))
                url = server.collection(name)
                if client == "python-caldav":
                    command = [VENV_PYTHON, str(ROOT / "Benchmarks/import_python_caldav.py"), url, str(own)]
                else:
                    command = [options.calbridge, "import", str(own), "--to", url, "--user", server.user, "--create"] + client.split()[1:]
                load = os.getloadavg()[0]
                cpu_before = server.cpu_seconds()
                with open(out / "import-jobs-client.log", "ab") as log:
                    seconds, client_cpu, status = timed(command, server.env(), log)
                server_cpu = server.cpu_seconds() - cpu_before
                try:
                    stored = len(server.etags(name))
                except OSError:  # no collection: the client failed before creating it
                    stored = 0
                own.unlink()
                row = {"run": run_number, "client": client, "seconds": round(seconds, 3), "client_cpu": round(client_cpu, 2),
                       "server_cpu": round(server_cpu, 2), "stored": stored, "exit": status, "load_before": round(load, 2),
                       "resources_per_second": round(stored / seconds, 1) if seconds else None}
                runs.append(row)
                print("run %d %-20s %4d stored in %6.2f s: %5.1f/s, client CPU %.2f s, server CPU %.2f s (%.1f ms a resource), "
                      "exit %d, load %.1f" % (run_number, client, stored, seconds, row["resources_per_second"], client_cpu, server_cpu,
                                              1000 * server_cpu / max(stored, 1), status, load), flush=True)
        description = server.description
    print("\n%s, %d events, medians of %d runs\n" % (description, options.events, options.runs))
    print("| client | resources/s | seconds | client CPU ms/resource | server CPU ms/resource | ÷ python caldav |")
    print("|---|---|---|---|---|---|")
    python_rate = None
    summary = []
    for client in clients:
        mine = [r for r in runs if r["client"] == client]
        seconds = statistics.median(r["seconds"] for r in mine)
        stored = statistics.median(r["stored"] for r in mine)
        rate = stored / seconds
        python_rate = python_rate or rate
        line = {"client": client, "resources_per_second": round(rate, 1), "seconds": round(seconds, 2),
                "client_cpu_ms": round(1000 * statistics.median(r["client_cpu"] for r in mine) / stored, 1),
                "server_cpu_ms": round(1000 * statistics.median(r["server_cpu"] for r in mine) / stored, 1),
                "ratio": round(rate / python_rate, 2)}
        summary.append(line)
        print("| {client} | {resources_per_second} | {seconds} | {client_cpu_ms} | {server_cpu_ms} | {ratio}× |".format(**line))
    (out / ("import-jobs-%s.json" % options.server)).write_text(json.dumps(
        {"server": options.server, "description": description, "events": options.events, "runs": runs, "summary": summary,
         "cores": os.cpu_count()}, indent=1))


if __name__ == "__main__":
    main()
