import CLibical
import Foundation
import CalendarModel

/// Runs libical's own parser over a component and returns the values it could not read, so that
/// calbridge reports what libical-based tools would stumble on. libical's tree is only read for
/// its X-LIC-ERROR properties and freed at once; no pointer leaves this file.
enum LibicalCheck {
    /// One value libical refused: the property it was in and libical's words.
    struct Finding {
        var propertyName: String
        var message: String
    }

    /// Configures libical once, before any parallel use: unknown IANA properties are properties,
    /// not errors, and no error aborts the process.
    static let configured: Void = {
        ical_set_unknown_token_handling_setting(ICAL_ASSUME_IANA_TOKEN)
        icalerror_set_errors_are_fatal(0)
    }()

    static func findings(in bytes: [UInt8]) -> [Finding] {
        _ = configured
        var terminated = bytes
        terminated.append(0)
        let root: OpaquePointer? = terminated.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { icalparser_parse_string($0.baseAddress) }
        }
        guard let root else { return [] }
        defer { icalcomponent_free(root) }
        var found: [Finding] = []
        collect(root, into: &found)
        return found
    }

    private static func collect(_ component: OpaquePointer, into found: inout [Finding]) {
        var property = icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY)
        while let current = property {
            if isValueError(current), let text = icalproperty_get_xlicerror(current) {
                let message = String(cString: text)
                found.append(Finding(propertyName: propertyName(in: message), message: message))
            }
            property = icalcomponent_get_next_property(component, ICAL_XLICERROR_PROPERTY)
        }
        var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let current = child {
            collect(current, into: &found)
            child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
        }
    }

    private static func isValueError(_ property: OpaquePointer) -> Bool {
        guard let parameter = icalproperty_get_first_parameter(property, ICAL_XLICERRORTYPE_PARAMETER) else { return false }
        let kind = icalparameter_get_xlicerrortype(parameter)
        return kind == ICAL_XLICERRORTYPE_VALUEPARSEERROR || kind == ICAL_XLICERRORTYPE_PARAMETERVALUEPARSEERROR
    }

    /// libical writes "Can't parse as DATE-TIME value in DTSTART property. …": the name before " property".
    private static func propertyName(in message: String) -> String {
        guard let end = message.range(of: " property"),
              let start = message.range(of: " in ", options: .backwards, range: message.startIndex..<end.lowerBound)
        else { return "" }
        return String(message[start.upperBound..<end.lowerBound]).uppercased()
    }
}
