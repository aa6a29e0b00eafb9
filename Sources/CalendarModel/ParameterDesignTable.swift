/// The type of each parameter's values as xCal names it (RFC 6321 §3.5, RFC 7986 §6), and the values
/// of the parameters whose set RFC 5545 closes: the parameter side of calbridge's design table
/// (``PropertyDesignTable`` holds the properties).
package enum ParameterDesignTable {
    /// The type of a parameter's values in xCal: calendar addresses and URIs, else text.
    /// Parameters RFC 6321 §5 calls unrecognized get `unknown`.
    package static func type(of name: String) -> ValueType {
        types[name] ?? .unknown
    }

    /// Every parameter of RFC 5545 §3.2 and RFC 7986 §6 with its type, looked up once per parameter
    /// written (one hash rather than a row of comparisons).
    private static let types: [String: ValueType] = {
        var types: [String: ValueType] = [:]
        for name in ["DELEGATED-FROM", "DELEGATED-TO", "MEMBER", "SENT-BY"] { types[name] = .calendarAddress }
        for name in ["ALTREP", "DIR"] { types[name] = .uri }
        types["RSVP"] = .boolean
        for name in [
            "CN", "CUTYPE", "ENCODING", "FMTTYPE", "FBTYPE", "LANGUAGE", "PARTSTAT", "RANGE", "RELATED", "RELTYPE",
            "ROLE", "TZID", "VALUE", "DISPLAY", "EMAIL", "FEATURE", "LABEL",
        ] { types[name] = .text }
        return types
    }()

    /// The only values RFC 5545 §3.2 allows a parameter that takes neither an x-name nor an IANA token
    /// (compared in upper case), with what calbridge makes of any other value; `nil` for the rest.
    /// The readers ask this of every parameter they read, nearly all of them open ones (CN, ROLE,
    /// CUTYPE, PARTSTAT, TZID): a switch rather than a dictionary, which would hash each name, and
    /// on the name's length first, which rules most of them out before a string is compared.
    package static func closedValues(of name: String) -> ClosedParameterValues? {
        switch (name.utf8.count, name) {
        case (4, "RSVP"): ClosedParameterValues(allowed: ["TRUE", "FALSE"], otherwise: "nothing in calbridge reads it")
        case (7, "RELATED"): ClosedParameterValues(allowed: ["START", "END"], otherwise: "the alarm is set from the start, as with START")
        case (5, "RANGE"): ClosedParameterValues(allowed: ["THISANDFUTURE"], otherwise: "the override changes its own occurrence only")
        case (8, "ENCODING"): ClosedParameterValues(allowed: ["8BIT", "BASE64"], otherwise: "the value is not decoded")
        default: nil
        }
    }
}

/// The values a closed parameter may take (RSVP: TRUE or FALSE) and what calbridge does with a value
/// outside them, which it keeps as written.
package struct ClosedParameterValues: Sendable {
    /// The values RFC 5545 allows, in upper case.
    package let allowed: [String]
    /// What a reader of calbridge takes another value for, said with the warning.
    package let otherwise: String

    /// Whether a value is one of them, in any case; most are written in upper case already, so the
    /// upper-cased copy is made only for the rest.
    package func allows(_ value: String) -> Bool {
        allowed.contains(value) || allowed.contains(value.uppercased())
    }
}
