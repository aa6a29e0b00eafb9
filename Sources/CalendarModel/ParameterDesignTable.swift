/// The type of each parameter's values as xCal names it (RFC 6321 §3.5, RFC 7986 §6): the parameter
/// side of calbridge's design table (`PropertyDesignTable` holds the properties).
package enum ParameterDesignTable {
    /// The type of a parameter's values in xCal: calendar addresses and URIs, else text.
    /// Parameters RFC 6321 §5 calls unrecognized get `unknown`.
    package static func type(of name: String) -> String {
        switch name {
        case "DELEGATED-FROM", "DELEGATED-TO", "MEMBER", "SENT-BY": return "cal-address"
        case "ALTREP", "DIR": return "uri"
        case "RSVP": return "boolean"
        default: return knownParameters.contains(name) ? "text" : PropertyDesignTable.unknownType
        }
    }

    /// The parameters of RFC 5545 §3.2 and RFC 7986 §6.
    private static let knownParameters: Set<String> = [
        "CN", "CUTYPE", "ENCODING", "FMTTYPE", "FBTYPE", "LANGUAGE", "PARTSTAT", "RANGE", "RELATED", "RELTYPE",
        "ROLE", "TZID", "VALUE", "DISPLAY", "EMAIL", "FEATURE", "LABEL",
    ]
}
