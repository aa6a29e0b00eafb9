import XCTest
@testable import CalendarWebFormats

/// Hand-written multistatus bodies for what servers vary on: prefixes, order, href forms,
/// CDATA, bare statuses, and the chunking of the body.
final class CalDAVMultistatusTests: XCTestCase {
    private let event = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:x & y\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"

    /// The event as XML text content.
    private var escapedEvent: String { event.replacingOccurrences(of: "&", with: "&amp;") }

    private func read(_ xml: String) throws -> Multistatus {
        try MultistatusReader().read(Array(xml.utf8))
    }

    func testDefaultNamespaceAndAnyPrefixesReadTheSame() throws {
        let defaultNamespace = """
            <?xml version="1.0" encoding="utf-8"?>
            <multistatus xmlns="DAV:"><response><href>/cal/a.ics</href><propstat><prop>\
            <getetag>"1"</getetag><calendar-data xmlns="urn:ietf:params:xml:ns:caldav">\(escapedEvent)</calendar-data>\
            <getctag xmlns="http://calendarserver.org/ns/">c1</getctag></prop>\
            <status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
            """
        let prefixed = """
            <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/">\
            <D:response><D:href>/cal/a.ics</D:href><D:propstat><D:prop><D:getetag>"1"</D:getetag>\
            <C:calendar-data>\(escapedEvent)</C:calendar-data><CS:getctag>c1</CS:getctag></D:prop>\
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>
            """
        // Prefixes that look like the usual ones but are bound to other namespaces, and back.
        let misleading = """
            <C:multistatus xmlns:C="DAV:" xmlns:D="urn:ietf:params:xml:ns:caldav" xmlns:lp1="http://calendarserver.org/ns/">\
            <C:response><C:href>/cal/a.ics</C:href><C:propstat><C:prop><C:getetag>"1"</C:getetag>\
            <D:calendar-data>\(escapedEvent)</D:calendar-data><lp1:getctag>c1</lp1:getctag></C:prop>\
            <C:status>HTTP/1.1 200 OK</C:status></C:propstat></C:response></C:multistatus>
            """
        let expected = DAVResponse(
            href: "/cal/a.ics", etag: "\"1\"", calendarData: event,
            properties: ["{http://calendarserver.org/ns/}getctag": "c1"],
            propertyStatus: [
                "{DAV:}getetag": 200, "{urn:ietf:params:xml:ns:caldav}calendar-data": 200,
                "{http://calendarserver.org/ns/}getctag": 200,
            ])
        for body in [defaultNamespace, prefixed, misleading] {
            XCTAssertEqual(try read(body).responses, [expected])
        }
        // A DAV element name in a foreign namespace is not a DAV element.
        let foreign = try read(
            """
            <D:multistatus xmlns:D="DAV:" xmlns:X="urn:example"><X:response><D:href>/x</D:href></X:response>\
            <D:response><D:href>/y</D:href><D:status>HTTP/1.1 200 OK</D:status></D:response></D:multistatus>
            """)
        XCTAssertEqual(foreign.responses, [DAVResponse(href: "/y", status: 200)])
    }

    func testElementsInUnusualOrderAndUnknownElements() throws {
        let body = """
            <D:multistatus xmlns:D="DAV:" xmlns:X="urn:example">
              <D:responsedescription>noise</D:responsedescription>
              <D:response>
                <D:propstat>
                  <D:status>HTTP/1.1 404 Not Found</D:status>
                  <D:prop><D:displayname/></D:prop>
                </D:propstat>
                <X:extra><D:href>/not/this</D:href></X:extra>
                <D:propstat>
                  <D:responsedescription>found</D:responsedescription>
                  <D:prop>
                    <X:unknown>kept</X:unknown>
                    <D:getetag>
                      "2"
                    </D:getetag>
                  </D:prop>
                  <D:status>HTTP/1.1 200 OK</D:status>
                </D:propstat>
                <D:href>/cal/late-href.ics</D:href>
              </D:response>
              <D:sync-token>tok-3</D:sync-token>
            </D:multistatus>
            """
        let multistatus = try read(body)
        XCTAssertEqual(multistatus.syncToken, "tok-3")
        XCTAssertEqual(
            multistatus.responses,
            [
                DAVResponse(
                    href: "/cal/late-href.ics", etag: "\"2\"", properties: ["{urn:example}unknown": "kept"],
                    propertyStatus: ["{DAV:}displayname": 404, "{urn:example}unknown": 200, "{DAV:}getetag": 200])
            ])
    }

    func testAbsoluteAndRelativePercentEncodedHrefsGiveTheDecodedPath() throws {
        let hrefs = [
            "https://cal.example.com:8443/dav/M%C3%BCller%20Kalender/e%201.ics",
            "/dav/M%C3%BCller%20Kalender/e%201.ics",
            "  /dav/M%c3%bcller%20Kalender/e%201.ics\n",
            "http://cal.example.com/dav/M%C3%BCller%20Kalender/e%201.ics?x=1#frag",
        ]
        for href in hrefs {
            let body = "<multistatus xmlns=\"DAV:\"><response><href>\(href)</href><status>HTTP/1.1 200 OK</status></response></multistatus>"
            XCTAssertEqual(try read(body).responses.map(\.href), ["/dav/Müller Kalender/e 1.ics"], href)
        }
        let odd = try read(
            """
            <multistatus xmlns="DAV:"><response><href>e%201.ics</href><href>/bad%ZZescape</href>\
            <href>/not-utf8-%FF.ics</href><href>https://host</href><href>/a+b%2Bc.ics</href>\
            <status>HTTP/1.1 200 OK</status></response></multistatus>
            """)
        XCTAssertEqual(odd.responses.map(\.href), ["e 1.ics", "/bad%ZZescape", "/not-utf8-%FF.ics", "/", "/a+b+c.ics"])
        XCTAssertEqual(DAVHref.encodedPath("/dav/Müller Kalender/e 1.ics"), "/dav/M%C3%BCller%20Kalender/e%201.ics")
    }

    func testCalendarDataInCDATAOrEscapedKeepsCRLFAndEveryCharacter() throws {
        let padded = "\r\n  " + event + "  "
        for body in [
            "<multistatus xmlns=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><response><href>/a</href><propstat><prop>"
                + "<C:calendar-data><![CDATA[\(padded)]]></C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>",
            "<multistatus xmlns=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><response><href>/a</href><propstat><prop>"
                + "<C:calendar-data>"
                + padded.replacingOccurrences(of: "\r", with: "&#13;").replacingOccurrences(of: "&", with: "&amp;")
                .replacingOccurrences(of: "&amp;#13;", with: "&#13;")
                + "</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>",
            "<multistatus xmlns=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><response><href>/a</href><propstat><prop>"
                + "<C:calendar-data>\(padded.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\r\n", with: "\n"))"
                + "</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>",
        ] {
            let data = try XCTUnwrap(read(body).responses.first?.calendarData)
            XCTAssertEqual(data, padded, "leading and trailing space kept, every line ending CRLF")
        }
        XCTAssertEqual(MultistatusBuilder.withCRLF(Array("\na\r\nb\nc\n\n".utf8)), Array("\r\na\r\nb\r\nc\r\n\r\n".utf8))
        XCTAssertEqual(MultistatusBuilder.withCRLF(Array("a\r\nb".utf8)), Array("a\r\nb".utf8))
        XCTAssertEqual(MultistatusBuilder.withCRLF([]), [])
    }

    func testBare404ResponseAndSeveralHrefsSharingAStatus() throws {
        let multistatus = try read(
            """
            <d:multistatus xmlns:d="DAV:"><d:response><d:href/><d:status>HTTP/1.1 404 Not Found</d:status></d:response>\
            <d:response><d:href>/gone-1.ics</d:href><d:href>/gone-2.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>\
            <d:response><d:status>HTTP/1.1 500 no href</d:status></d:response>\
            <d:response><d:href>/odd.ics</d:href><d:status>garbage</d:status></d:response></d:multistatus>
            """)
        XCTAssertEqual(
            multistatus.responses,
            [
                DAVResponse(href: "", status: 404),
                DAVResponse(href: "/gone-1.ics", status: 404),
                DAVResponse(href: "/gone-2.ics", status: 404),
                DAVResponse(href: "/odd.ics", status: nil),
            ])
    }

    func testSyncTokenBeforeOrAfterTheResponses() throws {
        let response = "<response><href>/a.ics</href><status>HTTP/1.1 404 Not Found</status></response>"
        for body in [
            "<multistatus xmlns=\"DAV:\"><sync-token>http://example.com/sync/9</sync-token>\(response)</multistatus>",
            "<multistatus xmlns=\"DAV:\">\(response)<sync-token>\n http://example.com/sync/9 \n</sync-token></multistatus>",
        ] {
            var seen: [DAVResponse] = []
            var given = false
            let summary = try MultistatusReader().read(
                chunks: {
                    defer { given = true }
                    return given ? nil : Array(body.utf8)
                }, onResponse: { seen.append($0) })
            XCTAssertEqual(summary, MultistatusSummary(syncToken: "http://example.com/sync/9", responseCount: 1))
            XCTAssertEqual(seen, [DAVResponse(href: "/a.ics", status: 404)])
        }
    }

    func testSingleByteChunksGiveTheSameResult() throws {
        let body = """
            <?xml version="1.0" encoding="UTF-8"?>
            <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:response><D:href>/Kal%C3%A9ndar/%E2%82%AC.ics</D:href><D:propstat><D:prop>
                <D:getetag>"ü€"</D:getetag><C:calendar-data><![CDATA[\(event)]]></C:calendar-data>
                <D:displayname>Zürich &amp; 東京 😀</D:displayname>
              </D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
              <D:sync-token>t</D:sync-token>
            </D:multistatus>
            """
        let whole = try read(body)
        XCTAssertEqual(whole.responses.first?.href, "/Kaléndar/€.ics")
        XCTAssertEqual(whole.responses.first?.etag, "\"ü€\"")
        XCTAssertEqual(whole.responses.first?[.displayName], "Zürich & 東京 😀")
        XCTAssertEqual(whole.responses.first?.calendarData, event)
        XCTAssertEqual(try readInSingleBytes(Array(body.utf8)), whole)
    }

    func testOnResponseErrorsEndTheReadingAsTheyAre() throws {
        struct Stop: Error {}
        let body = Array(
            "<multistatus xmlns=\"DAV:\"><response><href>/a</href></response><response><href>/b</href></response></multistatus>".utf8)
        var count = 0
        XCTAssertThrowsError(
            try MultistatusReader().read(
                chunks: {
                    defer { count += 1 }
                    return count == 0 ? body : nil
                }, onResponse: { _ in throw Stop() })
        ) { error in
            XCTAssertTrue(error is Stop)
        }
    }

    func testAFileIsReadInPieces() throws {
        let url = CalDAVFixtures.directory.appendingPathComponent("xandikos-calendar-multiget.xml")
        var hrefs: [String] = []
        let summary = try MultistatusReader().read(contentsOf: url) { hrefs.append($0.href) }
        XCTAssertEqual(summary.responseCount, 4)
        XCTAssertEqual(hrefs.last, "/user/calendars/fixtures/missing.ics")
    }
}
