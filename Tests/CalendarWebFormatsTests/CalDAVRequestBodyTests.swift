import CalendarModel
import CLibxml2
import XCTest
@testable import CalendarWebFormats

/// The request bodies, parsed back with libxml2: well-formed, the right elements in the right
/// namespaces, and text that survives escaping.
final class CalDAVRequestBodyTests: XCTestCase {
    /// An element as libxml2 read it back, by namespace URI.
    private struct Parsed: Equatable {
        var name: String
        var attributes: [String: String] = [:]
        var text = ""
        var children: [Parsed] = []

        func child(_ name: String) -> Parsed? { children.first { $0.name == name } }
    }

    private func parse(_ body: CalDAVRequestBody, file: StaticString = #filePath, line: UInt = #line) throws -> Parsed {
        XCTAssertEqual(body.contentType, "application/xml; charset=utf-8")
        XCTAssertTrue(body.text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"), body.text, file: file, line: line)
        let document = body.bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlReadMemory($0.baseAddress, Int32($0.count), "body.xml", nil, SafeXML.parserOptions)
            }
        }
        let parsed = try XCTUnwrap(document, "well-formed: \(body.text)", file: file, line: line)
        defer { xmlFreeDoc(parsed) }
        return convert(try XCTUnwrap(xmlDocGetRootElement(parsed)))
    }

    private func convert(_ node: xmlNodePtr) -> Parsed {
        let namespace = node.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) } ?? ""
        var element = Parsed(name: "{\(namespace)}" + String(cString: node.pointee.name))
        var attribute = node.pointee.properties
        while let current = attribute {
            // An attribute's value is its text child; reading it there needs no xmlFree.
            let value = current.pointee.children?.pointee.content.map { String(cString: $0) } ?? ""
            element.attributes[String(cString: current.pointee.name)] = value
            attribute = current.pointee.next
        }
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                element.children.append(convert(current))
            } else if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content {
                element.text += String(cString: content)
            }
            child = current.pointee.next
        }
        return element
    }

    func testPropfindNamesEachProperty() throws {
        let root = try parse(.propfind())
        XCTAssertEqual(root.name, "{DAV:}propfind")
        XCTAssertEqual(root.children.map(\.name), ["{DAV:}prop"])
        XCTAssertEqual(
            root.child("{DAV:}prop")?.children.map(\.name),
            [
                "{DAV:}resourcetype", "{DAV:}displayname", "{DAV:}getetag", "{http://calendarserver.org/ns/}getctag",
                "{DAV:}sync-token", "{DAV:}current-user-principal", "{urn:ietf:params:xml:ns:caldav}calendar-home-set",
                "{urn:ietf:params:xml:ns:caldav}supported-calendar-component-set", "{http://apple.com/ns/ical/}calendar-color",
            ])
        XCTAssertFalse(CalDAVRequestBody.propfind().text.contains("allprop"))
        let custom = try parse(
            .propfind([
                DAVPropertyName(namespace: "urn:example:a", name: "x"),
                DAVPropertyName(namespace: "urn:example:b", name: "y"),
            ]))
        XCTAssertEqual(custom.child("{DAV:}prop")?.children.map(\.name), ["{urn:example:a}x", "{urn:example:b}y"])
    }

    func testMkcalendarCarriesNameColourZoneAndComponents() throws {
        let zone =
            "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\n"
            + "TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        let body = CalDAVRequestBody.mkcalendar(
            displayName: "Büro <Team> & \"Co\"\u{1}", color: "#FF8800FF",
            timeZone: zone, components: ["VEVENT", "VTODO"])
        let root = try parse(body)
        XCTAssertEqual(root.name, "{urn:ietf:params:xml:ns:caldav}mkcalendar")
        let prop = try XCTUnwrap(root.child("{DAV:}set")?.child("{DAV:}prop"))
        XCTAssertEqual(prop.child("{DAV:}displayname")?.text, "Büro <Team> & \"Co\"", "escaped; a control character dropped")
        XCTAssertEqual(prop.child("{http://apple.com/ns/ical/}calendar-color")?.text, "#FF8800FF")
        XCTAssertEqual(
            prop.child("{urn:ietf:params:xml:ns:caldav}calendar-timezone")?.text,
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calbridge//CalDAV//EN\r\n" + zone + "END:VCALENDAR\r\n",
            "CR written as &#13; so it survives XML line-end normalisation")
        let components = prop.child("{urn:ietf:params:xml:ns:caldav}supported-calendar-component-set")?.children
        XCTAssertEqual(components?.map(\.name), ["{urn:ietf:params:xml:ns:caldav}comp", "{urn:ietf:params:xml:ns:caldav}comp"])
        XCTAssertEqual(components?.map { $0.attributes["name"] }, ["VEVENT", "VTODO"])
        XCTAssertTrue(body.text.contains("&#13;"))

        let wrapped = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + zone + "END:VCALENDAR\r\n"
        let plain = try parse(.mkcalendar(timeZone: wrapped))
        let plainProp = try XCTUnwrap(plain.child("{DAV:}set")?.child("{DAV:}prop"))
        XCTAssertEqual(plainProp.child("{urn:ietf:params:xml:ns:caldav}calendar-timezone")?.text, wrapped)
        XCTAssertNil(plainProp.child("{DAV:}displayname"))
    }

    func testCalendarQueryWithAndWithoutTimeRange() throws {
        let range = CalDAVTimeRange(
            start: LocalDateTime(date: CalendarDate(year: 2026, month: 1, day: 1)),
            end: LocalDateTime(date: CalendarDate(year: 2026, month: 3, day: 1), hour: 12, minute: 30, second: 5))
        let root = try parse(.calendarQuery(timeRange: range))
        XCTAssertEqual(root.name, "{urn:ietf:params:xml:ns:caldav}calendar-query")
        XCTAssertEqual(
            root.child("{DAV:}prop")?.children.map(\.name),
            ["{DAV:}getetag", "{urn:ietf:params:xml:ns:caldav}calendar-data"])
        let calendar = try XCTUnwrap(root.child("{urn:ietf:params:xml:ns:caldav}filter")?.children.first)
        XCTAssertEqual(calendar.name, "{urn:ietf:params:xml:ns:caldav}comp-filter")
        XCTAssertEqual(calendar.attributes, ["name": "VCALENDAR"])
        let event = try XCTUnwrap(calendar.children.first)
        XCTAssertEqual(event.attributes, ["name": "VEVENT"])
        XCTAssertEqual(event.children.map(\.name), ["{urn:ietf:params:xml:ns:caldav}time-range"])
        XCTAssertEqual(event.children.first?.attributes, ["start": "20260101T000000Z", "end": "20260301T123005Z"])

        let open = try parse(.calendarQuery(timeRange: CalDAVTimeRange(start: nil, end: range.start)))
        let openRange = open.child("{urn:ietf:params:xml:ns:caldav}filter")?.children.first?.children.first?.children.first
        XCTAssertEqual(openRange?.attributes, ["end": "20260101T000000Z"])

        let all = try parse(.calendarQuery())
        XCTAssertEqual(all.child("{urn:ietf:params:xml:ns:caldav}filter")?.children.first?.children.first?.children, [])
    }

    func testMultigetPercentEncodesThePaths() throws {
        let body = CalDAVRequestBody.calendarMultiget(paths: [
            "/cal/weekly stand-up.ics", "/cal/sommerfest-müller.ics",
            "/cal/50%&<x>.ics", "/cal/a@b.ics",
        ])
        let root = try parse(body)
        XCTAssertEqual(root.name, "{urn:ietf:params:xml:ns:caldav}calendar-multiget")
        XCTAssertEqual(root.children.first?.name, "{DAV:}prop")
        XCTAssertEqual(root.children.dropFirst().map(\.name), Array(repeating: "{DAV:}href", count: 4))
        XCTAssertEqual(
            root.children.dropFirst().map(\.text),
            [
                "/cal/weekly%20stand-up.ics", "/cal/sommerfest-m%C3%BCller.ics", "/cal/50%25%26%3Cx%3E.ics", "/cal/a%40b.ics",
            ])
        // What calbridge sends decodes to what it meant, through its own reader too.
        let echo =
            "<multistatus xmlns=\"DAV:\">"
            + root.children.dropFirst().map {
                "<response><href>\($0.text)</href><status>HTTP/1.1 404 Not Found</status></response>"
            }.joined() + "</multistatus>"
        XCTAssertEqual(
            try MultistatusReader().read(Array(echo.utf8)).responses.map(\.href),
            ["/cal/weekly stand-up.ics", "/cal/sommerfest-müller.ics", "/cal/50%&<x>.ics", "/cal/a@b.ics"])
    }

    func testSyncCollectionInitialAndWithAToken() throws {
        let initial = try parse(.syncCollection(syncToken: nil))
        XCTAssertEqual(initial.name, "{DAV:}sync-collection")
        XCTAssertEqual(initial.children.map(\.name), ["{DAV:}sync-token", "{DAV:}sync-level", "{DAV:}prop"])
        XCTAssertEqual(initial.children.map(\.text), ["", "1", ""])
        XCTAssertEqual(initial.child("{DAV:}prop")?.children.map(\.name), ["{DAV:}getetag"])
        XCTAssertTrue(CalDAVRequestBody.syncCollection(syncToken: "").text.contains("<D:sync-token></D:sync-token>"))

        let token = "http://radicale.org/ns/sync/28117576d053e51b?a=1&b=<2>"
        let later = try parse(.syncCollection(syncToken: token))
        XCTAssertEqual(later.child("{DAV:}sync-token")?.text, token)
    }
}
