import CalendarTransfer
import Foundation
import XCTest

/// `mirror` between two directory stores (vdirs): what each run writes, deletes and lists. The
/// source's files are laid out as the vdir format describes (https://vdirsyncer.pimutils.org/en/stable/vdir.html:
/// one iCalendar object a file, a `.ics` name; vdirsyncer and khal name them after the UID), each
/// file a VCALENDAR with one VEVENT as a CalDAV server would hand it out.
final class StoreMirrorTests: XCTestCase {
    private var folder = URL(fileURLWithPath: "/")
    private var source: String { folder.appendingPathComponent("source").path }
    private var target: String { folder.appendingPathComponent("target").path }
    private var state: String { folder.appendingPathComponent("state.json").path }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        for number in 1...5 { try write(uid: "event-\(number)", summary: "Event \(number)", in: source) }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(uid: String, summary: String, in directory: String) throws {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Example Corp.//CalDAV Server//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\n"
            + "DTSTAMP:20260101T090000Z\r\nDTSTART:20260316T100000Z\r\nDTEND:20260316T110000Z\r\nSUMMARY:\(summary)\r\n"
            + "END:VEVENT\r\nEND:VCALENDAR\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent("\(uid).ics"))
    }

    private func summary(of uid: String, in directory: String) throws -> String? {
        let text = try String(contentsOfFile: directory + "/\(uid).ics", encoding: .utf8)
        return text.components(separatedBy: "\r\n").first { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) }
    }

    private func mirror(delete: Bool = false, choice: ConflictChoice = .skip, dryRun: Bool = false) throws -> MirrorReport {
        var mirror = StoreMirror(
            source: source, target: target, sourceAccess: StoreAccess(user: nil, password: nil),
            targetAccess: StoreAccess(user: nil, password: nil))
        (mirror.statePath, mirror.deletes, mirror.choice, mirror.dryRun) = (state, delete, choice, dryRun)
        return try mirror.run()
    }

    func testTheFirstRunCopiesEverythingAndTheNextWritesNothing() throws {
        let first = try mirror()
        XCTAssertEqual(first.created.sorted(), (1...5).map { "event-\($0)" })
        XCTAssertEqual(try summary(of: "event-3", in: target), "Event 3")
        let second = try mirror()
        XCTAssertEqual(second.created + second.updated + second.unchanged + second.deleted, [])
        XCTAssertEqual(second.summary, "mirror: 0 created, 0 updated, 0 deleted\n")
    }

    func testOnlyWhatChangedOnTheSourceIsWritten() throws {
        _ = try mirror()
        try write(uid: "event-2", summary: "Event 2, moved", in: source)
        try write(uid: "event-6", summary: "Event 6", in: source)
        let report = try mirror()
        XCTAssertEqual(report.created, ["event-6"])
        XCTAssertEqual(report.updated, ["event-2"])
        XCTAssertEqual(try summary(of: "event-2", in: target), "Event 2, moved")
    }

    func testADeletionIsListedWithoutDeleteAndCarriedOutWithIt() throws {
        _ = try mirror()
        try FileManager.default.removeItem(atPath: source + "/event-4.ics")
        let kept = try mirror()
        XCTAssertEqual(kept.keptDeletions, ["event-4"])
        XCTAssertTrue(kept.details.contains("1 deleted on the source, kept on the target: give --delete: event-4"), kept.details)
        XCTAssertTrue(FileManager.default.fileExists(atPath: target + "/event-4.ics"))
        // Remembered: the next run lists it again, and the first with --delete deletes it.
        XCTAssertEqual(try mirror().keptDeletions, ["event-4"])
        let deleted = try mirror(delete: true)
        XCTAssertEqual(deleted.deleted, ["event-4"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: target + "/event-4.ics"))
        XCTAssertEqual(try mirror(delete: true).deleted, [])
    }

    func testATargetChangeIsAConflictSkippedByDefaultAndDecidedEachWay() throws {
        _ = try mirror()
        try write(uid: "event-1", summary: "Changed on the target", in: target)
        try write(uid: "event-1", summary: "Changed on the source", in: source)
        let skipped = try mirror()
        XCTAssertEqual(skipped.conflicts.map(\.uid), ["event-1"])
        XCTAssertEqual(skipped.conflicts.first?.change, .changedOnBoth)
        XCTAssertTrue(skipped.summary.contains("1 conflict skipped"), skipped.summary)
        XCTAssertEqual(try summary(of: "event-1", in: target), "Changed on the target")
        // Skipped is listed again, though the source's change is behind the state now.
        XCTAssertEqual(try mirror().conflicts.map(\.uid), ["event-1"])
        let kept = try mirror(choice: .target)
        XCTAssertEqual(kept.conflicts.map(\.choice), [.target])
        XCTAssertEqual(try summary(of: "event-1", in: target), "Changed on the target")
        XCTAssertEqual(try mirror().conflicts, [])

        try write(uid: "event-1", summary: "Changed on the target again", in: target)
        let taken = try mirror(choice: .source)
        XCTAssertEqual(taken.conflicts.map(\.change), [.changedOnTarget])
        XCTAssertEqual(taken.updated, ["event-1"])
        XCTAssertEqual(try summary(of: "event-1", in: target), "Changed on the source")
        XCTAssertEqual(try mirror().conflicts, [])
    }

    /// A directory source is listed whole each run: a deletion on the target the target won must
    /// stay, not be copied again as if the UID were new.
    func testADeletionOnTheTargetKeptAsTheTargetHasItStays() throws {
        _ = try mirror()
        try FileManager.default.removeItem(atPath: target + "/event-3.ics")
        XCTAssertEqual(try mirror().conflicts.map(\.change), [.deletedOnTarget])
        XCTAssertEqual(try mirror(choice: .target).conflicts.map(\.choice), [.target])
        let after = try mirror()
        XCTAssertEqual(after.created + after.updated, [])
        XCTAssertEqual(after.conflicts, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: target + "/event-3.ics"))
        // A later change on the source is copied again.
        try write(uid: "event-3", summary: "Event 3, moved", in: source)
        XCTAssertEqual(try mirror().created, ["event-3"])
    }

    func testADryRunListsThePlanAndWritesNothing() throws {
        _ = try mirror()
        try write(uid: "event-2", summary: "Event 2, moved", in: source)
        try FileManager.default.removeItem(atPath: source + "/event-5.ics")
        let stateBefore = try Data(contentsOf: URL(fileURLWithPath: state))
        let plan = try mirror(delete: true, dryRun: true)
        XCTAssertEqual(plan.updated, ["event-2"])
        XCTAssertEqual(plan.deleted, ["event-5"])
        XCTAssertTrue(plan.details.contains("would be updated: event-2\nwould be deleted: event-5\n"), plan.details)
        XCTAssertEqual(try summary(of: "event-2", in: target), "Event 2")
        XCTAssertTrue(FileManager.default.fileExists(atPath: target + "/event-5.ics"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: state)), stateBefore)
    }

    /// A vdir may hold a UID twice (a copy another tool left beside the file): the file the store
    /// reads for the UID is copied, the other warned about, never both written over each other.
    func testAUIDTwoFilesHoldIsCopiedOnceWithAWarning() throws {
        let copy = try Data(contentsOf: URL(fileURLWithPath: source + "/event-1.ics"))
        try copy.write(to: URL(fileURLWithPath: source + "/event-1 (copy).ics"))
        let report = try mirror()
        XCTAssertEqual(report.created.sorted(), (1...5).map { "event-\($0)" })
        XCTAssertEqual(
            report.diagnostics.map(\.description),
            ["\(source)/event-1 (copy).ics: warning: holds UID event-1, as \(source)/event-1.ics does: only the first is copied"])
    }

    /// A run killed after writing but before saving the state: the next run finds the same content
    /// on the target and records it, writing nothing twice.
    func testWhatARunWroteButDidNotRecordIsRecordedNotWrittenAgain() throws {
        _ = try mirror()
        try FileManager.default.removeItem(atPath: state)
        let again = try mirror()
        XCTAssertEqual(again.created + again.updated, [])
        XCTAssertEqual(again.unchanged.sorted(), (1...5).map { "event-\($0)" })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target).filter { $0.hasSuffix(".ics") }.count, 5)
        XCTAssertEqual(try mirror().unchanged, [])
    }
}
