import CLibxml2

/// How calbridge lets libxml2 read XML: no network, no external entities, no DTD loading, libxml2's
/// own size limits kept (no XML_PARSE_HUGE); documents with a DOCTYPE are refused by the readers.
/// libxml2 is the same library Foundation loads, so it is initialised once and never cleaned up,
/// and no process-wide handler is installed.
enum SafeXML {
    static let parserOptions: Int32 = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue)

    /// Elements nested deeper than this are refused before libxml2's own limit (256) is reached.
    static let maximumDepth = 64

    static let initialised: Void = { xmlInitParser() }()

    static let doctypeRefusal = "XML with a DOCTYPE is refused: calbridge loads no DTD and expands no entity"
}
