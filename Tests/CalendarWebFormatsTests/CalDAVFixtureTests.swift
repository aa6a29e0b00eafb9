import XCTest
@testable import CalendarWebFormats

/// Real answers recorded from Radicale and Xandikos (see Fixtures/caldav/README.md), read with
/// exact hrefs, etags, statuses and calendar data.
final class CalDAVFixtureTests: XCTestCase {
    private let collectionKey = "{DAV:}resourcetype"
    private let radicaleToken1 = "http://radicale.org/ns/sync/28117576d053e51bd71c59bb85d52d4fbf2b1cae22d51545c0a641a2a1da4f15"
    private let radicaleToken2 = "http://radicale.org/ns/sync/ebb3a961c7ee53180925a64c75fa7523597f0bde229b8955d008b1be87113f4f"

    private enum Etag {
        static let radicalePlanning = "\"45a5f11b93d03b4ecc5b2b8ddc20559c5e70e316f5c1d17e3390c0443e050102\""
        static let radicaleWeekly = "\"d6b68f05257e821cc54c0c34285427345e12934c1ade5d1a6ec4d3294d51b276\""
        static let radicaleSummer = "\"bc48acf6ffbf60224371d411cc357aa6d330d2252f39b10080102ecf3967d0b1\""
        static let radicaleSummerChanged = "\"aec2f0fe42707c91beecc2886928b42d122562ae396f905135d0fc68e64dd452\""
        static let xandikosPlanning = "\"7a87ea1186ea54ad7e411e746fa79bf740c5eee1\""
        static let xandikosWeekly = "\"b186b0c8352a52b68c26eaa6e039e718687db7f8\""
        static let xandikosSummer = "\"869e44ae4e710d2d643a7122d404f6ac83444a22\""
        static let xandikosSummerChanged = "\"1f860bca13527229ff32b192763c1d02e16d21fa\""
    }

    private func summary(_ multistatus: Multistatus) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: multistatus.responses.map { response in
                (response.href, response.status.map { "status \($0)" } ?? (response.etag ?? "no etag"))
            })
    }

    func testEveryFixtureReadsTheSameWholeAndInSingleBytes() throws {
        let fixtures = try CalDAVFixtures.all()
        XCTAssertEqual(fixtures.count, 15, "the recorded answers in Fixtures/caldav")
        for (name, body) in fixtures {
            let whole = try MultistatusReader().read(body)
            XCTAssertFalse(whole.responses.isEmpty, name)
            XCTAssertEqual(try readInSingleBytes(body), whole, name)
            for response in whole.responses {
                XCTAssertTrue(response.href.hasPrefix("/"), "\(name): \(response.href)")
                if let data = response.calendarData {
                    XCTAssertTrue(data.hasPrefix("BEGIN:VCALENDAR\r\n"), name)
                    XCTAssertTrue(data.hasSuffix("END:VCALENDAR\r\n"), name)
                    XCTAssertFalse(data.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(name): bare LF")
                }
            }
        }
    }

    func testRadicalePropfindOnTheCalendar() throws {
        let multistatus = try CalDAVFixtures.read("radicale-propfind-calendar.xml")
        XCTAssertNil(multistatus.syncToken, "a PROPFIND carries sync-token as a property, not a report token")
        XCTAssertEqual(
            summary(multistatus),
            [
                "/alice/fixtures/": "\"f2bdcce2b8153e8252a55fe24414cabbf5aa63228953722abc5af2eb37b2816b\"",
                "/alice/fixtures/planning.ics": Etag.radicalePlanning,
                "/alice/fixtures/sommerfest-müller.ics": Etag.radicaleSummer,
                "/alice/fixtures/weekly stand-up.ics": Etag.radicaleWeekly,
            ])
        let calendar = multistatus.responses[0]
        XCTAssertTrue(calendar.isCalendar)
        XCTAssertEqual(calendar.resourceTypes, ["{DAV:}collection", "{urn:ietf:params:xml:ns:caldav}calendar"])
        XCTAssertEqual(calendar[.displayName], "Fixtures")
        XCTAssertEqual(calendar[.ctag], "\"f2bdcce2b8153e8252a55fe24414cabbf5aa63228953722abc5af2eb37b2816b\"")
        XCTAssertEqual(calendar[.syncToken], radicaleToken1)
        XCTAssertEqual(calendar[.calendarColor], "#3366CCFF")
        XCTAssertEqual(calendar.supportedComponents, ["VEVENT"])
        XCTAssertNil(calendar.status)

        let event = try XCTUnwrap(multistatus.responses.first { $0.href == "/alice/fixtures/weekly stand-up.ics" })
        XCTAssertFalse(event.isCalendar)
        XCTAssertEqual(event.resourceTypes, [])
        XCTAssertEqual(event.properties, [collectionKey: ""])
        XCTAssertEqual(
            event.propertyStatus,
            [
                "{DAV:}resourcetype": 200, "{DAV:}getetag": 200, "{DAV:}displayname": 404,
                "{http://calendarserver.org/ns/}getctag": 404, "{DAV:}sync-token": 404,
                "{http://apple.com/ns/ical/}calendar-color": 404,
                "{urn:ietf:params:xml:ns:caldav}supported-calendar-component-set": 404,
            ])
    }

    func testXandikosPropfindOnTheCalendar() throws {
        let multistatus = try CalDAVFixtures.read("xandikos-propfind-calendar.xml")
        XCTAssertEqual(
            summary(multistatus),
            [
                "/user/calendars/fixtures/": "\"2e39f6a80cc9c9dd4dc0f317317a74fad05c1e51\"",
                "/user/calendars/fixtures/planning.ics": Etag.xandikosPlanning,
                "/user/calendars/fixtures/sommerfest-müller.ics": Etag.xandikosSummer,
                "/user/calendars/fixtures/weekly stand-up.ics": Etag.xandikosWeekly,
            ])
        let calendar = multistatus.responses[0]
        XCTAssertTrue(calendar.isCalendar)
        XCTAssertEqual(calendar[.displayName], "Fixtures")
        // Xandikos sends the ctag without the quotes Radicale puts around it.
        XCTAssertEqual(calendar[.ctag], "2e39f6a80cc9c9dd4dc0f317317a74fad05c1e51")
        XCTAssertEqual(calendar[.syncToken], "2e39f6a80cc9c9dd4dc0f317317a74fad05c1e51")
        XCTAssertEqual(calendar[.calendarColor], "#3366CCFF")
        XCTAssertEqual(calendar.supportedComponents, ["VEVENT"])
        let event = try XCTUnwrap(multistatus.responses.last)
        XCTAssertEqual(event.propertyStatus[DAVPropertyName.displayName.key], 404)
        XCTAssertNil(event[.displayName])
    }

    func testPrincipalDiscovery() throws {
        let radicaleRoot = try CalDAVFixtures.read("radicale-propfind-principal.xml").responses
        XCTAssertEqual(radicaleRoot.map(\.href), ["/"])
        XCTAssertEqual(radicaleRoot[0][.currentUserPrincipal], "/alice/")
        XCTAssertEqual(radicaleRoot[0].propertyStatus[DAVPropertyName.calendarHomeSet.key], 404)
        XCTAssertNil(radicaleRoot[0][.calendarHomeSet])

        let radicaleHome = try CalDAVFixtures.read("radicale-propfind-principal-home.xml").responses
        XCTAssertEqual(radicaleHome.map(\.href), ["/alice/"])
        XCTAssertEqual(radicaleHome[0][.calendarHomeSet], "/alice/")
        XCTAssertEqual(radicaleHome[0].propertyHrefs[DAVPropertyName.calendarHomeSet.key], ["/alice/"])
        XCTAssertEqual(radicaleHome[0].resourceTypes, ["{DAV:}principal", "{DAV:}collection"])

        let xandikosRoot = try CalDAVFixtures.read("xandikos-propfind-principal.xml").responses
        XCTAssertEqual(xandikosRoot[0][.currentUserPrincipal], "/user/")
        XCTAssertNil(xandikosRoot[0][.calendarHomeSet])

        let xandikosHome = try CalDAVFixtures.read("xandikos-propfind-principal-home.xml").responses
        XCTAssertEqual(xandikosHome.map(\.href), ["/user/"])
        XCTAssertEqual(xandikosHome[0][.currentUserPrincipal], "/user/")
        XCTAssertEqual(xandikosHome[0][.calendarHomeSet], "/user/calendars/")
        XCTAssertEqual(xandikosHome[0][.displayName], "user")
    }

    func testMultigetGivesCalendarDataWithCRLFAndTheMissingHrefAs404() throws {
        let radicale = try CalDAVFixtures.read("radicale-calendar-multiget.xml")
        XCTAssertEqual(
            summary(radicale),
            [
                "/alice/fixtures/missing.ics": "status 404",
                "/alice/fixtures/planning.ics": Etag.radicalePlanning,
                "/alice/fixtures/sommerfest-müller.ics": Etag.radicaleSummer,
                "/alice/fixtures/weekly stand-up.ics": Etag.radicaleWeekly,
            ])
        XCTAssertNil(radicale.responses[0].calendarData)
        let radicalePlanning = try XCTUnwrap(radicale.responses.first { $0.href.hasSuffix("planning.ics") })
        XCTAssertEqual(
            radicalePlanning.calendarData,
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge//fixtures//EN", "BEGIN:VEVENT",
                "UID:fixture-one@calbridge", "DTSTART:20260115T090000Z", "DTEND:20260115T100000Z",
                "DTSTAMP:20260101T120000Z", "SUMMARY:Planning & review <Q1>", "END:VEVENT", "END:VCALENDAR", "",
            ].joined(separator: "\r\n"))

        let xandikos = try CalDAVFixtures.read("xandikos-calendar-multiget.xml")
        XCTAssertEqual(
            xandikos.responses.map(\.href),
            [
                "/user/calendars/fixtures/planning.ics", "/user/calendars/fixtures/weekly stand-up.ics",
                "/user/calendars/fixtures/sommerfest-müller.ics", "/user/calendars/fixtures/missing.ics",
            ])
        XCTAssertEqual(xandikos.responses.map(\.status), [nil, nil, nil, 404])
        XCTAssertEqual(xandikos.responses.map(\.etag), [Etag.xandikosPlanning, Etag.xandikosWeekly, Etag.xandikosSummer, nil])
        XCTAssertEqual(
            xandikos.responses[2].calendarData,
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calbridge//fixtures//EN", "BEGIN:VEVENT",
                "SUMMARY:Sommerfest Müller", "DTSTART;VALUE=DATE:20260701", "DTEND;VALUE=DATE:20260702",
                "DTSTAMP:20260101T120000Z", "UID:fixture-summer@calbridge", "END:VEVENT", "END:VCALENDAR", "",
            ].joined(separator: "\r\n"))
        let weekly = try XCTUnwrap(xandikos.responses[1].calendarData)
        XCTAssertTrue(weekly.contains("RRULE:FREQ=WEEKLY;COUNT=4\r\n"))
        XCTAssertTrue(weekly.contains("RECURRENCE-ID:20260209T080000Z\r\n"))
        XCTAssertEqual(weekly.components(separatedBy: "BEGIN:VEVENT").count, 3, "the series and its override")
    }

    func testCalendarQueryWithTimeRangeLeavesTheSummerEventOut() throws {
        for (name, prefix, planning, weekly) in [
            ("radicale-calendar-query.xml", "/alice/fixtures/", Etag.radicalePlanning, Etag.radicaleWeekly),
            ("xandikos-calendar-query.xml", "/user/calendars/fixtures/", Etag.xandikosPlanning, Etag.xandikosWeekly),
        ] {
            let multistatus = try CalDAVFixtures.read(name)
            XCTAssertEqual(summary(multistatus), [prefix + "planning.ics": planning, prefix + "weekly stand-up.ics": weekly], name)
            XCTAssertTrue(multistatus.responses.allSatisfy { $0.calendarData?.contains("UID:fixture-") == true }, name)
            XCTAssertTrue(
                multistatus.responses.allSatisfy {
                    $0.propertyStatus == ["{DAV:}getetag": 200, "{urn:ietf:params:xml:ns:caldav}calendar-data": 200]
                }, name)
        }
    }

    func testSyncCollectionInitialAndAfterAChange() throws {
        let radicaleInitial = try CalDAVFixtures.read("radicale-sync-initial.xml")
        XCTAssertEqual(radicaleInitial.syncToken, radicaleToken1, "Radicale puts the token before the responses")
        XCTAssertEqual(
            summary(radicaleInitial),
            [
                "/alice/fixtures/planning.ics": Etag.radicalePlanning,
                "/alice/fixtures/sommerfest-müller.ics": Etag.radicaleSummer,
                "/alice/fixtures/weekly stand-up.ics": Etag.radicaleWeekly,
            ])
        let radicaleChange = try CalDAVFixtures.read("radicale-sync-after-change.xml")
        XCTAssertEqual(radicaleChange.syncToken, radicaleToken2)
        XCTAssertEqual(
            radicaleChange.responses,
            [
                DAVResponse(href: "/alice/fixtures/planning.ics", status: 404),
                DAVResponse(
                    href: "/alice/fixtures/sommerfest-müller.ics", etag: Etag.radicaleSummerChanged,
                    propertyStatus: ["{DAV:}getetag": 200]),
            ])

        let xandikosInitial = try CalDAVFixtures.read("xandikos-sync-initial.xml")
        XCTAssertEqual(xandikosInitial.syncToken, "2e39f6a80cc9c9dd4dc0f317317a74fad05c1e51", "Xandikos puts it after them")
        XCTAssertEqual(xandikosInitial.responses.count, 3)
        let xandikosChange = try CalDAVFixtures.read("xandikos-sync-after-change.xml")
        XCTAssertEqual(xandikosChange.syncToken, "a6c9ab9b1f2f576f9f06c26c5ce42d88fa7aff95")
        XCTAssertEqual(
            xandikosChange.responses,
            [
                DAVResponse(
                    href: "/user/calendars/fixtures/sommerfest-müller.ics", etag: Etag.xandikosSummerChanged,
                    propertyStatus: ["{DAV:}getetag": 200]),
                DAVResponse(href: "/user/calendars/fixtures/planning.ics", status: 404),
            ])
    }

    func testRadicaleAnswersADeleteWithAMultistatus() throws {
        let multistatus = try CalDAVFixtures.read("radicale-delete.xml")
        XCTAssertEqual(multistatus.responses, [DAVResponse(href: "/alice/fixtures/weekly stand-up.ics", status: 200)])
    }
}
