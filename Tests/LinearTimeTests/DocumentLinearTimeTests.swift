import CalendarModel
import CalendarWebFormats
import ContactCards
import Foundation
import XCTest

/// xCal, jCal, model JSON, CalDAV answers and contact cards are read in time proportional to their size.
final class DocumentLinearTimeTests: XCTestCase {
    private let xCalHead =
        #"<?xml version="1.0" encoding="utf-8"?><icalendar xmlns="urn:ietf:params:xml:ns:icalendar-2.0"><vcalendar><components><vevent><properties><uid><text>1</text></uid>"#
    private let xCalTail = "</properties></vevent></components></vcalendar></icalendar>"

    private func xCal(_ properties: [UInt8]) -> [UInt8] { Array(xCalHead.utf8) + properties + Array(xCalTail.utf8) }
    private func readXCal(_ bytes: [UInt8]) { XCTAssertNoThrow(try XCalReader().calendars(from: bytes)) }

    func testXCalWithOneHugeTextIsReadInLinearTime() {
        assertLinear(
            "xcal one huge text", size: 64 << 10,
            input: {
                xCal(Array("<summary><text>".utf8) + repeated("words &amp; more ", toBytes: $0) + Array("</text></summary>".utf8))
            }, read: readXCal)
    }

    func testXCalWithManyPropertiesIsReadInLinearTime() {
        let property = "<x-a><text>b</text></x-a>"
        assertLinear(
            "xcal many properties", size: 32 << 10,
            input: { xCal(repeated(property, toBytes: $0)) }, read: readXCal)
    }

    func testXCalWithManyParametersIsReadInLinearTime() {
        let parameter = "<x-p><text>1</text></x-p>"
        assertLinear(
            "xcal many parameters", size: 32 << 10,
            input: {
                xCal(
                    Array("<x-a><parameters>".utf8) + repeated(parameter, toBytes: $0)
                        + Array("</parameters><text>b</text></x-a>".utf8))
            }, read: readXCal)
    }

    private func jCal(_ properties: [UInt8]) -> [UInt8] {
        Array(#"["vcalendar",[],[["vevent",[["uid",{},"text","1"]"#.utf8) + properties + Array("],[]]]]".utf8)
    }
    private func readJCal(_ bytes: [UInt8]) { XCTAssertNoThrow(try JCalReader().calendars(from: bytes)) }

    func testJCalWithOneHugeTextIsReadInLinearTime() {
        assertLinear(
            "jcal one huge text", size: 64 << 10,
            input: {
                jCal(Array(#",["summary",{},"text",""#.utf8) + repeated(#"words \" more "#, toBytes: $0) + Array("\"]".utf8))
            }, read: readJCal)
    }

    func testJCalWithManyPropertiesIsReadInLinearTime() {
        let property = #",["x-a",{},"text","b"]"#
        assertLinear(
            "jcal many properties", size: 32 << 10,
            input: { jCal(repeated(property, toBytes: $0)) }, read: readJCal)
    }

    func testModelJSONWithManyPropertiesIsReadInLinearTime() {
        let property = #"{"name":"X-A","parameters":[],"value":"b"},"#
        assertLinear(
            "model json many properties", size: 32 << 10,
            input: { size in
                Array(#"{"type":"VCALENDAR","properties":["#.utf8) + repeated(property, toBytes: size)
                    + Array(#"{"name":"X-A","parameters":[],"value":"b"}]}"#.utf8)
            }, read: { bytes in XCTAssertNotNil(try? JSONDecoder().decode(ModelJSON.self, from: Data(bytes))) })
    }

    func testAMultistatusWithManyResponsesOrOneHugeCalendarIsReadInLinearTime() {
        let head = #"<?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">"#
        let response =
            #"<d:response><d:href>/c/e.ics</d:href><d:propstat><d:prop><d:getetag>"1"</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"#
        let read: ([UInt8]) -> Void = { bytes in XCTAssertNotNil(try? MultistatusReader().read(bytes)) }
        assertLinear(
            "multistatus many responses", size: 32 << 10,
            input: {
                Array(head.utf8) + repeated(response, toBytes: $0) + Array("</d:multistatus>".utf8)
            }, read: read)
        assertLinear(
            "multistatus one huge calendar", size: 64 << 10,
            input: {
                Array((head + #"<d:response><d:href>/c/e.ics</d:href><d:propstat><d:prop><c:calendar-data>"#).utf8)
                    + repeated("DESCRIPTION:long &amp; longer\r\n", toBytes: $0)
                    + Array(
                        "</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>".utf8)
            }, read: read)
    }

    private func card(_ body: [UInt8]) -> [UInt8] {
        Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nBDAY:1985-04-12\r\n".utf8) + body + Array("\r\nEND:VCARD\r\n".utf8)
    }
    private func readCards(_ bytes: [UInt8]) { _ = VCardReader().read(bytes, file: "shape.vcf") }

    func testACardWithOneHugeFieldManyLinesOrManyParametersIsReadInLinearTime() {
        assertLinear(
            "vcard one huge note", size: 64 << 10, input: { card(Array("NOTE:".utf8) + repeated("words\\, more ", toBytes: $0)) },
            read: readCards)
        assertLinear(
            "vcard many lines", size: 32 << 10, input: { card(repeated("X-A:b\r\n", toBytes: $0) + Array("X-A:b".utf8)) }, read: readCards)
        assertLinear(
            "vcard many parameters", size: 32 << 10, input: { card(Array("X-P".utf8) + repeated(";A=1", toBytes: $0) + Array(":v".utf8)) },
            read: readCards)
        assertLinear(
            "vcard folded many times", size: 64 << 10, input: { card(Array("NOTE:a".utf8) + repeated("\r\n folded", toBytes: $0)) },
            read: readCards)
        let one = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nBDAY:1985-04-12\r\nEND:VCARD\r\n"
        assertLinear("vcard many cards", size: 32 << 10, input: { repeated(one, toBytes: $0) }, read: readCards)
    }
}
