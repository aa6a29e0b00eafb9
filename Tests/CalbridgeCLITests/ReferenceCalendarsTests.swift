import Foundation
import XCTest

/// The test calendars that ship with python icalendar and recurring-ical-events (in `.venv`): real
/// producers' files, broken ones among them. Every one python icalendar reads, calbridge converts by
/// default, and ics → ics, ics → jCal → ics and ics → xCal → ics agree in content; `--strict`
/// refuses those with problems, as calbridge did before it read leniently.
final class ReferenceCalendarsTests: XCTestCase {
    func testEveryCalendarPythonIcalendarReadsConvertsAndRoundTripsThroughJCalAndXCal() throws {
        guard let python = ProcessInfo.processInfo.environment["CALBRIDGE_PYTHON"] else {
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("CALBRIDGE_PYTHON is not set; run Scripts/test") }
            throw XCTSkip("CALBRIDGE_PYTHON is not set; Scripts/test sets it to .venv/bin/python")
        }
        let (status, report) = try runPython(python, Self.check, [Calbridge.binary.path, try scratchDirectory().path])
        XCTAssertEqual(status, 0, report)
        let summary = report.split(separator: "\n").last.map(String.init) ?? ""
        let counts = summary.split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(counts.count, 3, summary)
        // 258 files ship with icalendar 7.3.0 and recurring-ical-events 3.8.2; python reads 248.
        XCTAssertEqual(counts.first, 248, summary)
        XCTAssertEqual(counts.dropFirst().first, 248, summary)
        // Before lenient reading calbridge refused 73 of them; --strict still refuses all but the two
        // whose only problem is RFC 9253's RELATED-TO;VALUE=UID/URI, which libical 3.0 does not know,
        // and refuses one more since a DURATION longer than any two dates lie apart is not read
        // (invalid_duration.ics's P999999999999999999W, which stopped `expand` with an overflow).
        XCTAssertEqual(counts.last, 72, summary)
    }

    /// Prints a line per failure and, last, "read N converted N strict-refused N"; exits 1 on any failure.
    private static let check = #"""
        import glob, os, re, subprocess, sys, icalendar, recurring_ical_events
        binary, scratch = sys.argv[1], sys.argv[2]
        folders = [os.path.dirname(icalendar.__file__), os.path.dirname(recurring_ical_events.__file__)]
        files = sorted(f for d in folders for f in glob.glob(os.path.join(d, "**", "*.ics"), recursive=True))
        TEXT = {"SUMMARY", "DESCRIPTION", "LOCATION", "COMMENT", "CONTACT", "RESOURCES", "CATEGORIES", "NAME", "TZNAME"}

        def run(*args):
            return subprocess.run([binary, *args], capture_output=True, text=True, timeout=120)

        def tree(path):
            """The calendar as (name, sorted parameters, value) per property, VALUE, rule part order, TEXT
            escapes and VTIMEZONEs (added for TZIDs without one) left aside: what xCal and jCal may say otherwise."""
            lines = []
            for line in open(path, encoding="utf-8").read().replace("\r\n", "\n").split("\n"):
                if line.startswith(" ") and lines: lines[-1] += line[1:]
                elif line: lines.append(line)
            root = {"name": "", "props": [], "children": []}
            stack = [root]
            for line in lines:
                upper = line.upper()
                if upper.startswith("BEGIN:"):
                    child = {"name": upper[6:], "props": [], "children": []}
                    stack[-1]["children"].append(child); stack.append(child); continue
                if upper.startswith("END:"):
                    stack.pop(); continue
                head = re.match(r'(?:[^":]|"[^"]*")*', line).group(0)
                if len(head) == len(line):
                    stack[-1]["props"].append(("", (), line)); continue
                parts = re.findall(r'(?:[^";]|"[^"]*")+', head)
                name, value = parts[0].upper(), line[len(head) + 1:]
                if name in ("RRULE", "EXRULE"): value = ";".join(sorted(p for p in value.split(";") if p))
                if name in TEXT: value = re.sub(r"\\(.)", lambda m: "\n" if m.group(1) in "nN" else m.group(1), value)
                stack[-1]["props"].append((name, tuple(sorted(p for p in parts[1:] if not p.upper().startswith("VALUE="))), value))
            def strip(c):
                return (c["name"], c["props"], [strip(x) for x in c["children"] if x["name"] != "VTIMEZONE"])
            return strip(root)

        failures, read, converted, refused = 0, 0, 0, 0
        for path in files:
            try: icalendar.Calendar.from_ical(open(path, "rb").read())
            except Exception: continue
            read += 1
            out = os.path.join(scratch, "out.ics")
            result = run("convert", path, "-o", out)
            unplaced = [l for l in result.stderr.splitlines() if ": warning: " in l and not re.match(r".*:\d+:\d+: warning: ", l)]
            if result.returncode != 0 or unplaced:
                failures += 1; print("NOT CONVERTED", path, result.returncode, result.stderr[:400], unplaced[:2]); continue
            converted += 1
            expected = tree(out)
            for form in ("jcal", "xcal"):
                middle, back = os.path.join(scratch, "out." + form), os.path.join(scratch, "back.ics")
                there, home = run("convert", path, "--to", form, "-o", middle), run("convert", middle, "-o", back)
                if there.returncode or home.returncode or tree(back) != expected:
                    failures += 1; print("DIFFERS THROUGH", form, path, there.stderr[:200], home.stderr[:200])
            strict = run("convert", path, "--strict", "-o", os.path.join(scratch, "strict.ics"))
            if strict.returncode not in (0, 65) or (strict.returncode == 65) != ("--strict refused" in strict.stderr):
                failures += 1; print("STRICT", path, strict.returncode, strict.stderr[-300:])
            refused += strict.returncode == 65
        print("read", read, "converted", converted, "strict-refused", refused)
        sys.exit(1 if failures else 0)
        """#
}
