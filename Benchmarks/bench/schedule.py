"""schedule: a university's winter term for --students students (Benchmarks/generate_timetable.py): the
whole timetable in one run (what a timetable office publishes), its re-run a week later with --state
(from a state file written, untimed, by a first run), and one run per cohort's timetable in a row
(what students subscribe to)."""
import json
import os
import shutil
import time

from runner import count_lines_starting, exit_status, fmt, medians, per_second, print_table, say, warm

CASES = ["whole", "rerun", "cohorts"]


def count_events(*paths):
    return sum(count_lines_starting(path, b"BEGIN:VEVENT") for path in paths)


def run(bench):
    timetables = bench.generated("generate_timetable.py", bench.options.students,
                                 bench.dir / ("timetable-%d" % bench.options.students))
    cohorts = sorted((timetables / "cohorts").glob("*.json"))
    warm(*timetables.glob("*.json"), *cohorts)
    first_state = bench.dir / "schedule-state-first.json"
    first_state.unlink(missing_ok=True)
    bench.prepare("calbridge writing the first state %s" % first_state,
                  [bench.calbridge, "schedule", str(timetables / "timetable.json"), "-o", str(bench.dir / "schedule-first.ics"),
                   "--state", str(first_state)], "stderr-schedule-prepare.txt")
    rows = {}
    for run_number in range(1, bench.runs + 1):
        for case in CASES:
            measured = one(bench, case, timetables, cohorts, first_state)
            measured["run"] = run_number
            rows.setdefault(case, []).append(measured)
            say("run %d/%d schedule %s: %d events, %.2fs, peak RSS %d KB, exit %d (%s)" % (
                run_number, bench.runs, case, measured["output_events"], measured["seconds"], measured["peak_rss_kb"],
                measured["exit"], measured["summary"]))
    part = summarise(bench, rows, timetables, len(cohorts))
    report(part, bench.save("schedule", part))


def one(bench, case, timetables, cohorts, first_state):
    log = "stderr-schedule-%s.txt" % case
    if case == "cohorts":
        measured, outputs = cohort_runs(bench, cohorts, log)
    else:
        output = bench.dir / ("schedule-%s.ics" % case)
        output.unlink(missing_ok=True)
        args = [bench.calbridge, "schedule", str(timetables / "timetable.json"), "-o", str(output)]
        if case == "rerun":
            # Each run starts from the same first state, so each sees the same changes.
            state = bench.dir / "schedule-state.json"
            shutil.copy(first_state, state)
            args = [bench.calbridge, "schedule", str(timetables / "timetable-changed.json"), "-o", str(output),
                    "--state", str(state)]
        measured, outputs = bench.measure("calbridge schedule (%s)" % case, args, log), [output]
    said = [line[len("schedule: "):] for line in (bench.dir / log).read_text(errors="replace").splitlines()
            if line.startswith("schedule: ")]
    summary = "%d runs" % len(said) if case == "cohorts" else (said[0] if said else "")
    return dict(measured, output_events=count_events(*outputs), summary=summary)


def cohort_runs(bench, cohorts, log):
    """One process per cohort, one after another, stopping at the first that fails: their time together,
    the largest peak RSS among them."""
    folder = bench.dir / "schedule-cohorts"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    outputs, peak, status = [], 0, 0
    started = time.perf_counter()
    with open(bench.dir / log, "wb") as err:
        for cohort in cohorts:
            output = folder / (cohort.stem + ".ics")
            pid = os.posix_spawn(bench.calbridge, [bench.calbridge, "schedule", str(cohort), "-o", str(output)], os.environ,
                                 file_actions=[(os.POSIX_SPAWN_DUP2, err.fileno(), 2),
                                               (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)])
            _, wait_status, usage = os.wait4(pid, 0)
            outputs.append(output)
            peak, status = max(peak, usage.ru_maxrss), exit_status(wait_status)
            if status != 0:
                bench.failed = True
                say("calbridge schedule failed on %s (exit %d)" % (cohort, status))
                break
    return {"seconds": round(time.perf_counter() - started, 3), "peak_rss_kb": peak, "exit": status}, outputs


def entry(case, label, processes, measured, meta):
    ok = all(m["exit"] == 0 for m in measured)
    figures = medians(measured)
    events = measured[-1]["output_events"]
    changed = case == "rerun"
    lectures = meta["changed"]["lectures"] if changed else meta["lectures"]
    occurrences = meta["changed"].get("occurrences", meta["occurrences"]) if changed else meta["occurrences"]
    return {
        "case": case, "label": label, "ok": ok, "processes": processes,
        "lectures": lectures, "output_events": events, "occurrences": occurrences,
        "median_seconds": figures["median_seconds"],
        "events_per_second": per_second(events, figures["median_seconds"], ok),
        "occurrences_per_second": per_second(occurrences, figures["median_seconds"], ok),
        "median_peak_rss_mb": figures["median_peak_rss_mb"], "max_peak_rss_mb": figures["max_peak_rss_mb"],
        "calbridge_summary": measured[-1]["summary"],
        "runs": measured,
    }


def summarise(bench, rows, timetables, cohort_count):
    meta = json.loads((timetables / "meta.json").read_text())
    labels = {"whole": "whole timetable", "rerun": "re-run with --state", "cohorts": "%d cohort timetables" % cohort_count}
    results = [entry(case, labels[case], cohort_count if case == "cohorts" else 1, rows[case], meta)
               for case in CASES if case in rows]
    notes = ["%s: the runs wrote different numbers of events" % r["label"] for r in results
             if len({m["output_events"] for m in r["runs"]}) != 1]
    by_case = {r["case"]: r for r in results}
    whole, cohorts = by_case.get("whole"), by_case.get("cohorts")
    if whole and whole["ok"] and whole["output_events"] != meta["lectures"] + meta["changes"]:
        notes.append("the whole timetable gave %d events for %d lectures and %d changes" % (
            whole["output_events"], meta["lectures"], meta["changes"]))
    if whole and cohorts and whole["ok"] and cohorts["ok"] and cohorts["output_events"] != whole["output_events"]:
        notes.append("the cohort timetables gave %d events in all, the whole one %d" % (
            cohorts["output_events"], whole["output_events"]))
    size = (timetables / "timetable.json").stat().st_size
    return {
        "students": meta["students"], "workload": meta, "timetable_bytes": size, "timetable_mb": round(size / 1e6, 3),
        "runs": bench.runs, "calbridge_commit": bench.commit, "cores": os.cpu_count(),
        "results": results, "notes": notes,
    }


def report(part, path):
    meta = part["workload"]
    print()
    print("calbridge %s schedule, a winter term for %d students: %d programmes, %d cohorts, %d lectures, %d changes, %d occurrences" % (
        part["calbridge_commit"], meta["students"], meta["programmes"], meta["cohorts"], meta["lectures"], meta["changes"],
        meta["occurrences"]))
    print("(timetable.json %.2f MB; %d run(s) each, medians; %d cores)" % (part["timetable_mb"], part["runs"], part["cores"]))
    headings = ["run", "lectures", "events", "median s", "events/s", "occurr./s", "peak RSS MB", "status"]
    rows = [(r["label"], r["lectures"], r["output_events"], r["median_seconds"],
             fmt(r["events_per_second"], ".0f"), fmt(r["occurrences_per_second"], ".0f"),
             r["median_peak_rss_mb"], "ok" if r["ok"] else "FAILED")
            for r in part["results"]]
    print_table("%-22s %9s %8s %9s %10s %12s %12s  %s", headings, "%-22s %9d %8d %9.2f %10s %12s %12.1f  %s", rows)
    print()
    print("(events: BEGIN:VEVENT written, one a lecture's series and one an override; occurrences: the lectures' teaching days)")
    rerun = next((r for r in part["results"] if r["case"] == "rerun"), None)
    if rerun:
        print("re-run a week later: calbridge says %s (the generator dropped %d and added %d lectures)" % (
            rerun["calbridge_summary"] or "-", meta["changed"]["dropped"], meta["changed"]["added"]))
    for note in part["notes"]:
        print("NOTE: " + note)
    print("figures: %s (key \"schedule\")" % path)
