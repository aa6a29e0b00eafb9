import ContactCards
import Foundation
import XCTest

/// All card files together, and the samples in `Samples/` that the test cards copy.
final class SampleFileTests: XCTestCase {
    func testEveryCardFileReadsAndEveryCardKnowsWhereItBegan() throws {
        let names = try CardFiles.names()
        XCTAssertEqual(names, ["apple.vcf", "google.vcf", "nextcloud.vcf", "outlook.vcf", "problems.vcf"])
        for name in names {
            let result = try CardFiles.read(name)
            XCTAssertFalse(result.cards.isEmpty, name)
            XCTAssertTrue(result.cards.allSatisfy { $0.location != nil }, name)
            XCTAssertTrue(result.cards.flatMap(\.dates).allSatisfy { $0.location != nil }, name)
        }
    }

    func testTwoContactsBornOn29February() throws {
        let apple = try CardFiles.read("apple.vcf").cards, nextcloud = try CardFiles.read("nextcloud.vcf").cards
        let leapDay = (apple + nextcloud).filter { card in
            card.dates.contains { $0.kind == .birthday && $0.month == 2 && $0.day == 29 }
        }
        XCTAssertEqual(leapDay.map(\.displayName), ["Maja Lindqvist", "Giulia Rossi", "Noah Wiśniewski"])
        XCTAssertEqual(leapDay.map { $0.dates[0].year }, [1988, nil, nil])
    }

    func testSamplesAreTheTestCards() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Samples").standardized
        for name in ["apple", "google", "outlook", "nextcloud"] {
            let sample = try Data(contentsOf: samples.appendingPathComponent("contacts-\(name).vcf"))
            XCTAssertEqual([UInt8](sample), try CardFiles.bytes("\(name).vcf"), name)
        }
    }
}
