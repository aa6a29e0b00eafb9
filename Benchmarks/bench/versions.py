"""versions: this calbridge beside an earlier one (--baseline REV; by default the last commit before the
redesign of issue 15) on the same inputs in one run, interleaved, so that a workload that got slower shows
as a ratio above 1 whatever else the machine was doing. The earlier commit is built (release) in a git
worktree under .build/bench."""
import re
import subprocess
import sys

from runner import ROOT, medians, print_table, say, warm

# The last commit before the redesign (issue 15): the design table, the module split, the thin CLI.
REDESIGN_BASE = "370cdcb"


def build(bench, revision):
    """The calbridge of `revision`, built once in its own worktree, and its short commit."""
    commit = subprocess.run(["git", "rev-parse", "--short", revision], cwd=ROOT, check=True, capture_output=True,
                            text=True).stdout.strip()
    tree = bench.dir / ("baseline-" + commit)
    built = tree / ".build/release/calbridge"
    if built.exists():
        # The tree holds one commit, so its binary stays what it was built from (the tree may be a
        # link to another checkout's, which is then not touched).
        say("reusing calbridge %s (release) in %s" % (commit, tree))
        return str(built), commit
    if not tree.exists():
        subprocess.run(["git", "worktree", "add", "--detach", str(tree), commit], cwd=ROOT, check=True, stdout=sys.stderr)
    say("building calbridge %s (release) in %s" % (commit, tree))
    subprocess.run(["swift", "build", "-c", "release", "--product", "calbridge"], cwd=tree, check=True, stdout=sys.stderr)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=tree, check=True,
                          capture_output=True, text=True).stdout.strip()
    return path + "/calbridge", commit


def workloads(bench):
    """Each workload's name and its arguments after the binary, with the inputs made."""
    n = bench.options.expand_events
    ics = bench.calendar(n)
    xcal, jcal = bench.dir / ("versions-%d.xml" % n), bench.dir / ("versions-%d.jcal" % n)
    for target, form in ((xcal, "xcal"), (jcal, "jcal")):
        bench.prepare("calbridge writing %s" % target, [bench.calbridge, "convert", str(ics), "--to", form, "-o", str(target)],
                      "stderr-versions-prepare.txt")
    cards = bench.generated("generate_contacts.py", bench.options.cards, bench.dir / ("contacts-%d.vcf" % bench.options.cards))
    timetable = bench.generated("generate_timetable.py", bench.options.students,
                                bench.dir / ("timetable-%d" % bench.options.students)) / "timetable.json"
    warm(ics, xcal, jcal, cards, timetable)
    out = str(bench.dir / "versions-out")
    return [
        ("convert %d events ics → ics" % n, ["convert", str(ics), "-o", out + ".ics"]),
        ("convert ics → xCal", ["convert", str(ics), "--to", "xcal", "-o", out + ".xml"]),
        ("convert ics → jCal", ["convert", str(ics), "--to", "jcal", "-o", out + ".jcal"]),
        ("convert xCal → ics", ["convert", str(xcal), "-o", out + "-x.ics"]),
        ("convert jCal → ics", ["convert", str(jcal), "-o", out + "-j.ics"]),
        ("validate", ["validate", str(ics)]),
        ("expand a year to JSON lines", ["expand", str(ics), "--from", "2026-01-01", "--to", "2027-01-01", "-o", out + ".jsonl"]),
        ("birthdays of %d cards" % bench.options.cards, ["birthdays", str(cards), "-o", out + "-b.ics"]),
        ("schedule of %d students" % bench.options.students, ["schedule", str(timetable), "-o", out + "-s.ics"]),
    ]


def run(bench):
    before, before_commit = build(bench, bench.options.baseline)
    cases = workloads(bench)
    rows = {}
    for run_number in range(1, bench.runs + 1):
        for name, arguments in cases:
            for which, binary in (("before", before), ("now", bench.calbridge)):
                measured = bench.measure("%s (%s)" % (name, which), [binary] + arguments, "stderr-versions.txt")
                rows.setdefault((name, which), []).append(measured)
            say("run %d/%d %s: before %.2fs, now %.2fs" % (run_number, bench.runs, name, rows[(name, "before")][-1]["seconds"],
                                                         rows[(name, "now")][-1]["seconds"]))
    countable = []
    if bench.options.instructions:
        countable = [without_debug_info(bench, before, "before"), without_debug_info(bench, bench.calbridge, "now")]
    results = []
    for name, arguments in cases:
        before_figures, now_figures = medians(rows[(name, "before")]), medians(rows[(name, "now")])
        result = {
            "workload": name, "before": before_figures, "now": now_figures,
            "ok": all(m["exit"] == 0 for which in ("before", "now") for m in rows[(name, which)]),
            "seconds_ratio": round(now_figures["median_seconds"] / before_figures["median_seconds"], 3)
            if before_figures["median_seconds"] > 0 else None,
        }
        if bench.options.instructions:
            counts = [instructions(bench, [binary] + arguments) for binary in countable]
            say("%s: %s instructions before, %s now" % (name, *("{:,}".format(c) if c else "?" for c in counts)))
            if all(counts):
                result["instructions"] = {"before": counts[0], "now": counts[1], "ratio": round(counts[1] / counts[0], 4)}
        results.append(result)
    part = {"baseline_commit": before_commit, "calbridge_commit": bench.commit, "runs": bench.runs, "results": results}
    report(part, bench.save("versions", part))


def without_debug_info(bench, binary, which):
    """A copy of `binary` without its debug sections, which valgrind 3.19 cannot read for Swift 6.3's
    DWARF ("possibly corrupted debuginfo file"); the code and the symbols are the same."""
    copy = bench.dir / ("versions-%s-calbridge" % which)
    subprocess.run(["objcopy", "--strip-debug", binary, str(copy)], check=True)
    return str(copy)


def instructions(bench, args):
    """The instructions a run executes (all its threads), counted by callgrind: the same on a busy
    machine as on an idle one, where wall times here vary by a fifth from run to run."""
    log = bench.dir / "stderr-versions-callgrind.txt"
    with open(log, "wb") as err:
        status = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + args,
                                stdout=subprocess.DEVNULL, stderr=err, cwd=ROOT).returncode
    found = re.search(r"Collected : (\d+)", log.read_text(errors="replace"))
    if status != 0 or not found:
        say("callgrind could not count %s (exit %d); see %s" % (" ".join(args[1:3]), status, log))
        return None
    return int(found.group(1))


def report(part, path):
    print_table("%-34s %12s %12s %8s %12s", ("workload", "before", "now", "now/before", "instructions"),
                "%-34s %12s %12s %8s %12s",
                [(r["workload"][:34], "%.2fs" % r["before"]["median_seconds"], "%.2fs" % r["now"]["median_seconds"],
                  "-" if r["seconds_ratio"] is None else "%.2f" % r["seconds_ratio"],
                  "%.3f" % r["instructions"]["ratio"] if "instructions" in r else "-") for r in part["results"]])
    say("versions: %s beside %s; results in %s" % (part["calbridge_commit"], part["baseline_commit"], path))
