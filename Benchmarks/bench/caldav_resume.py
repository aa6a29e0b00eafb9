"""resume: `calbridge import FILE --to URL --jobs 8 --journal J` into each real server, killed (SIGKILL,
as a job runner or an out-of-memory killer ends it) once the journal records a third of the resources,
then the same command with --resume. What counts is the server's word: every UID of the file is stored
exactly once (one master each, read back through a calendar-query REPORT by `calbridge export`), none
missing, none twice. The resumed run's time and what it says it skipped are reported beside it.

The target (issue 17): kill-and-resume with --jobs 8 leaves every UID exactly once."""
import json
import re
import signal
import subprocess
import time

from runner import say
from servers import installed_servers, with_earlier_servers

JOBS = 8
ALREADY = re.compile(r"([0-9]+) already there")


def run(bench):
    source = bench.calendar(bench.options.import_events)
    servers = [one_server(bench, name, kind, source) for name, kind in installed_servers(bench, "resume")]
    part = {"events": bench.options.import_events, "jobs": JOBS, "calbridge_commit": bench.commit,
            "servers": with_earlier_servers(bench, "resume", servers)}
    report(part, bench.save("resume", part))


def one_server(bench, name, kind, source):
    with kind(bench.dir / ("%s-resume.log" % name)) as server:
        own = bench.dir / ("resume-%s.ics" % name)
        # UIDs of this run's own: Cyrus refuses a UID another of the user's calendars holds.
        own.write_bytes(source.read_bytes().replace(b"\nUID:", b"\nUID:resume-%s-" % name.encode()))
        uids = uids_in(own.read_text(errors="replace"))
        journal = bench.dir / ("resume-%s.journal" % name)
        journal.unlink(missing_ok=True)
        url = server.collection("resume")
        command = [bench.calbridge, "import", str(own), "--to", url, "--user", server.user, "--create",
                   "--jobs", str(JOBS), "--journal", str(journal)]
        recorded_at_kill, killed = kill_when_recorded(command, server.env(), journal, len(uids) // 3,
                                                      bench.dir / "stderr-resume-killed.txt")
        resumed = bench.measure("calbridge import --resume", command + ["--resume"], "stderr-resume.txt", env=server.env())
        said = (bench.dir / "stderr-resume.txt").read_text(errors="replace")
        skipped = ALREADY.findall(said)
        stored = stored_masters(bench, server, url)
        description = server.description
        own.unlink()
    twice = sorted(uid for uid in set(stored) if stored.count(uid) > 1)
    missing = sorted(set(uids) - set(stored))
    say("resume into %s: killed %s after %d recorded; resumed in %.2fs (exit %d); %d UIDs stored, %d twice, %d missing" % (
        name, "mid-way" if killed else "too late (the import had finished)", recorded_at_kill, resumed["seconds"],
        resumed["exit"], len(set(stored)), len(twice), len(missing)))
    return {"server": name, "description": description, "uids": len(uids), "killed_mid_way": killed,
            "recorded_at_kill": recorded_at_kill, "resumed_seconds": resumed["seconds"], "resumed_exit": resumed["exit"],
            "skipped_as_there": int(skipped[-1]) if skipped else None, "stored_uids": len(set(stored)),
            "stored_twice": twice[:10], "missing": missing[:10], "missing_count": len(missing), "twice_count": len(twice),
            "met": killed and resumed["exit"] == 0 and not twice and not missing and len(set(stored)) == len(uids)}


def kill_when_recorded(command, env, journal, wanted, log):
    """Starts the import and kills it once the journal holds `wanted` resources; returns how many it held
    then and whether the import was still running (a kill that came too late proves nothing)."""
    with open(log, "wb") as errors:
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=errors)
        recorded = 0
        while process.poll() is None and recorded < wanted:
            time.sleep(0.02)
            recorded = recorded_in(journal)
        still_running = process.poll() is None
        if still_running:
            process.send_signal(signal.SIGKILL)
        process.wait()
    return recorded_in(journal), still_running


def recorded_in(journal):
    """Resources the journal records (a journal being replaced may be absent or half there for an instant)."""
    try:
        data = json.loads(journal.read_text())
    except (OSError, ValueError):
        return 0
    return len(data.get("entries", {})) if isinstance(data, dict) else 0


def stored_masters(bench, server, url):
    """The UID of each master the collection holds, once per master, as `calbridge export` reads them."""
    out = bench.dir / "resume-export.ics"
    bench.measure("calbridge export", [bench.calbridge, "export", url, "--user", server.user, "-o", str(out)],
                  "stderr-resume-export.txt", env=server.env())
    text = out.read_text(errors="replace")
    out.unlink()
    return uids_in(text)


def uids_in(text):
    """The UID of every VEVENT master (no RECURRENCE-ID) of an iCalendar text, folded lines joined."""
    lines = text.replace("\r\n", "\n").replace("\n ", "").split("\n")
    masters, uid, override, inside = [], None, False, False
    for line in lines:
        if line == "BEGIN:VEVENT":
            inside, uid, override = True, None, False
        elif line == "END:VEVENT" and inside:
            if uid is not None and not override:
                masters.append(uid)
            inside = False
        elif inside and line.startswith("UID:"):
            uid = line[4:]
        elif inside and line.startswith("RECURRENCE-ID"):
            override = True
    return masters


def report(part, path):
    print()
    print("calbridge %s import --jobs %d killed and resumed, %d events" % (part["calbridge_commit"], part["jobs"], part["events"]))
    for s in part["servers"]:
        print("%-9s killed %s after %d recorded; --resume %.2fs, exit %d, skipped %s as there; %d of %d UIDs stored, "
              "%d twice, %d missing: %s" % (
                  s["server"], "mid-way" if s["killed_mid_way"] else "too late", s["recorded_at_kill"], s["resumed_seconds"],
                  s["resumed_exit"], s["skipped_as_there"], s["stored_uids"], s["uids"], s["twice_count"], s["missing_count"],
                  "met" if s["met"] else "NOT MET"))
    print("figures: %s (key \"resume\")" % path)
