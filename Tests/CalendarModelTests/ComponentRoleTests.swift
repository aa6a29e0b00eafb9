import CalendarModel
import XCTest

/// Each top-level component has one role, by its name, and nothing else anywhere decides it.
final class ComponentRoleTests: XCTestCase {
    func testZonesDefineZonesEventsAndTodosAreSeriesTheRestIsCarried() {
        let roles = ["VTIMEZONE", "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "X-PARTY"].map { Component(name: $0).role }
        XCTAssertEqual(roles, [.zoneDefinition, .series, .series, .carried, .carried, .carried])
    }
}
