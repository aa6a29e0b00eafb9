"""The performance table, generated from results.json: printed, or put into the guide's
Documentation/performance.md between the markers <!-- bench-table:start --> and <!-- bench-table:end -->,
so the guide shows the figures of a real run and nothing typed by hand."""
import sys

START, END = "<!-- bench-table:start -->", "<!-- bench-table:end -->"


def secs(value):
    return "-" if value is None else ("%.2f s" % value if value < 100 else "%.0f s" % value)


def mb(value):
    return "-" if value is None else "{:,.0f} MB".format(value)


def ratio(value, target=None):
    if value is None:
        return "-"
    text = ("%.2f×" if value < 10 else "%.1f×" if value < 100 else "%.0f×") % value
    if target is not None:
        text += " (target ≥ %g×: %s)" % (target, "met" if value >= target else "not met")
    return text


def runs(row, planned):
    done = row.get("runs_done", planned)
    return "" if done >= planned else ", %d run" % done if done == 1 else ", %d runs" % done


def find(rows, **keys):
    return next((r for r in rows if all(r.get(k) == v for k, v in keys.items())), None)


def convert_rows(data, lines):
    """ics -> ics against libical and python icalendar, and peak memory as the file grows."""
    n, planned, rows = data["events"], data["runs"], data["results"]
    cb, lib, py = find(rows, tool="calbridge", events=n), find(rows, tool="libical", events=n), find(rows, tool="python-icalendar", events=n)
    targets = data.get("targets", {})
    if cb:
        what = "ics → ics, {:,} events ({:.0f} MB), calbridge on every core".format(n, cb["input_mb"])
        mine = "%s, %s peak" % (secs(cb["median_seconds"]), mb(cb["median_peak_rss_mb"]))
        if lib:
            lines.append("| %s | %s | libical parse + serialize in C: %s, %s | %s |" % (
                what, mine, secs(lib["median_seconds"]), mb(lib["median_peak_rss_mb"]),
                ratio(data.get("throughput_ratio_calbridge_over_libical"), targets.get("over_libical", {}).get("target", 1.5))))
            what, mine = "the same", ""
            one_core_row(lines, find(rows, tool="calbridge-one-core", events=n), lib, "libical",
                         data.get("throughput_ratio_calbridge_one_core_over_libical"))
        if py:
            lines.append("| %s | %s | python icalendar 7.3.0 from_ical + to_ical: %s, %s%s | %s |" % (
                what, mine, secs(py["median_seconds"]), mb(py["median_peak_rss_mb"]), runs(py, planned),
                ratio(data.get("throughput_ratio_calbridge_over_python_icalendar"),
                      targets.get("over_python_icalendar", {}).get("target", 40))))
        flat = data.get("flatness", {})
        small = next((r for r in rows if r["tool"] == "calbridge" and r["events"] != n), None)
        if small:
            rss, flat_target = targets.get("peak_rss_mb", {}), targets.get("rss_flat_10x", {})
            verdicts = "; ".join("target %s: %s" % (label, "met" if t["met"] else "not met") for label, t in [
                ("< %g MB" % rss.get("target", 100), rss), ("flat within 25%", flat_target)] if t.get("met") is not None)
            verdicts = " (%s)" % verdicts if verdicts else ""
            lines.append("| peak memory, ics → ics, {:,} vs {:,} events | {} vs {} | | {} as the file grows {:.0f}×{} |".format(
                small["events"], n, mb(small["median_peak_rss_mb"]), mb(cb["median_peak_rss_mb"]),
                ratio(flat.get("ratio_big_over_small")), n / small["events"], verdicts))


def expand_rows(data, lines):
    """expand against libical and recurring-ical-events."""
    e = data["expand"]
    cb = find(e["results"], tool="calbridge")
    lib, rie = find(e["results"], tool="libical"), find(e["results"], tool="recurring-ical-events")
    if cb:
        what = "expand a year of {:,} events ({:,} occurrences), calbridge on every core".format(e["events"], cb["occurrences"])
        mine = "%s, %s" % (secs(cb["median_seconds"]), mb(cb["median_peak_rss_mb"]))
        if lib:
            lines.append("| %s | %s | libical `icalcomponent_foreach_recurrence` in C: %s, %s | %s |" % (
                what, mine, secs(lib["median_seconds"]), mb(lib["median_peak_rss_mb"]),
                ratio(e.get("throughput_ratio_calbridge_over_libical"), 1)))
            what, mine = "the same", ""
        if rie:
            lines.append("| %s | %s | recurring-ical-events 3.8.2: %s, %s%s | %s |" % (
                what, mine, secs(rie["median_seconds"]), mb(rie["median_peak_rss_mb"]), runs(rie, e["runs"]),
                ratio(e.get("throughput_ratio_calbridge_over_recurring_ical_events"), 50)))
            one_core_row(lines, find(e["results"], tool="calbridge-one-core"), rie, "recurring-ical-events",
                         e.get("throughput_ratio_calbridge_one_core_over_recurring_ical_events"))


def one_core_row(lines, mine, peer, name, value):
    """calbridge pinned to one core beside a peer that uses one, so the row above (every core) is not taken for it."""
    if mine and peer:
        lines.append("| the same, calbridge on one core (`taskset -c 0`) | %s, %s | %s (one core): %s | %s |" % (
            secs(mine["median_seconds"]), mb(mine["median_peak_rss_mb"]), name, secs(peer["median_seconds"]), ratio(value)))


def webformat_rows(data, lines):
    """xCal and jCal, against python icalendar's jCal and calbridge's ics -> ics."""
    x = data["xcal"]
    rows = x["results"]
    base = find(rows, conversion="ics-ics")
    to_jcal, py_jcal = find(rows, conversion="ics-jcal"), find(rows, conversion="py-ics-jcal")
    if to_jcal and py_jcal:
        lines.append("| ics → jCal, {:,} events | {}, {} | python icalendar 7.3.0 from_ical + to_json: {}, {}{} | {} |".format(
            x["events"], secs(to_jcal["median_seconds"]), mb(to_jcal["median_peak_rss_mb"]),
            secs(py_jcal["median_seconds"]), mb(py_jcal["median_peak_rss_mb"]), runs(py_jcal, x["runs"]),
            ratio(x.get("throughput_ratio_calbridge_over_python_icalendar_jcal"))))
    for first, second, label in [("ics-xcal", "xcal-ics", "ics → xCal / xCal → ics"), ("ics-jcal", "jcal-ics", "ics → jCal / jCal → ics")]:
        a, b = find(rows, conversion=first), find(rows, conversion=second)
        if a and b and base:
            lines.append("| {}, {:,} events | {} / {}, {} / {} peak | calbridge's ics → ics {} in the same run | {} / {} |".format(
                label, x["events"], secs(a["median_seconds"]), secs(b["median_seconds"]), mb(a["median_peak_rss_mb"]),
                mb(b["median_peak_rss_mb"]), secs(base["median_seconds"]),
                ratio(a.get("throughput_ratio_over_ics_to_ics")), ratio(b.get("throughput_ratio_over_ics_to_ics"))))


def birthday_rows(data, lines):
    """The birthday calendar against its target."""
    b = data["birthdays"]
    lines.append("| {:,} contact cards → birthday calendar ({:,} events) | {}, {} | | target < {:g} s: {} |".format(
        b["cards"], b["output_events"], secs(b["median_seconds"]), mb(b["median_peak_rss_mb"]), b["target"]["seconds"],
        "-" if b["target"]["met"] is None else ("met" if b["target"]["met"] else "not met")))


def schedule_rows(data, lines):
    """The term's timetable: whole, re-run with --state, per cohort."""
    s = data["schedule"]
    w = s["workload"]
    for r in s["results"]:
        if r["case"] == "whole":
            what = "schedule: a term for {:,} students ({:,} lectures, {:,} changes → {:,} events, {:,} occurrences)".format(
                w["students"], w["lectures"], w["changes"], r["output_events"], w["occurrences"])
        elif r["case"] == "rerun":
            what = "the same a week later, with `--state` ({})".format(r["calbridge_summary"])
        else:
            what = "the same as {} cohort timetables, one run each".format(r["processes"])
        lines.append("| {} | {}, {}, {:,.0f} events/s | | |".format(
            what, secs(r["median_seconds"]), mb(r["median_peak_rss_mb"]), r["events_per_second"] or 0))


def import_rows(data, lines):
    """import into each server against python caldav, and the same file again."""
    i = data["import"]
    for server in i.get("servers", []):
        cb, py, again = (find(server["results"], tool=t) for t in ("calbridge", "python-caldav", "calbridge-again"))
        if cb and py:
            lines.append("| import {:,} events into {} | {}, {:.0f} resources/s{} | python caldav 3.6.0: {}, {:.0f} resources/s | {} |".format(
                server.get("events", i["events"]), server["server"], secs(cb["median_seconds"]), cb["resources_per_second"] or 0,
                runs({"runs_done": server.get("runs", 3)}, 3), secs(py["median_seconds"]), py["resources_per_second"] or 0,
                ratio(server.get("throughput_ratio_calbridge_over_python"))))
        over = server.get("over_server_cpu")
        if cb and over is not None:
            lines.append("| import {:,} events into {}: calbridge's whole run against the server's CPU time during it | {} | "
                         "the server: {} of CPU | {:.2f}× (target ≤ 1.5×: {}) |".format(
                             server.get("events", i["events"]), server["server"], secs(cb["median_seconds"]),
                             secs(cb["server_cpu_seconds"]), over, "met" if over <= 1.5 else "not met"))
        if again:
            lines.append("| the same file into {} again | {}, {} resources rewritten | | |".format(
                server["server"], secs(again["median_seconds"]), "-" if again["most_rewritten"] is None else again["most_rewritten"]))


def resume_rows(data, lines):
    """import killed part-way and resumed, into each server: every UID there once."""
    r = data["resume"]
    for s in r.get("servers", []):
        lines.append("| import {:,} events into {} with --jobs {}, killed after {:,} recorded, then --resume | {}, {:,} of {:,} UIDs stored, "
                     "{} twice, {} missing | | {} |".format(
                         s["uids"], s["server"], r["jobs"], s["recorded_at_kill"], secs(s["resumed_seconds"]), s["stored_uids"], s["uids"],
                         s["twice_count"], s["missing_count"], "every UID once: " + ("met" if s["met"] else "not met")))


def export_rows(data, lines):
    """export from each server against python caldav, whole and for one month."""
    e = data["export"]
    for server in e.get("servers", []):
        raw, cb = find(server["results"], tool="raw-report"), find(server["results"], tool="calbridge")
        if raw and cb:
            over = server.get("over_raw_report")
            lines.append("| export {:,} events from {}: calbridge's whole run against the server's answer to the same REPORT "
                         "| {} ({} CPU) | curl, the REPORT alone: {} ({:.1f} MB) | {} |".format(
                             server.get("events", e["events"]), server["server"], secs(cb["median_seconds"]), secs(cb.get("median_cpu_seconds")),
                             secs(raw["median_seconds"]), raw.get("bytes", 0) / 1e6,
                             "-" if over is None else "%.2f× the REPORT's time (target ≤ 1.5×: %s)" % (over, "met" if over <= 1.5 else "not met")))
        for tool, what, key in (("calbridge", "", "ratio"), ("calbridge-window", ", one month", "window_ratio")):
            cb, py = find(server["results"], tool=tool), find(server["results"], tool=tool.replace("calbridge", "python-caldav"))
            if cb and py:
                lines.append("| export {:,} events from {}{} ({:,} written) | {}, {}{} | python caldav 3.6.0: {} | {} |".format(
                    server.get("events", e["events"]), server["server"], what, cb["events"], secs(cb["median_seconds"]),
                    mb(cb["median_peak_rss_mb"]), runs({"runs_done": server.get("runs", 3)}, 3), secs(py["median_seconds"]),
                    ratio(server.get(key), 3.0 if key == "ratio" else None)))


def view_rows(data, lines):
    """view's week against its target."""
    v = data["view"]
    for r in v["results"]:
        target = r["target"]
        lines.append("| view: a faculty's week of {:,} lectures as {} ({:,} occurrences drawn, {:.1f} MB) | {}, {} | | target < {:g} s: {} |".format(
            v["events"], r["form"].upper(), r["boxes"], r["output_mb"], secs(r["median_seconds"]), mb(r["median_peak_rss_mb"]),
            target["seconds"], "-" if target["met"] is None else ("met" if target["met"] else "not met")))


PARTS = [("results", convert_rows), ("expand", expand_rows), ("xcal", webformat_rows), ("birthdays", birthday_rows),
         ("schedule", schedule_rows), ("import", import_rows), ("resume", resume_rows), ("export", export_rows),
         ("view", view_rows)]


def table(data):
    """The performance table (markdown) of results.json's figures; parts missing leave their rows out."""
    lines = ["| workload | calbridge | peer | calbridge ÷ peer |", "|---|---|---|---|"]
    commits = set()
    for key, rows in PARTS:
        if key in data:
            part = data if key == "results" else data[key]
            commits.add(part.get("calbridge_commit"))
            rows(data, lines)
    commits.discard(None)
    note = "calbridge %s; medians of %s runs unless a row says fewer; MB = 10^6 bytes; peak memory is peak RSS." % (
        ", ".join(sorted(commits)) or "?", data.get("runs", "?"))
    return "\n".join(lines) + "\n\n" + note + "\n" + cores_table(data) + memory_table(data) + versions_table(data)


def verdict(met):
    return "met" if met else "not met"


def cores_table(data):
    """Each workload on one core and on two (taskset), the speed-up and the serial fraction it implies."""
    c = data.get("cores")
    if not c:
        return ""
    targets = c["targets"]
    lines = ["", "Two cores (calbridge {}): {:,} events, pinned with `taskset -c 0` and `taskset -c 0,1`, interleaved; wall time "
             "(CPU time, user + system), medians. The speed-up is the median of each run's own ratio (its two runs back "
             "to back); busy is the 2-core run's CPU time over its wall time (2.0 at best); the ceiling is what two cores give "
             "work that shares nothing here (two copies at once, one pinned to each core: 2 × T1 / T_pair), the most any speed-up "
             "can be on this machine. The serial fraction s is Amdahl's for p = 2 (T2/T1 = s + (1 − s)/2); the "
             "16-core speed-up is the one it predicts, 1 / (s + (1 − s)/16).".format(c["calbridge_commit"], c["events"]), "",
             "| workload | 1 core | 2 cores | busy | speed-up (target ≥ {:g}×) | ceiling | speed-up ÷ ceiling | serial fraction s | predicted on 16 cores (goal ≥ {:g}×) |".format(
                 targets["speedup"], targets["predicted_16"]),
             "|---|---|---|---|---|---|---|---|---|"]
    for r in c["results"]:
        one, two = r["one_core"], r["two_cores"]
        lines.append("| {} | {} ({}){} | {} ({}){} | {} | {} | {} | {} | {} | {} |".format(
            r["label"], secs(one["median_seconds"]), secs(one["median_cpu_seconds"]), runs(one, c["runs"]),
            secs(two["median_seconds"]), secs(two["median_cpu_seconds"]), runs(two, c["runs"]),
            "-" if r.get("busy_cores") is None else "%.2f" % r["busy_cores"],
            "-" if r["speedup"] is None else "%.2f× (%s)" % (r["speedup"], verdict(r["speedup"] >= targets["speedup"])),
            "-" if r.get("ceiling") is None else "%.2f×" % r["ceiling"],
            "-" if r.get("of_ceiling") is None else "%.2f" % r["of_ceiling"],
            "-" if r["serial_fraction"] is None else "%.3f" % r["serial_fraction"],
            "-" if r["predicted_16"] is None else "%.1f× (%s)" % (r["predicted_16"], verdict(r["predicted_16"] >= targets["predicted_16"]))))
    return "\n".join(lines) + "\n"


def memory_table(data):
    """Peak RSS of each workload as the calendar grows, and validate's and expand's against convert's."""
    m = data.get("memory")
    if not m:
        return ""
    sizes, targets = m["sizes"], m["targets"]
    judged = str(targets["rss_events"])
    lines = ["", "Memory (calbridge {}): peak RSS of each workload as the calendar grows (all cores); the largest size's over the "
             "smallest's (target: flat), and the most over convert's (ics → ics) at the same size (validate and "
             "expand: target ≤ {:g}×{}).".format(m["calbridge_commit"], targets["over_convert"], ", and under {:g} MB at {:,} events".format(
                 targets["rss_mb"], targets["rss_events"]) if judged in m["results"][0]["sizes"] else ""), "",
             "| workload | " + " | ".join("{:,} events".format(n) for n in sizes) + " | {:,} ÷ {:,} | ÷ convert's |".format(sizes[-1], sizes[0]),
             "|---|" + "---|" * (len(sizes) + 2)]
    for r in m["results"]:
        over = max((v for v in r["over_convert"].values() if v is not None), default=None)
        cell = "-" if over is None else "%.2f×" % over
        if r["workload"] in ("validate", "expand") and over is not None:
            at = r["sizes"].get(judged)
            small = "" if at is None else "; < {:g} MB at {:,}: {}".format(
                targets["rss_mb"], targets["rss_events"], verdict(at["ok"] and at["median_peak_rss_mb"] < targets["rss_mb"]))
            cell += " (%s%s)" % (verdict(over <= targets["over_convert"]), small)
        lines.append("| {} | {} | {} | {} |".format(
            r["label"], " | ".join(mb(r["sizes"][str(n)]["median_peak_rss_mb"]) for n in sizes),
            "-" if r["largest_over_smallest"] is None else "%.2f×" % r["largest_over_smallest"], cell))
    return "\n".join(lines) + "\n"


def versions_table(data):
    """This calbridge beside the earlier one of the versions part, when it ran: the same inputs, one run."""
    v = data.get("versions")
    if not v:
        return ""
    counted = any("instructions" in r for r in v["results"])
    lines = ["", "| workload (same run, interleaved) | calbridge {} | calbridge {} | now ÷ before |{}".format(
        v["baseline_commit"], v["calbridge_commit"], " instructions, now ÷ before |" if counted else ""),
        "|---|---|---|---|" + ("---|" if counted else "")]
    for r in v["results"]:
        counts = r.get("instructions")
        lines.append("| {} | {}, {} | {}, {} | {} |{}".format(
            r["workload"], secs(r["before"]["median_seconds"]), mb(r["before"]["median_peak_rss_mb"]),
            secs(r["now"]["median_seconds"]), mb(r["now"]["median_peak_rss_mb"]),
            "-" if r["seconds_ratio"] is None else "%.2f" % r["seconds_ratio"],
            " {:,} M ÷ {:,} M = {:.3f} |".format(round(counts["now"] / 1e6), round(counts["before"] / 1e6), counts["ratio"])
            if counts else (" - |" if counted else "")))
    return "\n".join(lines) + ("\n\nMedians of {} runs; a ratio above 1 is slower now. Peak memory is the "
                                "command's own peak RSS, measured by GNU time.{}\n").format(
        v["runs"], " Instructions are callgrind's count of one run of each (all threads), which load does "
                   "not move." if counted else "")


def update_readme(readme, text):
    content = readme.read_text(encoding="utf-8")
    if START not in content or END not in content:
        sys.exit("bench: %s has no %s … %s markers" % (readme, START, END))
    head, rest = content.split(START, 1)
    _, tail = rest.split(END, 1)
    readme.write_text(head + START + "\n" + text + END + tail, encoding="utf-8")
