import CalendarDocuments
import CalendarModel
import Foundation
import ICalendar
import Platform
import XCTest

/// The format registry: every format's name, extensions and sniffing agree with one another, each
/// writable format writes itself (never another), and model JSON is read by calbridge's JSON reader.
final class FormatRegistryTests: XCTestCase {
    private let event = Component(
        name: "VCALENDAR", properties: [Property(name: "VERSION", value: "2.0")],
        components: [
            Component(
                name: "VEVENT",
                properties: [
                    Property(name: "UID", value: "registry@example.org"), Property(name: "DTSTAMP", value: "20260101T000000Z"),
                    Property(name: "DTSTART", parameters: [Parameter("TZID", "Europe/Berlin")], value: "20260105T090000"),
                    Property(name: "SUMMARY", value: "Vorlesung\\, Raum 1"),
                ])
        ])

    /// The first bytes of the read-only formats as their producers write them: a vCard (RFC 6350
    /// §6.1.1), a WebDAV multistatus (RFC 4918 §13), the SPEC's JSON timetable.
    private let readOnlyHeads: [CalendarFormat: String] = [
        .vcf: "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\r\nEND:VCARD\r\n",
        .caldavXML: "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<d:multistatus xmlns:d=\"DAV:\">",
        .timetable: "{\n  \"term\": {\"start\": \"2026-04-13\"},\n  \"lectures\": []\n}",
    ]

    func testEveryFormatsNameAndExtensionsNameItBack() throws {
        XCTAssertEqual(Set(CalendarFormat.all.map(\.rawValue)).count, CalendarFormat.registry.count, "names are unique")
        for descriptor in CalendarFormat.registry {
            XCTAssertEqual(CalendarFormat(rawValue: descriptor.name), descriptor.format)
            XCTAssertFalse(descriptor.extensions.isEmpty, descriptor.name)
            XCTAssertLessThanOrEqual(descriptor.carries.count, FormatDescriptor.carriesLength, "\(descriptor.name) carries one help line")
            for fileExtension in descriptor.extensions {
                XCTAssertTrue(CalendarFormat.named(byExtension: fileExtension.uppercased()).contains(descriptor.format), fileExtension)
            }
            for fileExtension in descriptor.format.ownExtensions {
                XCTAssertEqual(CalendarFormat(path: "/tmp/calendar." + fileExtension), descriptor.format, fileExtension)
                XCTAssertEqual(CalendarFormat.of(input: "in." + fileExtension, given: nil, head: []), descriptor.format)
            }
        }
        for named in [CalendarFormat.ics, .json, .xcal, .jcal, .caldavXML, .vcf, .timetable, .csv] {
            XCTAssertEqual(CalendarFormat(rawValue: named.rawValue), named, "the code's own names are registry entries")
            XCTAssertEqual(named.descriptor.name, named.rawValue)
        }
        XCTAssertNil(CalendarFormat(rawValue: "pdf"))
        XCTAssertNil(CalendarFormat(path: "out.pdf"))
    }

    func testTheFormatsDocumentationHasARowForEveryFormat() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("Documentation/formats.md"), encoding: .utf8)
        for format in CalendarFormat.all {
            XCTAssertTrue(page.contains("| `\(format)` |"), "Documentation/formats.md has no row for \(format)")
        }
    }

    func testWhatEachWritableFormatWritesIsSniffedAndReadAsThatFormat() throws {
        XCTAssertEqual(Array(CalendarFormat.writable.prefix(4)), [.ics, .json, .xcal, .jcal])
        XCTAssertEqual(CalendarFormat.registry.filter(\.isLossless).map(\.format), [.ics, .json, .xcal, .jcal])
        for format in CalendarFormat.writable {
            let bytes = try format.writer().document(event, FormatOptions()).bytes
            XCTAssertEqual(CalendarFormat.sniff(head: Array(bytes.prefix(CalendarFormat.sniffedBytes))), format, format.rawValue)
            XCTAssertEqual(CalendarFormat.of(input: "-", given: nil, head: bytes), format)
            guard format.descriptor.isLossless else { continue }
            let read = try readCalendar(bytes, as: format)
            XCTAssertEqual(read.components.map(\.canonicalForm), event.components.map(\.canonicalForm), format.rawValue)
        }
        for (format, head) in readOnlyHeads {
            XCTAssertEqual(CalendarFormat.sniff(head: Array(head.utf8)), format, format.rawValue)
        }
    }

    func testAReadOnlyFormatIsRefusedForWritingWithTheRegistrysList() throws {
        for format in CalendarFormat.all where !format.isWritable {
            XCTAssertThrowsError(try format.writer()) { error in
                XCTAssertEqual(
                    (error as? UsageProblem)?.message,
                    "calbridge reads \(format), \(format.descriptor.title), but does not write it; "
                        + "it writes " + CalendarFormat.listing(CalendarFormat.writable.map(\.rawValue)))
            }
        }
        XCTAssertThrowsError(try CalendarConversion.format(ofOutput: "contacts.vcf")) { error in
            XCTAssertTrue(
                (error as? UsageProblem)?.message.hasPrefix("calbridge reads vcf, contact cards (vCard 2.1, 3.0, 4.0), but") == true,
                "\(error)")
        }
        XCTAssertThrowsError(try CalendarConversion.format(ofOutput: "out.pdf")) { error in
            let message = (error as? UsageProblem)?.message ?? ""
            XCTAssertTrue(
                message.hasPrefix("out.pdf: no format calbridge writes ends in .pdf; name the output .ics, .json, .xcal, .jcal"), message)
            XCTAssertTrue(
                message.hasSuffix(" (`calbridge convert --help` lists every one), or give --to ics to write iCalendar into out.pdf anyway"),
                message)
        }
        XCTAssertTrue(
            CalendarConversion.outputNames.hasPrefix(
                ".ics, .ical, .icalendar or .ifb for iCalendar (RFC 5545), .json for "
                    + "calbridge's model JSON, .xcal, .xcs or .xml for xCal (RFC 6321), .jcal for jCal"))
    }

    func testConvertWritesEachFormatItselfAndRefusesAReadOnlyOneRatherThanFallingBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("format-registry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.ics").path
        try Data(try CalendarFormat.ics.writer().document(event, FormatOptions()).bytes).write(to: URL(fileURLWithPath: input))
        for format in CalendarFormat.writable {
            let output = folder.appendingPathComponent("out." + format.rawValue).path
            let (sink, diagnostics) = try CalendarConversion(
                CalendarInputs(paths: [input], format: nil), to: format, policy: ReadingPolicy(strict: false)
            )
            .write(to: output)
            try sink.commit()
            XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [])
            let written = try Array(Data(contentsOf: URL(fileURLWithPath: output)))
            XCTAssertEqual(CalendarFormat.sniff(head: written), format, "\(format) is written as itself")
        }
        for format in CalendarFormat.all where !format.isWritable {
            let output = folder.appendingPathComponent("refused." + format.rawValue).path
            XCTAssertThrowsError(
                try CalendarConversion(CalendarInputs(paths: [input], format: nil), to: format, policy: ReadingPolicy(strict: false))
                    .write(to: output)
            ) { XCTAssertTrue($0 is UsageProblem, "\($0)") }
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing is written as another format")
        }
    }

    func testTheContentDecidesAmongFormatsThatShareAnExtensionOnlyThere() {
        XCTAssertEqual(
            CalendarFormat.named(byExtension: "json"), [.json, .jcal] + CalendarFormat.named(byExtension: "jscal") + [.timetable])
        XCTAssertEqual(CalendarFormat.named(byExtension: "xml"), [.xcal, .caldavXML])
        // A marker wins wherever the registry lists its format; text no candidate fits keeps the name's first.
        XCTAssertEqual(CalendarFormat.of(input: "plan.json", given: nil, head: Array(#"{"lectures": []}"#.utf8)), .timetable)
        XCTAssertEqual(CalendarFormat.of(input: "odd.json", given: nil, head: Array("BEGIN:VCALENDAR\r\n".utf8)), .json)
        XCTAssertEqual(
            CalendarFormat.of(input: "cal.ics", given: nil, head: Array("[\"vcalendar\"".utf8)), .ics, "an only format is not sniffed")
        XCTAssertEqual(CalendarFormat.of(input: "-", given: nil, head: Array("hello".utf8)), .ics, "nothing known is iCalendar")
        XCTAssertEqual(FormatHead(Array("\u{FEFF}  Subject,Start Date\r\nx".utf8)).firstLine, "Subject,Start Date")
    }

    func testModelJSONThatIsNotJSONIsPlacedAtItsLineAndColumn() throws {
        let text = "{\n  \"type\": \"VCALENDAR\",\n  \"components\": [,]\n}\n"
        XCTAssertThrowsError(try readCalendar(Array(text.utf8), as: .json)) { error in
            let diagnostic = (error as? InvalidCalendarData)?.diagnostics.first
            XCTAssertEqual(diagnostic?.location, SourceLocation(line: 3, column: 18))
            XCTAssertEqual(diagnostic?.severity, .error)
            XCTAssertTrue(diagnostic?.message.hasPrefix("not JSON: ") == true, "\(String(describing: diagnostic))")
        }
        XCTAssertThrowsError(try readCalendar(Array(#"{"type": "VCALENDAR", "components": [{"summary": "x"}]}"#.utf8), as: .json)) {
            error in
            XCTAssertEqual(
                (error as? InvalidCalendarData)?.diagnostics.map(\.message),
                ["not calbridge model JSON: $.components[0].type: required field is missing"])
        }
    }

    /// Model JSON is read as Foundation's decoder of `ModelJSON` read it: the same inputs taken, as
    /// the same trees, and the same refused. JSON that is not RFC 8259's (a comma before a closing
    /// bracket, a key twice), which Foundation let through, is refused at its place.
    func testModelJSONIsReadAsFoundationsDecoderReadIt() throws {
        let inputs = [
            #"{"type": "VCALENDAR"}"#, #"{"type": "VEVENT", "summary": "a\nb", "sequence": 2}"#,
            #"{"type": "VEVENT", "sequence": 2.0}"#, #"{"type": "VEVENT", "sequence": 1e1}"#, #"{"type": "VEVENT", "sequence": 2.5}"#,
            #"{"type": "VEVENT", "sequence": "2"}"#, #"{"type": "VEVENT", "summary": 5}"#, #"{"type": "VEVENT", "summary": null}"#,
            #"{"type": "VEVENT", "categories": ["a,b", "c"]}"#, #"{"type": "VEVENT", "categories": "a"}"#,
            #"{"type": "VEVENT", "start": {"date": "2026-03-29"}}"#,
            #"{"type": "VEVENT", "start": {"dateTime": "2026-03-29T10:00:00", "timeZone": "Europe/Berlin"}}"#,
            #"{"type": "VEVENT", "start": {"dateTime": 5}}"#, #"{"type": "VEVENT", "start": {"x": 1}}"#,
            #"{"type": "VEVENT", "start": {"date": null}}"#,
            #"{"type": "VEVENT", "attendees": [{"address": "mailto:a@b", "parameters": [{"name": "cn", "values": ["A"]}]}]}"#,
            #"{"type": "VEVENT", "organizer": {"address": "mailto:a@b", "parameters": null}}"#,
            #"{"type": "VEVENT", "organizer": {"address": "mailto:a@b", "parameters": [{"name": "CN"}]}}"#,
            #"{"type": "VEVENT", "properties": [{"name": "x-a", "value": "1", "parameters": [{"name": "p", "values": []}]}]}"#,
            #"{"type": "VEVENT", "properties": [{"name": "X-A"}]}"#, #"{"type": "VEVENT", "properties": null, "components": null}"#,
            #"{"type": "VCALENDAR", "components": [{"type": "VEVENT", "other": [1, {}]}]}"#, #"{"type": 1}"#, #"[]"#, #"{}"#,
            "\u{FEFF} {\"type\": \"VCALENDAR\"} ", #"{"type": "VCALENDAR"} x"#, #"{"type": "VCALENDAR", "summary": "\ud800"}"#,
        ]
        for text in inputs {
            let foundation = try? JSONDecoder().decode(ModelJSON.self, from: Data(text.utf8)).component
            let registry = try? readCalendar(Array(text.utf8), as: .json)
            XCTAssertEqual(registry.map(\.canonicalForm), foundation.map(\.canonicalForm), text)
            XCTAssertEqual(registry?.properties.map(\.parameters), foundation?.properties.map(\.parameters), text)
        }
        for lenient in [#"{"type": "VCALENDAR", "components": [],}"#, #"{"type": "VCALENDAR", "type": "VEVENT"}"#] {
            XCTAssertNotNil(try? JSONDecoder().decode(ModelJSON.self, from: Data(lenient.utf8)), lenient)
            XCTAssertThrowsError(try readCalendar(Array(lenient.utf8), as: .json), lenient)
        }
    }

    private func readCalendar(_ bytes: [UInt8], as format: CalendarFormat) throws -> Component {
        var calendar = Component(name: "VCALENDAR")
        let input = InputFile(name: "registry." + (format.ownExtensions.first ?? format.rawValue), contents: bytes)
        switch format.descriptor.reader {
        case .document(let read), .made(let read):
            return try read(input, FormatOptions()).calendar
        case .streamed(let read):
            var reader = CalendarStreamReader()
            _ = try read(FormatInput(path: input.name, opened: input), &reader) { event in
                switch event {
                case .property(let property): calendar.properties.append(property)
                case .component(let read): if let component = read.component { calendar.components.append(component) }
                }
            }
            return calendar
        }
    }
}
