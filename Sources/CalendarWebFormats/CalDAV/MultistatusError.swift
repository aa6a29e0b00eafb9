import CalendarModel

/// Why a multistatus body was not read, with the place in the body where reading stopped.
package struct MultistatusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of failure a CalDAV client reacts to differently: a broken or hostile body is
    /// not retried the way a truncated one might be.
    package enum Kind: Hashable, Sendable {
        /// Not well-formed XML, or cut short.
        case malformedXML
        /// The body has a DOCTYPE, which could declare entities (billion laughs, external files).
        case doctypeRefused
        /// Elements nested deeper than `SafeXML.maximumDepth`.
        case nestingTooDeep
        /// One text value larger than ``MultistatusLimits`` allows.
        case textTooLarge
        /// One response naming more properties than ``MultistatusLimits`` allows.
        case tooManyProperties
        /// Well-formed XML whose root is not `{DAV:}multistatus`, such as a `{DAV:}error` body.
        case notMultistatus
    }

    package var kind: Kind
    package var message: String
    /// 1-based line of the body where reading stopped.
    package var line: Int
    /// 1-based column of the body where reading stopped.
    package var column: Int

    package init(kind: Kind, message: String, line: Int, column: Int) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
    }

    package var description: String { "multistatus line \(line), column \(column): \(message)" }

    /// A multistatus's words for why the push parser stopped, at the place it stopped.
    init(_ failure: XMLReadingFailure) {
        let (kind, message): (Kind, String)
        switch failure.reason {
        case .notWellFormed where failure.endedInsideElement:
            (kind, message) = (.malformedXML, "the body ended before every element was closed")
        case .notWellFormed(let libxmlMessage): (kind, message) = (.malformedXML, libxmlMessage)
        case .doctype: (kind, message) = (.doctypeRefused, "XML with a DOCTYPE is refused: calbridge does not load DTDs or entities")
        case .nestingTooDeep: (kind, message) = (.nestingTooDeep, "elements nested deeper than \(SafeXML.maximumDepth) levels are refused")
        case .refused(let failure as MultistatusBuilder.Failure): (kind, message) = (failure.kind, failure.message)
        case .refused(let error): (kind, message) = (.malformedXML, "\(error)")
        }
        self.init(kind: kind, message: message, line: failure.line, column: failure.column)
    }
}

extension Diagnostic {
    /// A saved answer that is not a WebDAV multistatus, as an error at its line and column.
    package init(multistatusError error: MultistatusError, file: String) {
        self.init(
            .error, file: file, at: SourceLocation(line: error.line, column: error.column), "not a WebDAV multistatus: \(error.message)")
    }
}
