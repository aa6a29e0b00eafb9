import CalendarWebFormats

extension CalDAVStore {
    /// The collection's `displayname` and `calendar-color`.
    package func label() throws -> CalendarLabel {
        if let knownLabel { return knownLabel }
        let reply = try transport.send("PROPFIND", path: collectionPath, depth: "0", body: .propfind([.displayName, .calendarColor]))
        guard reply.status == 207 else { throw failure(reply) }
        let response = try multistatus(reply).responses.first
        func nonEmpty(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
        return CalendarLabel(name: nonEmpty(response?[.displayName]), color: nonEmpty(response?[.calendarColor]))
    }

    /// PROPPATCH (RFC 4918 §9.2) of `displayname` and `calendar-color`.
    package func setLabel(_ label: CalendarLabel) throws {
        let reply = try transport.send(
            "PROPPATCH", path: collectionPath,
            body: .proppatch(displayName: label.name, color: label.color))
        guard reply.isSuccess else { throw failure(reply) }
        knownLabel = nil
    }
}
