/// The type of each parameter's values as xCal names it (RFC 6321 §3.5, RFC 7986 §6): the parameter
/// side of calbridge's design table (`PropertyDesignTable` holds the properties).
package enum ParameterDesignTable {
    /// The type of a parameter's values in xCal: calendar addresses and URIs, else text.
    /// Parameters RFC 6321 §5 calls unrecognized get `unknown`.
    package static func type(of name: String) -> String {
        types[name] ?? PropertyDesignTable.unknownType
    }

    /// Every parameter of RFC 5545 §3.2 and RFC 7986 §6 with its type, looked up once per parameter
    /// written (one hash rather than a row of comparisons).
    private static let types: [String: String] = {
        var types: [String: String] = [:]
        for name in ["DELEGATED-FROM", "DELEGATED-TO", "MEMBER", "SENT-BY"] { types[name] = "cal-address" }
        for name in ["ALTREP", "DIR"] { types[name] = "uri" }
        types["RSVP"] = "boolean"
        for name in ["CN", "CUTYPE", "ENCODING", "FMTTYPE", "FBTYPE", "LANGUAGE", "PARTSTAT", "RANGE", "RELATED", "RELTYPE",
                     "ROLE", "TZID", "VALUE", "DISPLAY", "EMAIL", "FEATURE", "LABEL"] { types[name] = "text" }
        return types
    }()
}
