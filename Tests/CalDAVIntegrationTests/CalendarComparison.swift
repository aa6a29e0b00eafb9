import Foundation
import XCTest

/// What a calendar read back from a store has in common with the one imported, as python's
/// `icalendar` (a reference reader independent of calbridge) sees them: every VEVENT keyed by UID
/// and RECURRENCE-ID, its properties compared as decoded values with their parameters, in any
/// order and however folded, an EXDATE, RDATE or CATEGORIES list as its single values (Cyrus writes
/// each on a line of its own), a rule's parts in any order and WKST=MO as the default it is (Cyrus
/// leaves it out); the VTIMEZONEs compared by TZID. Calendar-level properties are not
/// compared: a store keeps one resource per UID, not the file's header.
struct CalendarComparison: Decodable {
    /// VEVENTs (series and overrides) in the input and in the output.
    var inputEvents: Int
    var outputEvents: Int
    /// Distinct UIDs in the output.
    var outputUIDs: Int
    /// UID and RECURRENCE-ID of events the output holds more than once, missing, or has but the input lacks.
    var duplicated: [String]
    var missing: [String]
    var unexpected: [String]
    /// Events whose properties or alarms differ, and the first difference of each (at most 5 listed).
    var differentCount: Int
    var differences: [String]
    /// TZIDs the input defines whose VTIMEZONE the output lacks or changed.
    var timeZoneDifferences: [String]

    enum CodingKeys: String, CodingKey {
        case inputEvents = "input_events", outputEvents = "output_events", outputUIDs = "output_uids"
        case duplicated, missing, unexpected
        case differentCount = "different_count", differences, timeZoneDifferences = "time_zone_differences"
    }

    /// Exports `collection` with calbridge into `folder` and asserts that it holds the `events` VEVENTs
    /// of `input`, each once and unchanged, with their time zones.
    static func assertExportHoldsEveryEventOnce(
        _ collection: String, input: URL, events: Int, in folder: URL,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let output = folder.appendingPathComponent("export.ics")
        let exported = try CalbridgeCommand.run(["export", collection, "--user", "user", "-o", output.path])
        XCTAssertEqual(exported.status, 0, exported.errors, file: file, line: line)
        let comparison = try compare(input: input, output: output)
        XCTAssertEqual(comparison.inputEvents, events, file: file, line: line)
        XCTAssertEqual(comparison.outputEvents, events, file: file, line: line)
        XCTAssertEqual(comparison.outputUIDs, events, file: file, line: line)
        XCTAssertEqual(comparison.duplicated, [], file: file, line: line)
        XCTAssertEqual(comparison.missing, [], file: file, line: line)
        XCTAssertEqual(comparison.unexpected, [], file: file, line: line)
        XCTAssertEqual(comparison.differentCount, 0, comparison.differences.joined(separator: "\n"), file: file, line: line)
        XCTAssertEqual(comparison.timeZoneDifferences, [], file: file, line: line)
    }

    /// Compares two iCalendar files with the venv's python.
    static func compare(input: URL, output: URL) throws -> CalendarComparison {
        guard let bin = CalDAVTestServer.binFolder() else { throw XCTSkip("no .venv with python icalendar") }
        let process = Process()
        process.executableURL = bin.appendingPathComponent("python")
        process.arguments = ["-c", script, input.path, output.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailed(description: "python icalendar could not compare the calendars: \(errors.suffix(1_000))")
        }
        return try JSONDecoder().decode(CalendarComparison.self, from: data)
    }

    private static let script = #"""
        import collections, json, sys
        import icalendar

        def value(v):
            text = v.to_ical() if hasattr(v, "to_ical") else str(v)
            return text.decode("utf-8") if isinstance(text, bytes) else text

        def shape(component):
            props = []
            for name, values in component.property_items(recursive=False)[1:-1]:
                params = sorted((k.upper(), str(p)) for k, p in getattr(values, "params", {}).items())
                if name in ("EXDATE", "RDATE", "CATEGORIES"):
                    # One line with three values says what three lines with one each say (Cyrus splits them).
                    props.extend((name, params, one) for one in value(values).split(","))
                elif name in ("RRULE", "EXRULE"):
                    # Cyrus writes the parts in libical's order and leaves out WKST=MO, the default.
                    parts = sorted(p for p in value(values).upper().split(";") if p != "WKST=MO")
                    props.append((name, params, ";".join(parts)))
                else:
                    props.append((name, params, value(values)))
            subs = sorted(json.dumps(shape(sub)) for sub in component.subcomponents)
            return [sorted(props), subs]

        def read(path):
            with open(path, "rb") as f:
                calendar = icalendar.Calendar.from_ical(f.read())
            events = collections.defaultdict(list)
            for event in calendar.walk("VEVENT"):
                rid = event.get("RECURRENCE-ID")
                events["%s %s" % (event.get("UID"), value(rid) if rid is not None else "")].append(shape(event))
            zones = {str(z["TZID"]): shape(z) for z in calendar.walk("VTIMEZONE")}
            return events, zones, {str(e.get("UID")) for e in calendar.walk("VEVENT")}

        (ins, in_zones, _), (outs, out_zones, out_uids) = read(sys.argv[1]), read(sys.argv[2])
        different = sorted(key for key in ins if key in outs and sorted(map(json.dumps, outs[key])) != sorted(map(json.dumps, ins[key])))
        details = []
        for key in different[:5]:
            a, b = ins[key][0][0], outs[key][0][0]
            only_in, only_out = [p for p in a if p not in b], [p for p in b if p not in a]
            details.append("%s: input has %s, output has %s" % (key, only_in[:2], only_out[:2]))
        print(json.dumps({
            "input_events": sum(len(v) for v in ins.values()),
            "output_events": sum(len(v) for v in outs.values()),
            "output_uids": len(out_uids),
            "duplicated": sorted(k for k, v in outs.items() if len(v) > 1),
            "missing": sorted(k for k in ins if k not in outs),
            "unexpected": sorted(k for k in outs if k not in ins),
            "different_count": len(different),
            "differences": details,
            "time_zone_differences": sorted(t for t in in_zones if out_zones.get(t) != in_zones[t]),
        }))
        """#
}
