/// A whole WebDAV multistatus (RFC 4918 §13) once read: the answer to a PROPFIND or a CalDAV
/// REPORT. Built by `MultistatusReader.read(_:)`; streaming callers get ``MultistatusSummary``
/// and one ``DAVResponse`` at a time instead.
package struct Multistatus: Hashable, Sendable {
    package var responses: [DAVResponse]
    /// The new token of a sync-collection REPORT (RFC 6578 §6.4), wherever in the body it came.
    package var syncToken: String?

    package init(responses: [DAVResponse] = [], syncToken: String? = nil) {
        self.responses = responses
        self.syncToken = syncToken
    }
}

/// What a multistatus says besides its responses; known only when the body has been read to its
/// end, since servers put `sync-token` before or after the responses.
package struct MultistatusSummary: Hashable, Sendable {
    /// The new token of a sync-collection REPORT, nil for other answers.
    package var syncToken: String?
    /// How many ``DAVResponse`` values were handed out.
    package var responseCount: Int

    package init(syncToken: String? = nil, responseCount: Int = 0) {
        self.syncToken = syncToken
        self.responseCount = responseCount
    }
}
