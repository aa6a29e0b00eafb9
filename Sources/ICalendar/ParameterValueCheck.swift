import CalendarModel

/// The check of the parameters whose values RFC 5545 closes (RSVP, RELATED, RANGE, ENCODING): a value
/// outside the set breaks the RFC but can be carried through, so it is kept as written and reported
/// where it stands, with what calbridge takes it for (an alarm's `RELATED=FOO` counts from the start).
enum ParameterValueCheck {
    /// A parameter value outside its set: what is wrong and what calbridge does about it.
    struct Problem {
        var message: String
        var repair: String
    }

    /// What is wrong with the first value of `parameter` that RFC 5545 does not allow, or `nil`.
    static func problem(in parameter: Parameter, of propertyName: String) -> Problem? {
        guard let closed = ParameterDesignTable.closedValues(of: parameter.name),
            let wrong = parameter.values.first(where: { !closed.allows($0) })
        else { return nil }
        let allowed = alternatives(closed.allowed)
        // vCalendar 1.0's encoding, which old exports still write into iCalendar 2.0, is decoded, and
        // said in one sentence for every property, so a file of them is one line with a count.
        if parameter.name == "ENCODING" && wrong.uppercased() == "QUOTED-PRINTABLE" {
            return Problem(message: QuotedPrintableValue.message, repair: QuotedPrintableValue.repair)
        }
        return Problem(
            message: "\(propertyName);\(parameter.name)=\(wrong): RFC 5545 allows only \(allowed)",
            repair: "keeps it as written; \(closed.otherwise)")
    }

    /// The allowed values as said in a sentence: `START or END`, `A, B or C`.
    private static func alternatives(_ values: [String]) -> String {
        guard let last = values.last, values.count > 1 else { return values.joined() }
        return values.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The offset of the parameter `name` in a content line, searched before the value (a quoted value
    /// of another parameter could hold the same text, which would still be on this line), else 0.
    static func offset(of name: String, in bytes: [UInt8], before valueOffset: Int) -> Int {
        let key = Array(name.utf8)
        let end = min(valueOffset, bytes.count) - key.count - 1
        guard end > 0 else { return 0 }
        for start in 0..<end where bytes[start] == UInt8(ascii: ";") && bytes[start + key.count + 1] == UInt8(ascii: "=") {
            if zip(key, bytes[(start + 1)...]).allSatisfy({ $0 == ASCII.upper($1) }) { return start + 1 }
        }
        return 0
    }
}
