import CalendarModel
import TimeZones
import XCTest

/// Looking up a zone name and suggesting one for a name nothing knows cost time in proportion to
/// the name, however long: a name far longer than every zone's is measured against none of them.
final class ZoneNameLinearTimeTests: XCTestCase {
    private func name(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testSuggestingANameForALongWordAmongManyNamesCostsTheirSumNotTheirProduct() {
        // Found: a 140 KB TZID was measured against each of the tz database's ~600 names in full.
        // Here word and list grow together: a product of the two would grow 64-fold.
        for unit in ["Nowhere_", "Europe/Berlin"] {
            assertLinear(
                "nearest name to \(unit)… among as many names", size: 4 << 10, input: { repeated(unit, toBytes: $0) },
                read: { bytes in
                    let letters = Array("abcdefghijklmnopqrstuvwxyz")
                    let names = (0..<(bytes.count / 64)).map { "Region/Zone_\(letters[$0 % 26])\(letters[$0 / 26 % 26])" }
                    XCTAssertNil(NearestName.nearest(to: self.name(bytes), among: names))
                })
        }
    }

    func testResolvingAndReportingALongTZIDTakesTimeInProportionToIt() {
        let shapes = ["Europe/Nowhere_", "Nowhere_", "a/", "Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna, "]
        for unit in shapes {
            assertLinear(
                "resolve and report TZID \(unit)…", size: 2 << 10, input: { repeated(unit, toBytes: $0) },
                read: { bytes in
                    let tzid = self.name(bytes), resolver = TimeZoneResolver(definitions: [:])
                    XCTAssertTrue(resolver.guessesZone(for: tzid))
                    XCTAssertFalse(TimeZoneResolver.unknownZoneMessage(tzid).contains("did you mean"))
                    XCTAssertFalse(resolver.unknownDisplayZone(tzid).message.contains("did you mean"))
                })
        }
        assertLinear(
            "resolve an Outlook city list", size: 2 << 10,
            input: {
                Array("(UTC+01:00) Amsterdam-Noord, ".utf8) + repeated("Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna, ", toBytes: $0)
            },
            read: { bytes in
                XCTAssertNotNil(TimeZoneResolver(definitions: [:]).databaseZone(for: self.name(bytes)))
            })
    }
}
