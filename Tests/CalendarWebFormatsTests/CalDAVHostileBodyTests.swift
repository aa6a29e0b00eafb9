import XCTest
@testable import CalendarWebFormats

/// Bodies a broken or hostile server could send: each is refused with a clear error, or read
/// in bounded memory.
final class CalDAVHostileBodyTests: XCTestCase {
    private func error(reading xml: String, limits: MultistatusLimits = MultistatusLimits()) -> MultistatusError? {
        do {
            _ = try MultistatusReader(limits: limits).read(Array(xml.utf8))
            return nil
        } catch {
            return error as? MultistatusError
        }
    }

    func testBillionLaughsDoctypeIsRefused() throws {
        var entities = "<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        let body = """
            <?xml version="1.0"?>
            <!DOCTYPE multistatus [
            \(entities)]>
            <multistatus xmlns="DAV:"><response><href>&lol9;</href></response></multistatus>
            """
        let refused = try XCTUnwrap(error(reading: body))
        XCTAssertEqual(refused.kind, .doctypeRefused)
        XCTAssertEqual(refused.message, "XML with a DOCTYPE is refused: calbridge does not load DTDs or entities")
        XCTAssertTrue(refused.description.contains("DOCTYPE is refused"))
    }

    func testAnyDoctypeIsRefusedEvenInSingleBytes() throws {
        let bodies = [
            "<!DOCTYPE multistatus><multistatus xmlns=\"DAV:\"/>",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE multistatus SYSTEM \"file:///etc/passwd\">\n<multistatus xmlns=\"DAV:\"/>",
            "<!DOCTYPE m [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><multistatus xmlns=\"DAV:\"><response><href>&x;</href></response></multistatus>",
        ]
        for body in bodies {
            XCTAssertEqual(error(reading: body)?.kind, .doctypeRefused, body)
            XCTAssertThrowsError(try readInSingleBytes(Array(body.utf8))) { error in
                XCTAssertEqual((error as? MultistatusError)?.kind, .doctypeRefused, body)
            }
        }
    }

    func testUndeclaredEntityIsMalformed() throws {
        let refused = try XCTUnwrap(error(reading: "<multistatus xmlns=\"DAV:\"><response><href>&xxe;</href></response></multistatus>"))
        XCTAssertEqual(refused.kind, .malformedXML)
        XCTAssertTrue(refused.message.contains("xxe"), refused.message)
    }

    func testTenThousandDeepNestingIsRefused() throws {
        let depth = 10_000
        let body =
            "<multistatus xmlns=\"DAV:\">" + String(repeating: "<response>", count: depth)
            + String(repeating: "</response>", count: depth) + "</multistatus>"
        let refused = try XCTUnwrap(error(reading: body))
        XCTAssertEqual(refused.kind, .nestingTooDeep)
        XCTAssertEqual(refused.line, 1)
        XCTAssertTrue(refused.message.contains("64"), refused.message)
        // Exactly at the limit is fine.
        let atLimit =
            "<multistatus xmlns=\"DAV:\">" + String(repeating: "<x>", count: SafeXML.maximumDepth - 1)
            + String(repeating: "</x>", count: SafeXML.maximumDepth - 1) + "</multistatus>"
        XCTAssertNil(error(reading: atLimit))
    }

    func testUnclosedElementReportsLineAndColumn() throws {
        let body = "<D:multistatus xmlns:D=\"DAV:\">\n  <D:response>\n    <D:href>/a.ics</D:href>\n"
        let refused = try XCTUnwrap(error(reading: body))
        XCTAssertEqual(refused.kind, .malformedXML)
        // libxml2 stops at the end of the last complete line it read.
        XCTAssertEqual(refused.line, 3)
        XCTAssertEqual(refused.column, 28)
        XCTAssertEqual(refused.description, "multistatus line 3, column 28: the body ended before every element was closed")

        let mismatched = try XCTUnwrap(error(reading: "<D:multistatus xmlns:D=\"DAV:\">\n<D:response>\n  <D:href>/a</D:status>\n"))
        XCTAssertEqual(mismatched.kind, .malformedXML)
        XCTAssertEqual(mismatched.line, 3)
        XCTAssertEqual(mismatched.column, 24)
        XCTAssertTrue(mismatched.message.contains("href"), mismatched.message)

        XCTAssertEqual(error(reading: "")?.kind, .malformedXML)
        XCTAssertEqual(error(reading: "<multistatus xmlns=\"DAV:\"/><extra/>")?.kind, .malformedXML)
    }

    func testAnErrorBodyIsNotAMultistatus() throws {
        let refused = try XCTUnwrap(error(reading: "<D:error xmlns:D=\"DAV:\"><D:valid-sync-token/></D:error>"))
        XCTAssertEqual(refused.kind, .notMultistatus)
        XCTAssertTrue(refused.message.contains("{DAV:}error"), refused.message)
    }

    func testTextAndPropertyCountLimits() throws {
        let limits = MultistatusLimits(calendarDataBytes: 100, textBytes: 10, propertiesPerResponse: 3)
        XCTAssertEqual(
            error(
                reading: "<multistatus xmlns=\"DAV:\"><response><href>/0123456789</href></response></multistatus>",
                limits: limits)?.kind, .textTooLarge)
        let data = String(repeating: "x", count: 101)
        XCTAssertEqual(
            error(
                reading:
                    "<multistatus xmlns=\"DAV:\"><response><propstat><prop><calendar-data xmlns=\"urn:ietf:params:xml:ns:caldav\">\(data)</calendar-data></prop></propstat></response></multistatus>",
                limits: limits)?.kind, .textTooLarge)
        XCTAssertEqual(
            error(
                reading:
                    "<multistatus xmlns=\"DAV:\"><response><propstat><prop><a/><b/><c/><d/></prop></propstat></response></multistatus>",
                limits: limits)?.kind, .tooManyProperties)
        // Many properties each within the limit still add up to too much for one response.
        let many = (0..<20).map { "<p\($0)>0123456789</p\($0)>" }.joined()
        XCTAssertEqual(
            error(
                reading: "<multistatus xmlns=\"DAV:\"><response><propstat><prop>\(many)</prop></propstat></response></multistatus>",
                limits: MultistatusLimits(calendarDataBytes: 100, textBytes: 10, propertiesPerResponse: 100))?.kind,
            .textTooLarge)
        // Text the reader does not keep (an unknown element's, whitespace) is not counted.
        XCTAssertNil(
            error(
                reading: "<multistatus xmlns=\"DAV:\"><x>\(data)</x><response><href>/a</href></response></multistatus>",
                limits: limits))
    }

    /// 100 MB of calendar-data in 1,600 responses: each is handed out and dropped, so resident
    /// memory grows by far less than the body.
    func testHundredMegabyteReportIsStreamedInBoundedMemory() throws {
        let line = Array("X-FILLER:abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz01\r\n".utf8)
        let block = Array([[UInt8]](repeating: line, count: 65_536 / line.count).joined())
        let responses = 100_000_000 / block.count + 1
        let head = Array("<?xml version=\"1.0\"?>\n<D:multistatus xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\">".utf8)
        let tail = Array("<D:sync-token>end</D:sync-token></D:multistatus>".utf8)
        var produced = 0
        var bytesSent = 0
        let next: () -> [UInt8]? = {
            defer { produced += 1 }
            let chunk: [UInt8]?
            switch produced {
            case 0: chunk = head
            case 1...responses:
                chunk =
                    Array(
                        "<D:response><D:href>/cal/e\(produced).ics</D:href><D:propstat><D:prop><D:getetag>\"\(produced)\"</D:getetag><C:calendar-data>"
                            .utf8)
                    + block + Array("</C:calendar-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>".utf8)
            case responses + 1: chunk = tail
            default: chunk = nil
            }
            bytesSent += chunk?.count ?? 0
            return chunk
        }
        let canResetPeak = ResidentMemory.resetPeak()
        let before = try XCTUnwrap(ResidentMemory.kilobytes(canResetPeak ? "VmRSS" : "VmHWM"))
        var count = 0
        var dataBytes = 0
        let summary = try MultistatusReader().read(chunks: next) { response in
            count += 1
            dataBytes += response.calendarData?.utf8.count ?? 0
        }
        let peak = try XCTUnwrap(ResidentMemory.kilobytes("VmHWM"))
        XCTAssertGreaterThan(bytesSent, 100_000_000)
        XCTAssertEqual(count, responses)
        XCTAssertEqual(summary, MultistatusSummary(syncToken: "end", responseCount: responses))
        XCTAssertEqual(dataBytes, responses * block.count, "every CRLF kept")
        let growthMB = (peak - before) / 1024
        XCTAssertLessThan(growthMB, 32, "peak resident growth \(growthMB) MB for a \(bytesSent / 1_000_000) MB body")
    }

    /// One calendar-data of 100 MB is refused once it passes the limit, without holding the rest.
    func testOversizedCalendarDataIsRefusedInBoundedMemory() throws {
        let limits = MultistatusLimits(calendarDataBytes: 8 << 20)
        let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        var produced = 0
        let next: () -> [UInt8]? = {
            defer { produced += 1 }
            switch produced {
            case 0:
                return Array(
                    "<multistatus xmlns=\"DAV:\"><response><href>/big.ics</href><propstat><prop><calendar-data xmlns=\"urn:ietf:params:xml:ns:caldav\">"
                        .utf8)
            case 1...100: return piece
            case 101: return Array("</calendar-data></prop></propstat></response></multistatus>".utf8)
            default: return nil
            }
        }
        let canResetPeak = ResidentMemory.resetPeak()
        let before = try XCTUnwrap(ResidentMemory.kilobytes(canResetPeak ? "VmRSS" : "VmHWM"))
        XCTAssertThrowsError(try MultistatusReader(limits: limits).read(chunks: next) { _ in }) { error in
            XCTAssertEqual((error as? MultistatusError)?.kind, .textTooLarge)
        }
        XCTAssertLessThan(produced, 20, "reading stopped soon after the limit")
        let growthMB = (try XCTUnwrap(ResidentMemory.kilobytes("VmHWM")) - before) / 1024
        XCTAssertLessThan(growthMB, 32, "peak resident growth \(growthMB) MB")
    }
}
