import Foundation

/// One answer of the server, its body read whole.
struct CalDAVReply: Sendable {
    var status: Int
    /// Header names lower-cased, values as sent.
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The first value of a header, by case-insensitive name.
    func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name == wanted }?.value
    }

    /// The `ETag` header when it is a strong tag: a weak one (`W/"…"`) cannot go into `If-Match`
    /// (RFC 9110 §13.1.1), so it is as good as none.
    var strongETag: String? {
        guard let tag = header("etag")?.trimmingCharacters(in: .whitespaces), !tag.isEmpty,
            !tag.hasPrefix("W/")
        else { return nil }
        return tag
    }

    var isSuccess: Bool { (200..<300).contains(status) }

    /// A 412 that says only that the request's If-Match or If-None-Match did not hold: bare (Radicale,
    /// Cyrus), or with a `DAV:error` naming the header itself (DAViCal: `<if-match/>`,
    /// `<if-none-match/>`). A 412 naming any other precondition (Xandikos's `valid-calendar-data`,
    /// `no-uid-conflict`) is a refusal of the request's content.
    var isFailedCondition: Bool {
        guard status == 412 else { return false }
        guard let precondition else { return true }
        return precondition == "if-match" || precondition == "if-none-match"
    }

    /// A refusal carrying the server's precondition and words.
    var refusal: CalDAVError {
        let parsed = CalDAVErrorBody(body)
        return .refused(status: status, precondition: parsed.precondition, detail: parsed.detail)
    }

    /// The error for an answer no caller expected: the server's refusal for 4xx, else the status,
    /// with a redirect's target named.
    var failure: CalDAVError {
        if (400..<500).contains(status) { return refusal }
        if (300..<400).contains(status) {
            return .unexpectedStatus(status, detail: "redirected to \(header("location") ?? "(no Location)"); use that URL")
        }
        return .unexpectedStatus(status, detail: CalDAVErrorBody(body).detail)
    }

    /// The precondition element a `DAV:error` body names, if any.
    var precondition: String? { CalDAVErrorBody(body).precondition }
}
