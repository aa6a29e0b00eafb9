@testable import CalendarStores
import XCTest

/// The precondition a refusal's `DAV:error` names, with a server's own elements in a namespace of its
/// own left out. sabre/dav (Nextcloud, Baïkal) writes its error bodies in `Sabre\DAV\Server`: a
/// `d:error` declaring `xmlns:s="http://sabredav.org/ns"`, then `s:sabredav-version` (unless
/// `Server::$exposeVersion` is off, as Nextcloud sets it), `s:exception` and `s:message`, then
/// whatever the exception's `serialize` adds: `PreconditionFailed` an `s:header` naming the failed
/// header, the CalDAV exceptions their precondition made with `createElementNS` (which declares the
/// namespace on the element itself). The bodies below are spelt that way (sabre-io/dav's
/// lib/DAV/Server.php and lib/DAV/Exception/PreconditionFailed.php; the message is the one its
/// `checkPreconditions` gives a failed If-None-Match).
final class CalDAVErrorBodyTests: XCTestCase {
    private static func sabre(version: Bool, _ extra: String) -> [UInt8] {
        Array(
            ("""
            <?xml version="1.0" encoding="utf-8"?>
            <d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns">
            """ + (version ? "\n  <s:sabredav-version>4.7.0</s:sabredav-version>" : "") + """

                  <s:exception>Sabre\\DAV\\Exception\\PreconditionFailed</s:exception>
                  <s:message>An If-None-Match header was specified, but the ETag matched (or * was specified).</s:message>
                \(extra)
                </d:error>
                """).utf8)
    }

    func testSabresFailedIfNoneMatchNamesNoPreconditionAndIsAFailedCondition() {
        for version in [true, false] {
            let body = Self.sabre(version: version, "  <s:header>If-None-Match</s:header>")
            XCTAssertNil(CalDAVErrorBody(body).precondition)
            XCTAssertTrue(CalDAVReply(status: 412, headers: [], body: body).isFailedCondition)
        }
    }

    func testSabresCalDAVPreconditionIsFoundAfterItsOwnElements() {
        let body = Self.sabre(version: true, #"  <cal:supported-calendar-component xmlns:cal="urn:ietf:params:xml:ns:caldav"/>"#)
        XCTAssertEqual(CalDAVErrorBody(body).precondition, "supported-calendar-component")
        XCTAssertFalse(CalDAVReply(status: 412, headers: [], body: body).isFailedCondition)
    }

    /// DAViCal and Xandikos put the precondition first, in the default namespace or one declared on it.
    func testPreconditionsInDAVAndCalDAVNamespacesAreStillFound() {
        let davical = Array(#"<?xml version="1.0" encoding="utf-8" ?><error xmlns="DAV:"><if-none-match/></error>"#.utf8)
        XCTAssertEqual(CalDAVErrorBody(davical).precondition, "if-none-match")
        let xandikos = Array(
            #"<ns0:error xmlns:ns0="DAV:"><ns1:valid-calendar-data xmlns:ns1="urn:ietf:params:xml:ns:caldav" /></ns0:error>"#.utf8)
        XCTAssertEqual(CalDAVErrorBody(xandikos).precondition, "valid-calendar-data")
    }
}
