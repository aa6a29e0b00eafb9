"""mirror: `calbridge mirror SOURCE TARGET --state S --delete` from a collection of one server to a
collection of another server of the same kind (--mirror-server; Cyrus IMAP by default, the fastest of
the four at taking PUTs: Radicale reads every item of a collection to check a new one's UID, so each
PUT costs more as the collection grows). The source is filled with --mirror-events events by
`calbridge import` (untimed). The first run copies everything through the real servers; then, untimed,
every CHANGED_EVERY-th series of the source gets a new SUMMARY (`calbridge import`), every
DELETED_EVERY-th (another one) is deleted from the source (HTTP DELETE), and one more is changed on the
target only: a planted conflict. The second run must carry the changes and the deletions and list
the conflict. Each run's wall time and the requests it sent (its `--json` report's `requests`,
source and target, retries included) are reported with the ratios of the second to the first, and
`calbridge verify` must then find exactly the planted conflict different (the default
`--on-conflict skip` leaves it).

The target (issue 33): the second run sends at most 2% of the first's requests and takes at most 5%
of its time."""
import base64
import json
import re
import urllib.request

from runner import say, timed
from servers import SERVERS, Cyrus

CHANGED_EVERY = 100
DELETED_EVERY = 500
REQUESTS_TARGET, TIME_TARGET = 0.02, 0.05
# The source's SUMMARY of an edited series and the target's of the planted conflict begin so.
EDITED, PLANTED = "(moved) ", "(changed on the target) "


def run(bench):
    events = bench.options.mirror_events
    source_file = bench.calendar(events)
    name = bench.options.mirror_server or ("cyrus" if Cyrus.installed() else "radicale")
    kind = SERVERS[name]
    uids = list(dict.fromkeys(re.findall(r"\r\nUID:([^\r\n]*)", source_file.read_bytes().decode("utf-8", "replace"))))
    edited, deleted = uids[::CHANGED_EVERY], uids[CHANGED_EVERY // 2::DELETED_EVERY]
    planted = uids[CHANGED_EVERY // 4]
    with kind(bench.dir / ("%s-mirror-source.log" % name)) as origin, kind(bench.dir / ("%s-mirror-target.log" % name)) as copy:
        source, target = origin.collection("mirror-source"), copy.collection("mirror-target")
        users = ["--source-user", origin.user, "--target-user", copy.user]
        bench.prepare("calbridge import (the source)", [bench.calbridge, "import", str(source_file), "--to", source,
                                                        "--user", origin.user, "--create"], "stderr-mirror-fill.txt", env=origin.env())
        state = bench.dir / "mirror.state.json"
        state.unlink(missing_ok=True)
        jobs = ["--jobs", str(bench.options.mirror_jobs)] if bench.options.mirror_jobs else []
        command = [bench.calbridge, "mirror", source, target, "--state", str(state), "--delete", "--json"] + users + jobs
        servers = (origin, copy)
        first = measured_run(bench, "first", command + ["--create"], servers)
        changed = bench.dir / "mirror-changed.ics"
        write_changed(source_file, changed, set(edited), EDITED)
        bench.prepare("calbridge import (1% changed)", [bench.calbridge, "import", str(changed), "--to", source,
                                                        "--user", origin.user], "stderr-mirror-change.txt", env=origin.env())
        for uid in deleted:
            delete(origin, source + uid + ".ics")
        conflict = bench.dir / "mirror-conflict.ics"
        write_changed(source_file, conflict, {planted}, PLANTED, only_chosen=True)
        bench.prepare("calbridge import (the planted conflict)", [bench.calbridge, "import", str(conflict), "--to", target,
                                                                  "--user", copy.user], "stderr-mirror-conflict.txt", env=copy.env())
        second = measured_run(bench, "second", command, servers)
        # Not bench.measure: verify's exit 1 (they differ) is the planted conflict, what is expected.
        verify_out = bench.dir / "mirror-verify.json"
        with open(verify_out, "wb") as out, open(bench.dir / "stderr-mirror-verify.txt", "wb") as err:
            verified = timed([bench.calbridge, "verify", source, target, "--json"] + users, out, err, origin.env())
        description = origin.description
    differing = [finding for finding in json_lines(verify_out) if "status" in finding]
    part = {"events": events, "edited": len(edited), "deleted": len(deleted), "planted_conflict": planted,
            "calbridge_commit": bench.commit, "server": "two of %s" % description, "jobs": bench.options.mirror_jobs,
            "first": first, "second": second, "verify_exit": verified["exit"], "verify_findings": differing,
            "requests_ratio": ratio(second["requests"], first["requests"]),
            "time_ratio": ratio(second["seconds"], first["seconds"])}
    part["carried"] = (second["updated"] == len(edited) and second["deleted"] == len(deleted)
                       and second["conflicts"] == [planted] and first["created"] == len(uids)
                       and [(f["uid"], f["status"]) for f in differing] == [(planted, "different")])
    part["met"] = (part["carried"] and part["requests_ratio"] is not None and part["requests_ratio"] <= REQUESTS_TARGET
                   and part["time_ratio"] is not None and part["time_ratio"] <= TIME_TARGET)
    report(part, bench.save("mirror", part))


def measured_run(bench, label, command, servers):
    """One timed mirror run: its seconds, calbridge's CPU seconds and the two servers', exit, what its
    JSON report says it sent and did, and the summary and conflict lines it printed."""
    out = bench.dir / ("mirror-%s.json" % label)
    log = "stderr-mirror-%s.txt" % label
    before = [server.cpu_seconds() for server in servers]
    measured = bench.measure("calbridge mirror (%s run)" % label, command, log, stdout=str(out), env=servers[0].env())
    server_cpu = [round(server.cpu_seconds() - was, 2) for server, was in zip(servers, before)]
    reports = [line for line in json_lines(out) if "requests" in line]
    sent = reports[-1] if reports else {"requests": {"source": 0, "target": 0}}
    requests = sent["requests"]["source"] + sent["requests"]["target"]
    # With --json the messages on standard error are JSON lines too: the summary and each conflict.
    printed = [line["message"] for line in json_lines(bench.dir / log)
               if str(line.get("message", "")).startswith(("mirror", "conflict"))]
    run = {"seconds": measured["seconds"], "cpu_seconds": measured["cpu_seconds"], "server_cpu_seconds": server_cpu,
           "exit": measured["exit"], "requests": requests,
           "source_requests": sent["requests"]["source"], "target_requests": sent["requests"]["target"],
           "created": len(sent.get("created", [])), "updated": len(sent.get("updated", [])),
           "deleted": len(sent.get("deleted", [])), "conflicts": [c["uid"] for c in sent.get("conflicts", [])],
           "printed": printed}
    say("mirror %s run: %.2fs (CPU: calbridge %.2fs, source %.2fs, target %.2fs), %d requests (%d source, %d target), "
        "%d created, %d updated, %d deleted, %d conflicts (exit %d)" % (
            label, run["seconds"], run["cpu_seconds"], server_cpu[0], server_cpu[1], requests, run["source_requests"],
            run["target_requests"], run["created"], run["updated"], run["deleted"], len(run["conflicts"]), run["exit"]))
    return run


def json_lines(path):
    """The JSON objects of a file of JSON lines, lines that are none left out."""
    found = []
    try:
        lines = path.read_text().splitlines()
    except OSError:
        return found
    for line in lines:
        try:
            found.append(json.loads(line))
        except ValueError:
            continue
    return found


def write_changed(source, changed, chosen, prefix, only_chosen=False):
    """The source calendar with the SUMMARY of each event whose UID is `chosen` begun with `prefix`;
    with `only_chosen`, those events alone."""
    # Bytes, not text: reading text would turn the CRLF line ends into LF.
    text = source.read_bytes().decode("utf-8", errors="replace")
    head, *events = text.split("BEGIN:VEVENT\r\n")
    kept = []
    for event in events:
        uid = re.search(r"(?m)^UID:([^\r\n]*)", event)
        if uid and uid.group(1) in chosen:
            kept.append(re.sub(r"(?m)^(SUMMARY[^:\r\n]*:)", lambda m: m.group(1) + prefix, event, count=1))
        elif not only_chosen:
            kept.append(event)
    if only_chosen and kept and "END:VCALENDAR" not in kept[-1]:
        kept[-1] += "END:VCALENDAR\r\n"
    changed.write_bytes("BEGIN:VEVENT\r\n".join([head] + kept).encode())


def delete(server, url):
    """Deletes one resource on the server, as another client of the source would."""
    credentials = base64.b64encode(("%s:%s" % (server.user, server.password)).encode()).decode()
    request = urllib.request.Request(url, method="DELETE", headers={"Authorization": "Basic " + credentials})
    with urllib.request.urlopen(request, timeout=60) as answer:
        answer.read()


def ratio(part, whole):
    return round(part / whole, 4) if whole else None


def report(part, path):
    first, second = part["first"], part["second"]
    print()
    print("calbridge %s mirror, %d events, %s; before the second run %d series edited and %d deleted on the source, "
          "%s changed on the target" % (part["calbridge_commit"], part["events"], part["server"], part["edited"],
                                        part["deleted"], part["planted_conflict"]))
    for label, run in (("first", first), ("second", second)):
        print("%-6s run %8.2fs (CPU: calbridge %.2fs, source %.2fs, target %.2fs) %7d requests (%d source, %d target), "
              "%d created, %d updated, %d deleted, %d conflicts, exit %d" % (
                  label, run["seconds"], run["cpu_seconds"], run["server_cpu_seconds"][0], run["server_cpu_seconds"][1],
                  run["requests"], run["source_requests"], run["target_requests"], run["created"], run["updated"],
                  run["deleted"], len(run["conflicts"]), run["exit"]))
        for line in run["printed"]:
            print("    " + line)
    print("second/first: requests %s (target <= %s), time %s (target <= %s); verify exit %d, %d finding(s)%s: %s" % (
        part["requests_ratio"], REQUESTS_TARGET, part["time_ratio"], TIME_TARGET, part["verify_exit"],
        len(part["verify_findings"]), "" if part["carried"] else " (changes, deletions or conflict NOT as planted)",
        "met" if part["met"] else "NOT MET"))
    print("figures: %s (key \"mirror\")" % path)
