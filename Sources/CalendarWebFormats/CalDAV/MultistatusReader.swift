import Foundation

/// Reads the multistatus answers of a CalDAV server (PROPFIND, calendar-query, calendar-multiget,
/// sync-collection) as a stream: the body arrives in chunks of any size, each `<response>` is handed
/// out as soon as it is complete and then forgotten, so a 100 MB REPORT answer never becomes a tree
/// or a 100 MB array of responses.
///
/// The libxml2 parser lives only inside one `read` call: the caller lends the chunks through a
/// closure rather than keeping a parser between calls, so no libxml2 pointer outlives the call.
/// Elements are matched by namespace URI, in any order and under any prefix; a DOCTYPE, nesting
/// deeper than `SafeXML.maximumDepth` and text larger than `limits` are refused.
package struct MultistatusReader: Sendable {
    package var limits: MultistatusLimits

    package init(limits: MultistatusLimits = MultistatusLimits()) {
        self.limits = limits
    }

    /// Reads a body that arrives in pieces: `nextChunk` is called until it returns nil (the end of
    /// the body), `onResponse` once per resource as soon as its `<response>` closes. Errors thrown
    /// by either closure end the reading and are rethrown as they are.
    package func read(
        chunks nextChunk: () throws -> [UInt8]?,
        onResponse: (DAVResponse) throws -> Void
    ) throws -> MultistatusSummary {
        let builder = MultistatusBuilder(limits: limits)
        return try XMLPushParser.withParser(handler: builder) { feed in
            try XMLPushParser.feedInSlices(of: nextChunk) { bytes, isLast in
                do throws(XMLReadingFailure) { try feed(bytes, isLast) } catch { throw MultistatusError(error) }
                try builder.takeCompleted().forEach(onResponse)
            }
            return builder.summary
        }
    }

    /// Reads a whole body held in memory and returns every response.
    package func read(_ body: some Sequence<UInt8>) throws -> Multistatus {
        var pending: [UInt8]? = Array(body)
        var result = Multistatus()
        let summary = try read(
            chunks: {
                defer { pending = nil }; return pending
            },
            onResponse: { result.responses.append($0) })
        result.syncToken = summary.syncToken
        return result
    }

    /// Reads a body saved to a file (a download written to disk), in 64 KiB pieces.
    package func read(contentsOf file: URL, onResponse: (DAVResponse) throws -> Void) throws -> MultistatusSummary {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        return try read(
            chunks: {
                guard let data = try handle.read(upToCount: XMLPushParser.sliceSize), !data.isEmpty else { return nil }
                return [UInt8](data)
            }, onResponse: onResponse)
    }
}
