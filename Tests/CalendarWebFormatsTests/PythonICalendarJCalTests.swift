@testable import CalendarWebFormats
import CalendarModel
import Foundation
import ICalendar
import XCTest

/// calbridge's jCal against python icalendar 7.3.0's (`Calendar.from_jcal`, `Calendar.to_jcal`), the
/// reference implementation in `.venv`, over every corpus file.
final class PythonICalendarJCalTests: XCTestCase {
    /// The corpus files python icalendar cannot read at all (as iCalendar), so neither test can use.
    private let unreadableByPython: Set<String> = ["broken-mac-cr-line-endings.ics"]

    /// Differences between python icalendar's reading of a corpus file and its reading of
    /// calbridge's jCal of it that are python icalendar's own doing (each checked: calbridge's jCal
    /// holds the right value), line for line: `-` only in the .ics reading, `+` only in the jCal one.
    private let pythonICalendarReadingMistakes: [String: (why: String, lines: [String])] = {
        let droppedValue =
            "from_jcal leaves out the VALUE parameter that RFC 7986 requires on REFRESH-INTERVAL and CONFERENCE "
            + "(no default type, so RFC 7265 §4 has a reader put it back); calbridge's jCal names the type"
        let escapedTZID = "from_jcal backslash-escapes the commas of a TZID parameter; calbridge's jCal has them plain"
        let berlin = "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"
        let escaped = berlin.replacingOccurrences(of: ",", with: "\\,")
        return [
            "broken-unfolded-long-lines.ics": (
                droppedValue,
                [
                    "- /VCALENDAR REFRESH-INTERVAL;VALUE=DURATION:PT1H", "+ /VCALENDAR REFRESH-INTERVAL;:PT1H",
                ]
            ),
            "nextcloud-team-sprints.ics": (
                droppedValue,
                [
                    "- /VCALENDAR REFRESH-INTERVAL;VALUE=DURATION:PT4H", "+ /VCALENDAR REFRESH-INTERVAL;:PT4H",
                ]
            ),
            "misc-geo-conference-image.ics": (
                droppedValue,
                [
                    "- /VCALENDAR REFRESH-INTERVAL;VALUE=DURATION:P1D",
                    "- /VCALENDAR/VEVENT CONFERENCE;FEATURE=PHONE;LABEL=Einwahl (Audio only);VALUE=URI:tel:+49-30-5557-1234;pin=4711",
                    "- /VCALENDAR/VEVENT CONFERENCE;FEATURE=VIDEO;LANGUAGE=de;VALUE=URI:https://stream.example.org/saal2",
                    "- /VCALENDAR/VEVENT CONFERENCE;FEATURE=['AUDIO', 'VIDEO'];LABEL=Livestream Saal 1;VALUE=URI:https://stream.example.org/saal1",
                    "- /VCALENDAR/VEVENT CONFERENCE;FEATURE=['CHAT', 'SCREEN'];VALUE=URI:xmpp:saal1@muc.example.org?join",
                    "+ /VCALENDAR REFRESH-INTERVAL;:P1D",
                    "+ /VCALENDAR/VEVENT CONFERENCE;FEATURE=PHONE;LABEL=Einwahl (Audio only):tel:+49-30-5557-1234;pin=4711",
                    "+ /VCALENDAR/VEVENT CONFERENCE;FEATURE=VIDEO;LANGUAGE=de:https://stream.example.org/saal2",
                    "+ /VCALENDAR/VEVENT CONFERENCE;FEATURE=['AUDIO', 'VIDEO'];LABEL=Livestream Saal 1:https://stream.example.org/saal1",
                    "+ /VCALENDAR/VEVENT CONFERENCE;FEATURE=['CHAT', 'SCREEN']:xmpp:saal1@muc.example.org?join",
                ]
            ),
            "misc-new-york-conference.ics": (
                "from_jcal keeps only the first value of a multi-valued RESOURCES (calbridge's jCal has all three, RFC 7265 "
                    + "§3.4.1.1), and from_ical reads RESOURCES as one text, escaping its commas",
                [
                    "- /VCALENDAR/VEVENT RESOURCES;:Livestream\\,Captioning\\,ASL interpreter",
                    "+ /VCALENDAR/VEVENT RESOURCES;:Livestream",
                ]
            ),
            "misc-vfreebusy.ics": (
                "from_jcal keeps only the first period of a multi-valued FREEBUSY (calbridge's jCal has both)",
                [
                    "- /VCALENDAR/VFREEBUSY FREEBUSY;FBTYPE=BUSY:20251208T130000Z/PT1H"
                ]
            ),
            "outlook-display-name-tzid.ics": (
                escapedTZID,
                [
                    "- /VCALENDAR/VEVENT DTEND;TZID=\(berlin):20251020T163000",
                    "- /VCALENDAR/VEVENT DTSTART;TZID=\(berlin):20251020T150000",
                    "+ /VCALENDAR/VEVENT DTEND;TZID=\(escaped):20251020T163000",
                    "+ /VCALENDAR/VEVENT DTSTART;TZID=\(escaped):20251020T150000",
                ]
            ),
            "broken-outlook-unescaped-tzid.ics": (
                escapedTZID,
                [
                    "- /VCALENDAR/VEVENT DTEND;TZID=\(berlin):20260212T120000",
                    "- /VCALENDAR/VEVENT DTSTART;TZID=\(berlin):20260212T110000",
                    "+ /VCALENDAR/VEVENT DTEND;TZID=\(escaped):20260212T120000",
                    "+ /VCALENDAR/VEVENT DTSTART;TZID=\(escaped):20260212T110000",
                ]
            ),
        ]
    }()

    /// Test A. Every corpus file as calbridge's jCal is accepted by python icalendar, which then sees
    /// the calendar it sees in the .ics: per component, the same names and for each property the same
    /// values (`to_ical()`) with the same parameters. One difference RFC 7265 allows is left out: a
    /// VALUE parameter naming the property's default type, which jCal does not carry (the type is the
    /// property's third element, §3.5.1) and a reader adds only for other types (§4); VALUE's own value
    /// is compared upper-cased (type names are case-insensitive, RFC 5545 §3.2).
    func testPythonICalendarReadsCalbridgesJCalAsTheSameCalendarAsTheICalendarFile() throws {
        let python = try pythonPath()
        XCTAssertGreaterThanOrEqual(corpusFiles.count, 50)
        let folder = try temporaryFolder()
        var names: Set<String> = []
        var arguments: [String] = []
        for url in corpusFiles {
            let calendar = try readICalendarAsWritten(url)
            names.formUnion(Self.propertyNames(calendar))
            let target = folder.appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".json")
            try Data(JCalWriter().document(for: calendar)).write(to: target)
            arguments += [url.path, target.path]
        }
        // Each property's default type and whether its definition wants VALUE all the same.
        let defaults = Dictionary(
            uniqueKeysWithValues: names.map { name in
                (
                    name,
                    [PropertyDesignTable.type(of: name).name, (PropertyDesignTable.design(for: name)?.requiresValueParameter == true)]
                        as [Any]
                )
            })
        let defaultsFile = folder.appendingPathComponent("defaults.json")
        try JSONSerialization.data(withJSONObject: defaults).write(to: defaultsFile)
        arguments.insert(defaultsFile.path, at: 0)
        let (status, report) = try run(python, Self.readsBoth, arguments)
        let verdicts = Self.verdicts(report)
        XCTAssertEqual(Set(verdicts.filter { $0.value.verdict == "skipped" }.keys), unreadableByPython, report)
        XCTAssertEqual(verdicts.filter { $0.value.verdict == "refused" }.map(\.key), [], report)
        for (name, verdict) in verdicts.sorted(by: { $0.key < $1.key }) where verdict.verdict == "different" {
            guard let known = pythonICalendarReadingMistakes[name] else {
                XCTFail("\(name): python icalendar reads calbridge's jCal differently:\n" + verdict.lines.joined(separator: "\n"))
                continue
            }
            XCTAssertEqual(verdict.lines.sorted(), known.lines.sorted(), "\(name): \(known.why)")
        }
        XCTAssertEqual(Set(verdicts.keys), Set(corpusFiles.map(\.lastPathComponent)), report)
        XCTAssertEqual(status, verdicts.values.contains { $0.verdict == "different" || $0.verdict == "refused" } ? 1 : 0, report)
    }

    /// Where python icalendar's jCal of a corpus file is not RFC 7265's (each checked against the
    /// RFC and python's output): the lines calbridge's reading of the .ics has that its reading of
    /// python's jCal lacks, exactly, and how python's jCal gives them instead.
    private let pythonICalendarWritingMistakes: [String: (why: String, lines: [String])] = [
        "misc-vfreebusy.ics": (
            "to_jcal keeps only the last of the two periods of a multi-valued FREEBUSY (it writes [\"2025-12-08T13:00:00Z\", \"PT1H\"] alone)",
            ["/VCALENDAR/VFREEBUSY FREEBUSY;FBTYPE=BUSY:20251208T080000Z/20251208T093000Z,20251208T130000Z/PT1H"]
        ),
        "misc-new-york-conference.ics": (
            #"to_jcal writes RESOURCES's three values as one text "Livestream,Captioning,ASL interpreter", where RFC 7265 §3.4.1.1 has one element each"#,
            ["/VCALENDAR/VEVENT RESOURCES:Livestream,Captioning,ASL interpreter"]
        ),
    ]

    /// Test B. python icalendar's jCal of every corpus file (`Calendar.from_ical(ics).to_jcal()`) reads
    /// through calbridge's JCalReader as the calendar calbridge reads from the .ics (`semantic`). Two
    /// differences of form are left out: python writes durations in another lexical form
    /// (`-P0DT0H10M0S` for `-PT10M`, `PT0S` for `P0D`) and floats as JSON numbers (`40.74342` for
    /// `40.743420`); both are compared by value (RFC 5545 §3.3.6, §3.3.7; RFC 7265 §3.6.6, §3.6.7).
    func testCalbridgeReadsPythonICalendarsJCalAsTheSameCalendarAsTheICalendarFile() throws {
        let python = try pythonPath()
        let folder = try temporaryFolder()
        var arguments: [String] = []
        for url in corpusFiles {
            arguments += [url.path, folder.appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".json").path]
        }
        let (status, report) = try run(python, Self.writesJCal, arguments)
        XCTAssertEqual(status, 0, report)
        let verdicts = Self.verdicts(report)
        XCTAssertEqual(Set(verdicts.filter { $0.value.verdict == "skipped" }.keys), unreadableByPython, report)
        var compared = 0
        for url in corpusFiles where verdicts[url.lastPathComponent]?.verdict == "wrote" {
            let name = url.lastPathComponent
            let jcal = try [UInt8](Data(contentsOf: folder.appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".json")))
            let read: [Component]
            do { read = try JCalReader().calendars(from: jcal) } catch {
                XCTFail("\(name): calbridge refuses python icalendar's jCal: \(error)")
                continue
            }
            compared += 1
            XCTAssertEqual(read.count, 1, name)
            let found = differences(Self.byValue(semantic(read[0])), Self.byValue(semantic(try readICalendarAsWritten(url))))
            if let known = pythonICalendarWritingMistakes[name] {
                // Exactly these lines are missing, and what stands in their place is the same properties.
                XCTAssertEqual(found.onlyInSecond, known.lines.sorted(), "\(name): \(known.why)")
                func property(_ line: String) -> String { String(line.prefix { $0 != ";" && $0 != ":" }) }
                XCTAssertEqual(Set(found.onlyInFirst.map(property)), Set(known.lines.map(property)), "\(name): \(found.onlyInFirst)")
            } else {
                XCTAssertEqual(found.onlyInFirst, [], "\(name): only in calbridge's reading of python icalendar's jCal")
                XCTAssertEqual(found.onlyInSecond, [], "\(name): only in calbridge's reading of the .ics")
            }
        }
        XCTAssertEqual(compared, corpusFiles.count - unreadableByPython.count)
    }

    /// RFC 6868's caret encoding (`^'` for a double quote) belongs to iCalendar's text form, like the
    /// backslash escapes RFC 7265 §3.1 has a converter remove; python icalendar's jCal of
    /// misc-quoted-params-members.ics says `"cn": "Raum 4.01 \"Rotunde\""`. calbridge keeps parameter
    /// values decoded in the model, writes them so in jCal, and encodes them again in iCalendar.
    func testCaretEncodedParameterValueIsDecodedInJCalAndEncodedAgainWhenRead() throws {
        let url = corpusFiles.first { $0.lastPathComponent == "misc-quoted-params-members.ics" }!
        let json = String(decoding: JCalWriter().document(for: try readICalendar(url)), as: UTF8.self)
        XCTAssertTrue(json.contains(#""cn":"Raum 4.01 \"Rotunde\"""#), json)
        XCTAssertFalse(json.contains("^'"), json)
        let jcal =
            #"["vcalendar",[],[["vevent",[["attendee",{"cn":"Raum 4.01 \"Rotunde\""},"cal-address","mailto:raum@example.com"]],[]]]]"#
        let attendee = try JCalReader().calendars(from: Array(jcal.utf8))[0].components[0]["ATTENDEE"]
        XCTAssertEqual(attendee?.parameters, [Parameter("CN", "Raum 4.01 \"Rotunde\"")])
        var writer = ICalendarWriter()
        writer.write(attendee!)
        XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), "ATTENDEE;CN=Raum 4.01 ^'Rotunde^':mailto:raum@example.com\r\n")
    }

    /// python icalendar writes a PERIOD as `["2026-02-14T08:00:00Z", "2026-02-14T12:00:00Z"]` where RFC
    /// 7265 §3.6.9 has the string `"2026-02-14T08:00:00Z/2026-02-14T12:00:00Z"`. calbridge may refuse
    /// that or read the period it means, but not turn it into the iCalendar value
    /// `2026-02-14T08:00:00Z;2026-02-14T12:00:00Z`, which is no period at all.
    func testPeriodWrittenAsAnArrayIsRefusedOrReadAsThatPeriod() {
        let jcal = #"["vcalendar",[],[["vevent",[["rdate",{},"period",["2026-02-14T08:00:00Z","2026-02-14T12:00:00Z"]]],[]]]]"#
        do {
            let rdate = try JCalReader().calendars(from: Array(jcal.utf8))[0].components[0]["RDATE"]
            XCTAssertEqual(rdate?.value, "20260214T080000Z/20260214T120000Z")
        } catch {
            XCTAssertTrue("\(error)".contains("period"), "\(error)")
        }
    }

    /// Durations and floats in one lexical form each, so that values equal as RFC 5545 defines them
    /// compare equal: `-P0DT0H10M0S` and `-PT10M` become `-P0DT600S`, `40.743420` becomes `40.74342`.
    private static func byValue(_ component: Component) -> Component {
        var copy = component
        copy.properties = component.properties.map { property in
            var p = property
            switch ValueCodec.type(of: property) {
            case .duration: p.value = property.value.split(separator: ",").map { duration(String($0)) }.joined(separator: ",")
            case .float:
                p.value = property.value.split(separator: ";").map { Double($0).map { "\($0)" } ?? String($0) }.joined(separator: ";")
            default: break
            }
            return p
        }
        copy.components = component.components.map(byValue)
        return copy
    }

    private static func duration(_ text: String) -> String {
        let pattern = #"^([+-]?)P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let found = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return text }
        func number(_ index: Int) -> Int {
            Range(found.range(at: index), in: text).flatMap { Int(text[$0]) } ?? 0
        }
        let days = number(2) * 7 + number(3), seconds = number(4) * 3600 + number(5) * 60 + number(6)
        let sign = text.hasPrefix("-") && (days != 0 || seconds != 0) ? "-" : ""
        return sign + "P\(days)DT\(seconds)S"
    }

    private static func propertyNames(_ component: Component) -> Set<String> {
        Set(component.properties.map(\.name)).union(component.components.flatMap(propertyNames))
    }

    // MARK: Python

    private func pythonPath() throws -> String {
        guard let python = ProcessInfo.processInfo.environment["CALBRIDGE_PYTHON"] else {
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("CALBRIDGE_PYTHON is not set; run Scripts/test") }
            throw XCTSkip("CALBRIDGE_PYTHON is not set; Scripts/test sets it to .venv/bin/python")
        }
        return python
    }

    private func run(_ python: String, _ program: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", program] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, report)
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calbridge-jcal-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// Each file's verdict line (`same`, `skipped`, `refused`, `different`, `wrote`) and the indented
    /// lines under it, by file name.
    private static func verdicts(_ report: String) -> [String: (verdict: String, lines: [String])] {
        var result: [String: (verdict: String, lines: [String])] = [:]
        var current: String?
        for line in report.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            if line.hasPrefix("    "), let name = current {
                result[name]?.lines.append(String(line.dropFirst(4)))
                continue
            }
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count >= 2 else { continue }
            let name = URL(fileURLWithPath: parts[1]).lastPathComponent
            result[name] = (parts[0], [])
            current = name
        }
        return result
    }

    /// Arguments: a JSON file of each property's default type and whether it requires VALUE, then
    /// pairs of .ics file and calbridge's jCal of it. Prints `same`, `skipped` (icalendar cannot read
    /// the .ics), `refused` (icalendar cannot read the jCal) or `different` followed by the differing
    /// lines (`- ` only in the .ics reading, `+ ` only in the jCal one), each `PATH NAME;PARAMS:VALUE`.
    private static let readsBoth = """
        import json, sys, icalendar
        defaults = json.loads(open(sys.argv[1], encoding="utf-8").read())
        def own(component):
            out = []
            for name, value in component.property_items(recursive=False, sorted=False):
                if name in ("BEGIN", "END"):
                    continue
                default, required = defaults.get(name.upper(), ["unknown", False])
                params = []
                for key, item in sorted(getattr(value, "params", {}).items()):
                    key = key.upper()
                    if key == "VALUE":
                        item = str(item).upper()
                        if item == default.upper() and not required:
                            continue
                    params.append(f"{key}={item}")
                data = value.to_ical() if hasattr(value, "to_ical") else str(value)
                data = data.decode("utf-8", "replace") if isinstance(data, bytes) else str(data)
                out.append(f"{name.upper()};{';'.join(params)}:{data}")
            return out
        def fingerprint(component):
            return (component.name, tuple(sorted(own(component))), tuple(sorted(fingerprint(c) for c in component.subcomponents)))
        def lines(component, path=""):
            here = path + "/" + component.name
            return [here + " " + line for line in own(component)] + [l for c in component.subcomponents for l in lines(c, here)]
        status = 0
        args = sys.argv[2:]
        for original, jcal in zip(args[0::2], args[1::2]):
            try:
                before = icalendar.Calendar.from_ical(open(original, "rb").read())
            except Exception as error:
                print("skipped", original, "python icalendar cannot read it:", error)
                continue
            try:
                after = icalendar.Calendar.from_jcal(json.loads(open(jcal, encoding="utf-8").read()))
            except Exception as error:
                status = 1
                print("refused", original, type(error).__name__, error)
                continue
            if fingerprint(before) == fingerprint(after):
                print("same", original)
                continue
            status = 1
            print("different", original)
            a, b = sorted(lines(before)), sorted(lines(after))
            for line in a:
                if line in b: b.remove(line)
                else: print("    -", line)
            for line in b:
                print("    +", line)
        sys.exit(status)
        """

    /// Arguments: pairs of .ics file and where to write python icalendar's jCal of it. Prints
    /// `wrote` or `skipped` (icalendar cannot read the .ics) for each.
    private static let writesJCal = """
        import json, sys, icalendar
        args = sys.argv[1:]
        for source, target in zip(args[0::2], args[1::2]):
            try:
                calendar = icalendar.Calendar.from_ical(open(source, "rb").read())
            except Exception as error:
                print("skipped", source, "python icalendar cannot read it:", error)
                continue
            with open(target, "w", encoding="utf-8") as out:
                json.dump(calendar.to_jcal(), out, ensure_ascii=False)
            print("wrote", source)
        """
}
