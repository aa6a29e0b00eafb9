"""view: a faculty's week (generate_week.py: N weekly lectures, each meeting once in 2026-W43, some
cancelled or moved) drawn as SVG and as HTML. The target: under 1 s for 5,000 events, reading,
expanding, laying out and writing included."""
import os
import re

from runner import fmt, medians, say, warm

TARGET_SECONDS, TARGET_EVENTS = 1.0, 5000
BOX = re.compile(rb'<svg class="event(?! all-day)[^"]*"')
FIRST_BOX = re.compile(rb'<svg class="event(?![^"]*continued)[^"]*"')


def run(bench):
    events = bench.options.view_events
    week = bench.generated("generate_week.py", events, bench.dir / ("week-%d.ics" % events))
    warm(week)
    part = {"events": events, "input_mb": round(week.stat().st_size / 1e6, 3), "runs": bench.runs,
            "calbridge_commit": bench.commit, "cores": os.cpu_count(), "results": []}
    for form in ("svg", "html"):
        output = bench.dir / ("week.%s" % form)
        measured = []
        for run_number in range(1, bench.runs + 1):
            output.unlink(missing_ok=True)
            one = bench.measure("calbridge view %s" % form, [bench.calbridge, "view", str(week), "--week", "2026-W43",
                                                             "-o", str(output)], "stderr-view.txt")
            text = output.read_bytes() if output.exists() else b""
            one.update(run=run_number, boxes=len(FIRST_BOX.findall(text)), output_mb=round(len(text) / 1e6, 3))
            measured.append(one)
            say("run %d/%d view %s, %d events: %d occurrences drawn, %.2fs, peak RSS %d KB, exit %d" % (
                run_number, bench.runs, form, events, one["boxes"], one["seconds"], one["peak_rss_kb"], one["exit"]))
        ok = all(m["exit"] == 0 for m in measured)
        figures = medians(measured)
        met = ok and figures["median_seconds"] < TARGET_SECONDS if events == TARGET_EVENTS else None
        part["results"].append(dict(figures, form=form, ok=ok, boxes=measured[-1]["boxes"], output_mb=measured[-1]["output_mb"],
                                    target={"seconds": TARGET_SECONDS, "events": TARGET_EVENTS, "met": met}, runs=measured))
    report(part, bench.save("view", part))


def report(part, path):
    print()
    print("calbridge %s view, %d run(s), medians (MB = 10^6 bytes; %d cores)" % (part["calbridge_commit"], part["runs"], part["cores"]))
    header = "%6s %8s %9s %9s %9s %12s  %s" % ("form", "events", "drawn", "median s", "out MB", "peak RSS MB", "target < 1 s")
    print(header)
    print("-" * len(header))
    for r in part["results"]:
        met = r["target"]["met"]
        print("%6s %8d %9d %9.2f %9.1f %12.1f  %s" % (r["form"], part["events"], r["boxes"], r["median_seconds"], r["output_mb"],
                                                     r["median_peak_rss_mb"], "-" if met is None else ("met" if met else "NOT MET")))
    print("figures: %s (key \"view\")" % path)
