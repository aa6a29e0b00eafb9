"""How calbridge scales (issue #31), in two parts over the same five workloads: ics -> ics, xCal -> ics,
jCal -> ics, validate, and expand one year.

cores: each workload on --cores-events events pinned with `taskset -c 0` and `taskset -c 0,1`,
interleaved, medians of --runs. The 2-core speed-up T1/T2 (target at least 1.8x) is the median of
each run's own ratio, its 1-core and 2-core runs taken back to back: the machines these run on drift
by a quarter in speed over minutes, which a ratio of two medians taken apart carries whole. It gives the serial
fraction s of Amdahl's law for p = 2: T2/T1 = s + (1 - s)/2, so s = 2*T2/T1 - 1; the 16-core speed-up
it predicts is 1/(s + (1 - s)/16) (goal at least 8x). CPU time (user + system) is kept beside the wall
time: on a loaded machine only it is still telling. "busy" is the 2-core run's CPU time over its
wall time, how many of the two cores the run kept at work (2.0 at best).

"ceiling" is what this machine's second core gives work that shares nothing: two copies of the
workload at once, one pinned to each core, against one copy alone (2 × T1 / T_pair, per run, median).
Virtual machines whose two vCPUs share a physical core or a busy host give less than 2.0, and no
program's speed-up can pass it; "of ceiling" is the speed-up over it.

memory: the peak RSS of each workload at each of --memory-sizes (all cores), the largest size's over
the smallest's (target: flat), and validate's and expand's over convert's (ics -> ics) at the same
size (target at most 2x, and under 64 MB at 100,000 events).

The xCal and jCal inputs are written once by calbridge from the generated .ics and kept under
.build/bench beside it (a million events make gigabytes of xCal), made again only when the .ics is."""
import os
import statistics
import subprocess
import time
from pathlib import Path

from runner import ROOT, fmt, mb, print_table, say, warm

TARGET_SPEEDUP, GOAL_16_CORES = 1.8, 8.0
TARGET_OVER_CONVERT, TARGET_RSS_MB, TARGET_RSS_EVENTS = 2.0, 64.0, 100000
PINS = {"1 core": ["taskset", "-c", "0"], "2 cores": ["taskset", "-c", "0,1"]}
WINDOW = ("2026-01-01", "2027-01-01")


def workloads(inputs, output):
    """Each workload: key, label, and its calbridge command for the inputs of one size."""
    start, end = WINDOW
    return [
        ("ics-ics", "ics → ics", ["convert", inputs["ics"], "-o", output + ".ics"]),
        ("xcal-ics", "xCal → ics", ["convert", inputs["xcal"], "--from", "xcal", "--to", "ics", "-o", output + ".ics"]),
        ("jcal-ics", "jCal → ics", ["convert", inputs["jcal"], "--from", "jcal", "--to", "ics", "-o", output + ".ics"]),
        ("validate", "validate", ["validate", inputs["ics"]]),
        ("expand", "expand one year", ["expand", inputs["ics"], "--from", start, "--to", end, "-o", output + ".jsonl"]),
    ]


def inputs_of(bench, events):
    """The .ics of `events` events and its xCal and jCal, written by calbridge when the .ics is new."""
    ics = bench.calendar(events)
    stamp = Path(str(ics) + ".stamp").read_text()
    found = {"ics": str(ics)}
    for form, suffix in [("xcal", ".xcs"), ("jcal", ".jcal")]:
        target = bench.dir / ("scale-%d%s" % (events, suffix))
        target_stamp = Path(str(target) + ".stamp")
        if not (target.exists() and target_stamp.exists() and target_stamp.read_text() == stamp):
            say("writing %s (untimed)" % target)
            target_stamp.unlink(missing_ok=True)
            bench.prepare("calbridge writing %s" % target, [bench.calbridge, "convert", str(ics), "--to", form, "-o", str(target)],
                          "stderr-scale-prepare-%s.txt" % form)
            target_stamp.write_text(stamp)
        found[form] = str(target)
    return found


def figures(measured):
    """Medians of a workload's runs, and whether every run succeeded."""
    return {"ok": all(m["exit"] == 0 for m in measured), "runs_done": len(measured),
            "median_seconds": statistics.median(m["seconds"] for m in measured),
            "median_cpu_seconds": statistics.median(m["cpu_seconds"] for m in measured),
            "median_peak_rss_mb": mb(statistics.median(m["peak_rss_kb"] for m in measured)), "runs": measured}


def remove_outputs(bench, *names):
    """Deletes what the workloads wrote under these names, so runs do not fill the disk."""
    for name in names:
        for leftover in (".ics", ".jsonl"):
            Path(str(bench.dir / name) + leftover).unlink(missing_ok=True)


def timed_run(bench, key, label, args, prefix, run_number, note):
    measured = bench.measure("%s (%s)" % (label, note), prefix + [bench.calbridge] + args, "stderr-scale-%s.txt" % key)
    remove_outputs(bench, "scale-out")
    measured["run"] = run_number
    say("run %d/%d %s, %s: %.2f s wall, %.2f s CPU, peak RSS %d KB, exit %d" % (
        run_number, bench.runs, label, note, measured["seconds"], measured["cpu_seconds"], measured["peak_rss_kb"], measured["exit"]))
    return measured


def pair_run(bench, key, label, args, second_args, run_number):
    """Two copies of a workload at once, one pinned to each core: the wall time of the pair (the later
    to end), so that 2 × T1 ÷ it is the throughput two cores give work that shares nothing."""
    with open(os.devnull, "wb") as out, open(bench.dir / ("stderr-scale-%s-pair.txt" % key), "wb") as err:
        started = time.perf_counter()
        processes = [subprocess.Popen(["taskset", "-c", str(core), bench.calbridge] + command, stdout=out, stderr=err, cwd=ROOT)
                     for core, command in enumerate([args, second_args])]
        statuses = [process.wait() for process in processes]
        seconds = time.perf_counter() - started
    remove_outputs(bench, "scale-out", "scale-out-second")
    if any(statuses):
        bench.failed = True
    say("run %d/%d %s, two copies at once: %.2f s wall, exits %s" % (run_number, bench.runs, label, seconds, statuses))
    return {"seconds": round(seconds, 3), "exit": max(statuses), "run": run_number}


def ceiling(one, pairs):
    """The median of the runs' 2 × T1 ÷ T_pair: the most any program's 2-core speed-up can be here."""
    if not one["ok"] or not pairs or any(p["exit"] for p in pairs):
        return None
    return round(statistics.median(2 * a["seconds"] / p["seconds"] for a, p in zip(one["runs"], pairs)), 3)


def amdahl(one, two):
    """Speed-up (the median of the runs' own 1-core ÷ 2-core ratios), serial fraction for p = 2, the
    16-core speed-up it predicts, and how busy the 2-core runs kept both cores."""
    if not (one["ok"] and two["ok"]) or not all(m["seconds"] for m in two["runs"]):
        return {"speedup": None, "serial_fraction": None, "predicted_16": None, "busy_cores": None}
    speedup = statistics.median(a["seconds"] / b["seconds"] for a, b in zip(one["runs"], two["runs"]))
    serial = min(1.0, max(0.0, 2 / speedup - 1))
    return {"speedup": round(speedup, 3), "speedup_of_medians": round(one["median_seconds"] / two["median_seconds"], 3),
            "serial_fraction": round(serial, 3), "predicted_16": round(1 / (serial + (1 - serial) / 16), 2),
            "busy_cores": round(statistics.median(m["cpu_seconds"] / m["seconds"] for m in two["runs"]), 2)}


def run_cores(bench):
    n = bench.options.cores_events
    inputs = inputs_of(bench, n)
    warm(*inputs.values())
    chosen = workloads(inputs, str(bench.dir / "scale-out"))
    second_copy = {key: args for key, _, args in workloads(inputs, str(bench.dir / "scale-out-second"))}
    rows = {}
    for run_number in range(1, bench.runs + 1):
        for key, label, args in chosen:
            for pin, prefix in PINS.items():
                rows.setdefault((key, pin), []).append(timed_run(bench, key, label, args, prefix, run_number, pin))
            rows.setdefault((key, "pair"), []).append(pair_run(bench, key, label, args, second_copy[key], run_number))
    results = []
    for key, label, _ in chosen:
        one, two = figures(rows[(key, "1 core")]), figures(rows[(key, "2 cores")])
        result = dict({"workload": key, "label": label, "one_core": one, "two_cores": two}, **amdahl(one, two))
        result["ceiling"] = ceiling(one, rows[(key, "pair")])
        result["of_ceiling"] = round(result["speedup"] / result["ceiling"], 3) if result["speedup"] and result["ceiling"] else None
        result["pair_seconds"] = [p["seconds"] for p in rows[(key, "pair")]]
        results.append(result)
    part = {"events": n, "runs": bench.runs, "calbridge_commit": bench.commit, "cores": os.cpu_count(),
            "targets": {"speedup": TARGET_SPEEDUP, "predicted_16": GOAL_16_CORES}, "results": results}
    report_cores(part, bench.save("cores", part))


def run_memory(bench):
    sizes = bench.options.memory_sizes
    rows = {}
    for n in sizes:
        inputs = inputs_of(bench, n)
        warm(*inputs.values())
        for run_number in range(1, bench.runs + 1):
            for key, label, args in workloads(inputs, str(bench.dir / "scale-out")):
                note = "{:,} events".format(n)
                rows.setdefault((key, n), []).append(timed_run(bench, key, label, args, [], run_number, note))
    results = []
    for key, label, _ in workloads({"ics": "", "xcal": "", "jcal": ""}, ""):
        by_size = {str(n): figures(rows[(key, n)]) for n in sizes}
        results.append({"workload": key, "label": label, "sizes": by_size, "largest_over_smallest": rss_ratio(by_size, sizes[-1], sizes[0])})
    convert = next(r for r in results if r["workload"] == "ics-ics")
    for r in results:
        r["over_convert"] = {str(n): rss_ratio_of(r["sizes"][str(n)], convert["sizes"][str(n)]) for n in sizes}
    part = {"sizes": sizes, "runs": bench.runs, "calbridge_commit": bench.commit, "cores": os.cpu_count(),
            "targets": {"over_convert": TARGET_OVER_CONVERT, "rss_mb": TARGET_RSS_MB, "rss_events": TARGET_RSS_EVENTS},
            "results": results}
    report_memory(part, bench.save("memory", part))


def rss_ratio_of(a, b):
    if a["ok"] and b["ok"] and b["median_peak_rss_mb"]:
        return round(a["median_peak_rss_mb"] / b["median_peak_rss_mb"], 3)
    return None


def rss_ratio(by_size, big, small):
    return rss_ratio_of(by_size[str(big)], by_size[str(small)]) if big != small else None


def report_cores(part, path):
    print()
    print("calbridge %s on 1 and 2 cores (taskset), %d events, %d run(s) each, medians; speed-up: median of each run's ratio" % (
        part["calbridge_commit"], part["events"], part["runs"]))
    rows = [(r["label"], r["one_core"]["median_seconds"], r["one_core"]["median_cpu_seconds"], r["two_cores"]["median_seconds"],
             r["two_cores"]["median_cpu_seconds"], fmt(r.get("busy_cores"), ".2f"), fmt(r["speedup"], ".2f"),
             fmt(r.get("ceiling"), ".2f"), fmt(r.get("of_ceiling"), ".2f"),
             fmt(r["serial_fraction"], ".3f"), fmt(r["predicted_16"], ".1f"),
             "ok" if r["one_core"]["ok"] and r["two_cores"]["ok"] else "FAILED")
            for r in part["results"]]
    print_table("%-16s %9s %9s %9s %9s %5s %8s %7s %7s %7s %9s  %s",
                ["workload", "1 core s", "CPU s", "2 cores s", "CPU s", "busy", "speed-up", "ceiling", "of it", "serial", "16 cores",
                 "status"],
                "%-16s %9.2f %9.2f %9.2f %9.2f %5s %8s %7s %7s %7s %9s  %s", rows)
    print("targets: 2-core speed-up at least %g×, predicted 16-core speed-up at least %g×" % (TARGET_SPEEDUP, GOAL_16_CORES))
    print("figures: %s (key \"cores\")" % path)


def report_memory(part, path):
    print()
    sizes = part["sizes"]
    print("calbridge %s peak RSS (MB), %d run(s) each, medians" % (part["calbridge_commit"], part["runs"]))
    rows = [tuple([r["label"]] + [fmt(r["sizes"][str(n)]["median_peak_rss_mb"], ".1f") for n in sizes]
                  + [fmt(r["largest_over_smallest"], ".2f"), fmt(max((v for v in r["over_convert"].values() if v), default=None), ".2f")])
            for r in part["results"]]
    columns = ["{:,}".format(n) for n in sizes]
    layout = "%-16s" + " %10s" * len(sizes) + " %10s %12s"
    print_table(layout, ["workload"] + columns + ["last÷first", "÷ convert"], layout, rows)
    print("targets: flat as the file grows; validate and expand at most %g× convert's, under %g MB at %s events" % (
        TARGET_OVER_CONVERT, TARGET_RSS_MB, "{:,}".format(TARGET_RSS_EVENTS)))
    print("figures: %s (key \"memory\")" % path)
