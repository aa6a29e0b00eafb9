"""calbridge's benchmarks: generates the workloads and measures calbridge beside its peers in one run,
medians of --runs, interleaved; wall time from the clock, peak memory from the kernel (wait4). Each part
replaces its own figures in .build/bench/results.json and keeps the other parts' from an earlier run;
the guide's performance table (Documentation/performance.md) is generated from that file (--table, --update-readme).

Usage: python3 Benchmarks/bench [PART...] [options]   (Scripts/bench runs it)"""
import argparse
import json
import subprocess
import sys

import birthdays
import caldav_export
import caldav_import
import caldav_mirror
import caldav_resume
import convert
import expand
import scale
import schedule
import table
import versions
import view
import webformats
from runner import ROOT, Bench, say

PARTS = {"convert": convert.run, "expand": expand.run, "xcal": webformats.run, "birthdays": birthdays.run, "schedule": schedule.run,
         "import": caldav_import.run, "resume": caldav_resume.run, "export": caldav_export.run, "view": view.run,
         "mirror": caldav_mirror.run, "cores": scale.run_cores, "memory": scale.run_memory, "versions": versions.run}
# The parts a run without PART leaves out: they take long (memory generates a calendar of a million events).
NOT_BY_DEFAULT = {"versions", "memory"}
# The parts that run python peers or servers from .venv.
NEED_VENV = {"expand", "import", "resume", "export", "mirror"}


def positive(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def sizes(text):
    """Event counts, comma-separated, smallest first."""
    return sorted({positive(part) for part in text.split(",")})


def options(arguments):
    parser = argparse.ArgumentParser(prog="Scripts/bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("parts", nargs="*", metavar="PART",
                        help="convert, expand, xcal, birthdays, schedule, import, resume, export, view, mirror, cores, memory or versions "
                        "(default: all but memory and versions)")
    parser.add_argument("--runs", type=positive, default=3, help="runs of each tool, interleaved (default 3)")
    parser.add_argument("--events", type=positive, default=100000, help="events of the convert calendar (default 100000)")
    parser.add_argument("--small-events", type=positive, default=10000,
                        help="events of the calendar convert's peak memory is compared with (default 10000)")
    parser.add_argument("--expand-events", type=positive, default=20000, help="events expand reads (default 20000)")
    parser.add_argument("--xcal-events", type=positive, help="events of the xCal/jCal calendar (default --events)")
    parser.add_argument("--cards", type=positive, default=10000, help="contact cards of birthdays (default 10000)")
    parser.add_argument("--students", type=int, default=5000, help="students of the schedule's term (default 5000, at least 100)")
    parser.add_argument("--view-events", type=positive, default=5000, help="weekly lectures of view's week (default 5000)")
    parser.add_argument("--import-events", type=positive, default=2000, help="events import sends (default 2000)")
    parser.add_argument("--import-jobs", type=positive, help="requests calbridge import sends at once (default: calbridge chooses)")
    parser.add_argument("--export-events", type=positive, default=3000, help="events export reads (default 3000)")
    parser.add_argument("--mirror-events", type=positive, default=10000,
                        help="mirror: events of the source collection, 1%% of them changed before the second run (default 10000)")
    parser.add_argument("--mirror-server", choices=["radicale", "xandikos", "cyrus", "davical"],
                        help="mirror: the kind of server of both stores, two of them (default cyrus where installed, else radicale)")
    parser.add_argument("--mirror-jobs", type=positive, help="mirror: requests each run sends at once (default: calbridge chooses)")
    parser.add_argument("--cores-events", type=positive, default=100000,
                        help="cores: events of the calendar each workload reads on 1 and 2 cores (default 100000)")
    parser.add_argument("--memory-sizes", type=sizes, default=[10000, 100000, 1000000],
                        help="memory: the calendar sizes, in events, comma-separated (default 10000,100000,1000000)")
    parser.add_argument("--servers", default="radicale,xandikos,cyrus,davical",
                        help="the CalDAV servers import, resume and export run against, by name (default radicale,xandikos,cyrus,davical); "
                        "the figures of the others are kept from an earlier run")
    parser.add_argument("--no-python", dest="python", action="store_false",
                        help="leave out the slow python icalendar peers of convert and xcal")
    parser.add_argument("--python-slow-seconds", type=positive, default=60,
                        help="a python icalendar run slower than this is not repeated (default 60, about 10,000 events)")
    parser.add_argument("--rie-slow-seconds", type=positive, default=180,
                        help="a recurring-ical-events run slower than this is not repeated (default 180)")
    parser.add_argument("--baseline", default=versions.REDESIGN_BASE,
                        help="the earlier commit the versions part runs beside this one (default %s, before the redesign)"
                        % versions.REDESIGN_BASE)
    parser.add_argument("--instructions", action="store_true",
                        help="versions: also count each workload's instructions with callgrind (one run each, "
                             "unmoved by load; some minutes a workload)")
    parser.add_argument("--calbridge", metavar="BINARY",
                        help="measure this calbridge instead of building the release one (its commit is then its path)")
    parser.add_argument("--dir", default=str(ROOT / ".build/bench"),
                        help="where generated inputs, outputs and results.json are kept (default .build/bench)")
    parser.add_argument("--table", action="store_true", help="only print the performance table of the results file")
    parser.add_argument("--update-readme", action="store_true", help="write the table into Documentation/performance.md (after the run, if any)")
    parser.add_argument("--results", default=str(ROOT / ".build/bench/results.json"), help="the results file --table reads")
    chosen = parser.parse_args(arguments)
    unknown = [part for part in chosen.parts if part not in PARTS]
    if unknown:
        parser.error("no part %s; the parts are %s" % (", ".join(unknown), ", ".join(PARTS)))
    if chosen.students < 100:
        parser.error("--students must be at least 100")
    chosen.parts = chosen.parts or [part for part in PARTS if part not in NOT_BY_DEFAULT]
    return chosen


def calbridge_under_test():
    """Builds calbridge (release) and names it with its commit (+dirty when Sources differ from it)."""
    say("building calbridge (release)")
    subprocess.run(["swift", "build", "-c", "release", "--product", "calbridge"], check=True, cwd=ROOT, stdout=sys.stderr)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], check=True, cwd=ROOT,
                            capture_output=True, text=True).stdout.strip() + "/calbridge"
    git = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    commit = git.stdout.strip() or "unknown"
    if subprocess.run(["git", "diff", "--quiet", "HEAD", "--", "Sources", "Package.swift"], cwd=ROOT).returncode != 0:
        commit += "+dirty"
    return binary, commit


# The guide's performance page, where --update-readme writes the table.
TABLE_PAGE = ROOT / "Documentation" / "performance.md"


def main(arguments):
    chosen = options(arguments)
    if chosen.table:
        text = table.table(json.loads(open(chosen.results).read()))
        print(text, end="")
        if chosen.update_readme:
            table.update_readme(TABLE_PAGE, text)
        return 0
    python_peers = chosen.python and {"convert", "xcal"} & set(chosen.parts)
    setup = ["bash", "Scripts/setup"] + (["--python"] if python_peers or NEED_VENV & set(chosen.parts) else [])
    subprocess.run(setup, check=True, cwd=ROOT)
    bench = Bench(chosen, *((chosen.calbridge, chosen.calbridge) if chosen.calbridge else calbridge_under_test()))
    for name in chosen.parts:
        PARTS[name](bench)
    if chosen.update_readme:
        results = bench.dir / "results.json"
        table.update_readme(TABLE_PAGE, table.table(json.loads(results.read_text())))
        say("%s updated from %s" % (TABLE_PAGE.relative_to(ROOT), results))
    return 1 if bench.failed else 0


sys.exit(main(sys.argv[1:]))
