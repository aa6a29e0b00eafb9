import CalendarModel
import ContentLines

/// calbridge's checks for a component that was not read from iCalendar text — built from xCal, jCal
/// or model JSON — so that such an input is judged as an .ics one is: every value that must be a date,
/// number, rule or duration is one, no value or parameter holds a character no content line can carry,
/// and the properties RFC 5545 requires are there. Without them a bad xCal value went through
/// `convert` into an .ics that calbridge itself then refused.
package enum ComponentValidation {
    /// Every problem in `component` and the components inside it; a property without a place of its
    /// own (jCal has no lines for them) is reported at its component's.
    package static func diagnostics(for component: Component, file: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        collectValueProblems(component, around: nil, file: file, into: &found)
        return found + ComponentChecks.diagnostics(for: component, file: file)
    }

    private static func collectValueProblems(
        _ component: Component, around outer: SourceLocation?, file: String,
        into found: inout [Diagnostic]
    ) {
        let place = component.location ?? outer
        if !isName(component.name) {
            found.append(
                Diagnostic(
                    .error, file: file, at: place,
                    "'\(component.name)' is no iCalendar component name (letters, digits and '-'); no .ics can hold it"))
        }
        for property in component.properties {
            let at = property.location ?? place
            if !isName(property.name) && !property.isUnreadableLine {
                found.append(
                    Diagnostic(
                        .error, file: file, at: at,
                        "\(component.name): '\(property.name)' is no iCalendar property name (letters, digits and '-'); no .ics can hold it"
                    ))
            } else if let problem = controlCharacterProblem(property) {
                found.append(Diagnostic(.error, file: file, at: at, "\(component.name): \(problem)"))
            } else if let problem = PropertyValueCheck.kind(of: property.name).flatMap({
                PropertyValueCheck.problem(in: property, kind: $0)
            }) {
                found.append(Diagnostic(.error, file: file, at: at, "\(component.name): \(problem)", repair: PropertyValueCheck.repair))
            }
        }
        for child in component.components { collectValueProblems(child, around: place, file: file, into: &found) }
    }

    /// A control character in the value (a TEXT line break is already written `\n`) or in a
    /// parameter (where RFC 6868 writes line breaks as `^n`): iCalendar has no way to hold it.
    private static func controlCharacterProblem(_ property: Property) -> String? {
        if let byte = property.value.utf8.first(where: isForbiddenInValue) {
            return
                "\(property.name) holds control character \(hex(byte)), which iCalendar cannot carry; remove it (binary data must be BASE64-encoded)"
        }
        for parameter in property.parameters {
            guard let byte = parameter.values.lazy.compactMap({ $0.utf8.first(where: isForbiddenInParameter) }).first else { continue }
            return
                "parameter \(parameter.name) of \(property.name) holds control character \(hex(byte)), which iCalendar cannot carry; remove it"
        }
        return nil
    }

    /// A name a content line can carry: RFC 5545 §3.1's letters, digits and '-', or a vCard-style
    /// group prefix, which the iCalendar reader keeps as written.
    /// One pass over the bytes, making nothing: it is asked of every property of every xCal and jCal input.
    private static func isName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8(isName)
    }

    private static func isName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var dots = 0, partLength = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard partLength > 0, dots == 0 else { return false }
                dots += 1
                partLength = 0
            } else {
                guard ContentLineDialect.iCalendar.isNameByte(byte) else { return false }
                partLength += 1
            }
        }
        return partLength > 0
    }

    private static func isForbiddenInValue(_ byte: UInt8) -> Bool {
        byte < 0x20 && byte != 0x09
    }

    private static func isForbiddenInParameter(_ byte: UInt8) -> Bool {
        isForbiddenInValue(byte) && byte != 0x0A && byte != 0x0D
    }

    private static func hex(_ byte: UInt8) -> String {
        "0x" + String(byte, radix: 16, uppercase: true)
    }
}
